import type { Provider } from '../core/provider.ts'

/** Every member of Provider: tsc refuses this object when one is added, so the wrappers forward that one too. */
export const providerMembers = Object.keys({ id: 1, spec: 1, doGenerate: 1, checkCases: 1, checkRequest: 1, batch: 1 } satisfies Record<keyof Provider, 1>) as readonly (keyof Provider)[]

/** `inner` with one behaviour added: its members forwarded (methods bound to it), `overrides` over them (undefined withholds one). */
export function wrapProvider(inner: Provider, overrides: Partial<Provider>): Provider {
  const wrapper: Partial<Record<keyof Provider, unknown>> = {}
  for (const name of providerMembers) {
    const member: unknown = name in overrides ? overrides[name] : inner[name]
    if (member !== undefined) wrapper[name] = typeof member === 'function' && !(name in overrides) ? member.bind(inner) : member
  }
  return wrapper as Provider
}

/** The provider under its label (its spec kept for prices and tokenizers); unchanged without a label. */
export function labelled(provider: Provider, label: string | undefined): Provider {
  return label === undefined || label === provider.id ? provider : wrapProvider(provider, { id: label, spec: provider.spec ?? provider.id })
}
