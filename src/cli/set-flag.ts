import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { modelSettingsSchema, settingNames, type ModelSettings } from '../providers/settings/model-settings.ts'
import { validateAgainst } from '../schema/ajv.ts'
import { yamlModule } from '../io/lazy-require.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { nthFlag } from './flags.ts'

/**
 * `--set key=value` (repeatable) → request settings for every model of the run. The value is read as YAML, so
 * `temperature=0`, `store=true`, `thinking={type: enabled, budget_tokens: 2048}` all work; a dotted key sets one
 * field of an object setting (`reasoning.effort=high`, `extra_headers.anthropic-beta=…`). Each setting is checked
 * against its schema here and against the model's protocol when the provider is built.
 */
export function parseSetFlags(values: readonly string[] | undefined): ModelSettings | undefined {
  if (!values || values.length === 0) return undefined
  const settings: Record<string, unknown> = {}
  for (const [index, raw] of values.entries()) {
    const equals = raw.indexOf('=')
    // Not quoted: `--set "Authorization: Bearer sk-…"` (a header taken for a setting) is the slip that gets here.
    if (equals <= 0) throw new InputError(`expected key=value, got a value with no "=" ${equals === 0 ? 'after a name' : 'in it'} (${nthFlag(index, '--set')}; not shown, as it may hold a credential)`, { field: '--set' })
    const [name, ...path] = raw.slice(0, equals).trim().split('.')
    const value = readValue(raw.slice(equals + 1))
    if (!(settingNames as readonly string[]).includes(name!)) {
      throw new InputError(`unknown setting "${name}"${didYouMean(name!, settingNames)}; known: ${settingNames.join(', ')}`, { field: '--set' })
    }
    settings[name!] = path.length === 0 ? value : setPath(settings[name!], path, value)
  }
  for (const [name, value] of Object.entries(settings)) {
    const [error] = validateAgainst(modelSettingsSchema[name as keyof ModelSettings], value)
    // A header's or a body field's value may be a credential (a proxy token): not quoted.
    const got = name === 'extra_headers' || name === 'extra_body' ? 'its value not shown, as it may hold a credential' : `got ${JSON.stringify(value)}`
    if (error) throw new InputError(`${name}${error.instancePath.replace(/\//g, '.')}: ${error.message ?? 'invalid'} (${got})`, { field: '--set' })
  }
  return settings as ModelSettings
}

function readValue(text: string): unknown {
  try {
    return yamlModule().parse(text) as unknown
  } catch {
    return text
  }
}

function setPath(target: unknown, path: readonly string[], value: unknown): Record<string, unknown> {
  const object = isPlainObject(target) ? { ...target } : {}
  const [head, ...rest] = path
  object[head!] = rest.length === 0 ? value : setPath(object[head!], rest, value)
  return object
}
