import { closestName } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { optionNames, type OptionNames } from '../core/option-names.ts'
import { isSnapshotOf } from '../pricing/lookup.ts'
import { priceTable202611 } from '../pricing/price-table-2026-11.ts'

/** What a prefix takes after its colon: nothing (`baseline`), a model name, or a file. */
export type SpecArgument = 'none' | 'model' | 'file'

/**
 * Every model spec prefix toolgauge knows and what follows its colon. The one list: the registry's loaders, the
 * `run` and `tokens` flag checks and the help texts all derive from it (add a provider here first).
 */
export const modelSpecPrefixes = {
  baseline: 'none',
  scripted: 'file',
  openai: 'model',
  'openai-responses': 'model',
  anthropic: 'model',
  'openai-compatible': 'model',
  google: 'model',
} as const satisfies Record<string, SpecArgument>

/** A known spec prefix. */
export type ModelSpecPrefix = keyof typeof modelSpecPrefixes

/** A checked model spec: `prefix:argument` (argument '' for `baseline`). */
export type ModelSpec = { readonly spec: string; readonly prefix: ModelSpecPrefix; readonly argument: string }

/** `baseline`, `scripted:<file>`, `openai:<model>`, … for messages and usage texts. */
export function specForms(): string[] {
  return Object.entries(modelSpecPrefixes).map(([prefix, argument]) => (argument === 'none' ? prefix : `${prefix}:<${argument}>`))
}

// A bare model name whose family says its provider (`gpt-4.1-mini` is `openai:gpt-4.1-mini`): the newcomer's slip.
const bareModelFamilies: ReadonlyArray<readonly [RegExp, ModelSpecPrefix]> = [
  [/^(gpt-|chatgpt-|o\d(-|$))/i, 'openai'],
  [/^claude-/i, 'anthropic'],
  [/^gemini-/i, 'google'],
]

// The family's dash left out too (`gpt4o`, `claude3`): mended only before a digit, so `gptx` stays no family.
const dashlessFamily = /^(gpt|claude|gemini)(?=\d)/i

// The price table's names Anthropic serves by snapshot only: Claude 3.x (`claude-3-5-haiku-latest`,
// `claude-3-haiku-20240307`) and the first Claude 4 (`claude-sonnet-4-20250514`, alias `claude-sonnet-4-0`). Such an
// id is offered as `claude-3-5-haiku-…`, never bare.
const snapshotOnly = /^claude-(\d|opus-4$|sonnet-4$)/

/**
 * What a bare model name most likely meant, from the ids the price table knows: the one spec when the name (dash
 * mended: `gpt4o` → `openai:gpt-4o`) is a known id or its snapshot, else a few real ids of its family (`claude3` →
 * `anthropic:claude-3-7-sonnet-…`, …) rather than an invented `anthropic:claude-3`. Undefined for no family.
 */
function bareModelSpec(name: string): string | { readonly examples: readonly string[]; readonly stem: boolean } | undefined {
  const dashed = name.replace(dashlessFamily, '$1-').toLowerCase()
  const prefix = familyPrefix(dashed)
  if (prefix === undefined) return undefined
  const known = Object.keys(priceTable202611.models).filter((id) => familyPrefix(id) === prefix)
  if (known.some((key) => isSnapshotOf(dashed, key) && !(dashed === key && snapshotOnly.test(key)))) return `${prefix}:${dashed}`
  const members = known.filter((key) => key === dashed || key.startsWith(`${dashed}-`) || key.startsWith(`${dashed}.`))
  const shown = (members.length > 0 ? members : known).slice(0, 3).map((key) => `${prefix}:${key}${snapshotOnly.test(key) ? '-…' : ''}`)
  if (members.length === 1 && !snapshotOnly.test(members[0]!)) return shown[0]!
  return { examples: shown, stem: members.length > 0 }
}

const familyPrefix = (model: string): ModelSpecPrefix | undefined => bareModelFamilies.find(([pattern]) => pattern.test(model))?.[1]
const isPrefix = (name: string): name is ModelSpecPrefix => Object.hasOwn(modelSpecPrefixes, name)

// One kind of slip an unknown spec may be: what its message adds, else undefined (`argument` undefined: no colon).
type Slip = (prefix: string, argument: string | undefined, names: OptionNames) => string | undefined
const meant = (spec: string): string => ` (did you mean "${spec}"?)`
const needsPrefix = ': a model name needs its provider prefix'

// A bare name of a known family: the spec it meant, else a few real ids (`claude-3` lacks its whole name too).
const bareModel: Slip = (name, argument) => {
  const bare = argument === undefined ? bareModelSpec(name) : undefined
  if (typeof bare !== 'object') return bare === undefined ? undefined : meant(bare)
  return `${needsPrefix}${bare.stem ? ' and its whole name' : ''}, such as ${bare.examples.map((id) => `"${id}"`).join(', ')}`
}

// A misspelt prefix, with the model given, mended too where that family knows it: `opnai:gpt4o` → `openai:gpt-4o`.
const misspeltPrefix: Slip = (prefix, argument) => {
  const closest = closestName(prefix, Object.keys(modelSpecPrefixes))
  if (closest === undefined) return undefined
  if (argument === undefined) return meant(closest)
  const model = bareModelSpec(argument)
  return meant(typeof model === 'string' && model.startsWith(`${closest}:`) ? model : `${closest}:${argument}`)
}

// No close prefix but a model after it (`ollama:qwen3:8b`): most likely a host's name, reached as openai-compatible.
const hostName: Slip = (_prefix, argument, names) =>
  argument ? ` (a Chat Completions server's model, such as Ollama's or Groq's, is "openai-compatible:${argument}" with ${names.runWide.baseUrl} <its /v1 URL>)` : undefined

// A bare name of no family (`llama3.1`).
const noPrefix: Slip = (_prefix, argument) => (argument === undefined ? needsPrefix : undefined)

/**
 * Checks one model spec: a known prefix (else "did you mean"), an argument where the prefix takes one and none
 * where it takes none (`baseline:foo`). Throws an InputError naming `field`, in the words of `names` (the library's
 * unless the CLI gives its own).
 */
export function parseModelSpec(spec: string, names: OptionNames = optionNames(undefined), field = names.model): ModelSpec {
  const colon = spec.indexOf(':')
  const prefix = colon === -1 ? spec : spec.slice(0, colon)
  const argument = colon === -1 ? undefined : spec.slice(colon + 1)
  if (!isPrefix(prefix)) {
    const hint = [bareModel, misspeltPrefix, hostName, noPrefix].reduce<string | undefined>((found, slip) => found ?? slip(prefix, argument, names), undefined) ?? ''
    throw new InputError(`unknown model spec "${spec}"${hint}; expected one of ${specForms().join(', ')}`, { field })
  }
  const takes = modelSpecPrefixes[prefix]
  if (takes === 'none' && argument !== undefined) throw new InputError(`model spec "${spec}": ${prefix} takes no argument (write "${prefix}")`, { field })
  if (takes !== 'none' && !argument?.trim()) throw new InputError(`model spec "${spec}" names no ${takes} (expected ${prefix}:<${takes}>)`, { field })
  return { spec, prefix, argument: argument ?? '' }
}
