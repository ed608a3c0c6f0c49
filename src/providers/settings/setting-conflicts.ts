import { InputError } from '../../core/errors.ts'
import type { ModelSettings } from './model-settings.ts'
import type { SettingsProtocol } from './protocol-settings.ts'

/**
 * Settings a protocol has, each valid alone, that its API refuses together: an InputError (exit 2) naming the setting
 * when the provider is built, before any request — not a 400 on every case, reported as provider_error at the end.
 * Anthropic counts thinking tokens inside `max_tokens`, so a cap not above `thinking.budget_tokens` is refused (left
 * unset, the adapter picks one above the budget).
 */
export function checkSettingConflicts(protocol: SettingsProtocol, settings: ModelSettings | undefined, maxTokens: number | undefined, spec: string): void {
  const thinking = settings?.thinking
  if (protocol === 'anthropic' && thinking?.type === 'enabled' && maxTokens !== undefined && maxTokens <= thinking.budget_tokens) {
    throw new InputError(
      `${spec}: max_tokens ${maxTokens} is not above thinking.budget_tokens ${thinking.budget_tokens}, which Anthropic refuses (thinking counts in max_tokens); raise max_tokens, lower the budget, or leave max_tokens unset`,
      { field: 'max_tokens' },
    )
  }
}
