import { InputError } from '../../core/errors.ts'
import { settingNames, type ModelSettings } from './model-settings.ts'

/** The wire protocols settings are mapped to; `offline` is the baseline and scripted models (no settings at all). */
export type SettingsProtocol = 'chat' | 'responses' | 'anthropic' | 'gemini' | 'offline'

/** Which settings each protocol has (the mapping itself lives with each protocol's request builder). */
const supported: { readonly [P in SettingsProtocol]: readonly (keyof ModelSettings)[] } = {
  chat: ['temperature', 'top_p', 'seed', 'max_tokens', 'reasoning_effort', 'verbosity', 'stream', 'cache_tools', 'batch', 'extra_body', 'extra_headers'],
  responses: ['temperature', 'top_p', 'max_tokens', 'reasoning', 'verbosity', 'store', 'stream', 'cache_tools', 'batch', 'extra_body', 'extra_headers'],
  anthropic: ['temperature', 'top_p', 'max_tokens', 'thinking', 'stream', 'cache_tools', 'batch', 'extra_body', 'extra_headers'],
  gemini: ['temperature', 'top_p', 'seed', 'max_tokens', 'thinking_config', 'stream', 'cache_tools', 'batch', 'extra_body', 'extra_headers'],
  offline: [],
}

/** What to use instead, when another protocol names the same idea differently. */
const hints: Partial<Record<keyof ModelSettings, string>> = {
  reasoning_effort: 'Responses takes reasoning: { effort }, Anthropic thinking, Gemini thinking_config',
  reasoning: 'Chat Completions takes reasoning_effort',
  thinking: 'OpenAI takes reasoning_effort / reasoning, Gemini thinking_config',
  thinking_config: 'Anthropic takes thinking, OpenAI reasoning_effort / reasoning',
  seed: 'this API has no seed',
  store: 'only openai-responses chains stored responses',
  cache_tools: 'baseline and scripted models send no request to cache (--cache-tools leaves them alone)',
  stream: 'baseline and scripted models answer without HTTP: there is nothing to stream (--stream leaves them alone)',
  batch: 'baseline and scripted models answer without HTTP: there is nothing to batch (--batch leaves them alone)',
}

/**
 * Throws a usage error (exit 2) for the first setting the protocol does not have, naming the model and where the
 * setting came from — a setting silently dropped would make a comparison of two settings meaningless.
 */
export function checkSettings(protocol: SettingsProtocol, settings: ModelSettings | undefined, spec: string): void {
  for (const name of Object.keys(settings ?? {}) as (keyof ModelSettings)[]) {
    if ((settings as Record<string, unknown>)[name] === undefined) continue
    if (!(settingNames as readonly string[]).includes(name)) {
      throw new InputError(`unknown model setting "${name}" for ${spec}; known: ${settingNames.join(', ')}`, { field: name })
    }
    if (!supported[protocol].includes(name)) {
      const has = supported[protocol]
      const hint = hints[name] ? ` (${hints[name]})` : ''
      throw new InputError(
        `${spec} has no setting "${name}"${hint}; ${has.length > 0 ? `its protocol takes ${has.join(', ')}` : 'it takes no settings'}`,
        { field: name },
      )
    }
  }
}
