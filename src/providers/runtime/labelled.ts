import type { Provider } from '../../core/provider.ts'

/** The provider under its label (its spec kept for prices and tokenizers); unchanged without a label. */
export function labelled(provider: Provider, label: string | undefined): Provider {
  if (label === undefined || label === provider.id) return provider
  return { ...provider, id: label, spec: provider.spec ?? provider.id }
}
