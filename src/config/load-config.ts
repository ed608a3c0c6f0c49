import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { checkKeyVariable } from '../providers/runtime/credentials.ts'
import { settingNames, type ModelSettings as RequestSettings } from '../providers/settings/model-settings.ts'
import type { ModelEntry } from '../runner/model-entries.ts'
import type { Gate } from '../gates/gates.ts'
import { validateDocument } from '../schema/validate-document.ts'
import { importUserModule } from '../io/load-module.ts'
import { readDocument, type SourceDocument } from '../io/read-document.ts'
import { didYouMeanFile } from '../io/similar-file.ts'
import { warnIfUnredactable } from '../http/redact.ts'
import { configSchema } from './config-schema.ts'
import type { LintConfig } from '../lint/lint-config.ts'

/** File names looked for in the working directory, in this order. */
export const configFileNames = ['toolgauge.config.yaml', 'toolgauge.config.yml', 'toolgauge.config.json', 'toolgauge.config.ts'] as const

type GateValues = {
  readonly min_accuracy?: number
  readonly max_hallucinated_tool_rate?: number
  readonly max_hallucinated_param_rate?: number
  readonly max_tool_tokens?: number
}

/** A config file's content (snake_case keys, like suites). */
export type RunConfig = {
  readonly models?: readonly ConfigModel[]
  readonly suites?: readonly string[]
  readonly out?: string
  readonly concurrency?: number
  readonly repeat?: number
  readonly filter?: string
  readonly bail?: number
  readonly format?: readonly string[]
  readonly base_url?: string
  readonly api_key_env?: string
  readonly retries?: number
  readonly timeout?: number
  readonly gates?: GateValues & { readonly models?: { readonly [model: string]: GateValues } }
  readonly secrets?: readonly string[]
  readonly providers?: { readonly [spec: string]: ModelSettings }
  readonly prices?: { readonly [model: string]: unknown }
  readonly lint?: LintConfig
  readonly variants?: { readonly [name: string]: string }
}

/** A `models:` entry: a spec, or a spec (`model:` or `spec:`) with a label, request settings and the suites it answers. */
export type ConfigModel = string | (RequestSettings & { readonly model?: string; readonly spec?: string; readonly label?: string; readonly suites?: readonly string[] })

/** A `models:` entry as the runner takes it (loadConfig has checked that an object gives `model:` or `spec:`). */
export function modelEntryFromConfig(entry: ConfigModel): ModelEntry {
  if (typeof entry === 'string') return entry
  const { model, spec, label, suites, ...settings } = entry
  return { spec: (model ?? spec)!, ...(label !== undefined ? { label } : {}), ...(Object.keys(settings).length > 0 ? { settings } : {}), ...(suites !== undefined ? { suites } : {}) }
}

/** Per-model provider settings in a config file (snake_case), request settings included. */
export type ModelSettings = RequestSettings & {
  readonly base_url?: string
  readonly baseUrl?: string
  readonly api_key_env?: string
  readonly apiKeyEnv?: string
  readonly max_concurrency?: number
  readonly requests_per_minute?: number
  readonly retries?: number
  readonly timeout?: number
}

/** ProviderOptions fields for one model from its config settings. */
function providerOptionsFromSettings(settings: ModelSettings): Partial<ProviderOptions> {
  // max_tokens stays `maxTokens` (every provider reads it there); the other request settings travel as `settings`.
  const requestSettings = Object.fromEntries(settingNames.flatMap((name) => (name !== 'max_tokens' && settings[name] !== undefined ? [[name, settings[name]]] : [])))
  const baseUrl = settings.base_url ?? settings.baseUrl
  const apiKeyEnv = settings.api_key_env ?? settings.apiKeyEnv
  return {
    ...(Object.keys(requestSettings).length > 0 ? { settings: requestSettings as RequestSettings } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
    ...(settings.max_tokens !== undefined ? { maxTokens: settings.max_tokens } : {}),
    ...(settings.max_concurrency !== undefined ? { maxConcurrency: settings.max_concurrency } : {}),
    ...(settings.requests_per_minute !== undefined ? { requestsPerMinute: settings.requests_per_minute } : {}),
    ...(settings.retries !== undefined ? { retries: settings.retries } : {}),
    ...(settings.timeout !== undefined ? { timeoutMs: settings.timeout * 1000 } : {}),
  }
}

/** A loaded config: its file, its folder (what its relative paths mean), the content, and where each field is. */
export type LoadedConfig = {
  readonly file: string
  readonly folder: string
  readonly config: RunConfig
  readonly lineOf: SourceDocument['lineOf']
}

/**
 * Loads `--config <file>`, or the first toolgauge.config.{yaml,yml,json,ts} in `cwd`; undefined when there is
 * none. Paths in the file (`suites`, `out`) are resolved against the file's folder, so `--config sub/x.yaml` means
 * the same from any folder (`scripted:` models of the file too: see modelOptionsFromConfig). A `.ts` config
 * default-exports the object.
 */
export async function loadConfig(explicit: string | undefined, cwd = process.cwd()): Promise<LoadedConfig | undefined> {
  const file = explicit ? resolve(cwd, explicit) : configFileNames.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate))
  if (!file) return undefined
  if (explicit && !existsSync(file)) throw new InputError(`config file not found: ${file}${didYouMeanFile(explicit, cwd)}`, { field: '--config' })
  // Never in the user's cache: a config holds literal secrets (`secrets:`, a credential header in `extra_headers`).
  const document = file.endsWith('.ts') ? await moduleDocument(file) : readDocument(file, { cache: false })
  validateDocument(document, configSchema)
  const config = document.value as RunConfig
  checkModelSpecs(config, document)
  checkKeyVariables(config, document)
  config.secrets?.forEach((secret, index) => warnIfUnredactable(secret, `secrets[${index}] of ${file}`))
  const folder = resolve(file, '..')
  const paths = {
    ...(config.suites ? { suites: config.suites.map((suite) => resolve(folder, suite)) } : {}),
    ...(config.out !== undefined ? { out: resolve(folder, config.out) } : {}),
  }
  return { file, folder, config: { ...config, ...paths }, lineOf: document.lineOf }
}

/**
 * Per-model provider options from a config: each model's `providers:` settings, and for the models the config
 * itself lists, its folder as the place their relative paths start from (`scripted:script.yaml` next to the file).
 */
export function modelOptionsFromConfig(loaded: LoadedConfig | undefined, modelsFromConfig: boolean): { [spec: string]: Partial<ProviderOptions> } {
  if (!loaded) return {}
  const options: { [spec: string]: Partial<ProviderOptions> } = {}
  if (modelsFromConfig) for (const entry of loaded.config.models ?? []) options[typeof entry === 'string' ? entry : (entry.model ?? entry.spec)!] = { cwd: loaded.folder }
  for (const [spec, settings] of Object.entries(loaded.config.providers ?? {})) options[spec] = { ...options[spec], ...providerOptionsFromSettings(settings) }
  return options
}

/** A per-model gate must name a model of the run: a gate on a model that never runs could never fail. */
export function checkGateModels(loaded: LoadedConfig | undefined, models: readonly string[]): void {
  for (const spec of Object.keys(loaded?.config.gates?.models ?? {})) {
    if (models.includes(spec)) continue
    const path = ['gates', 'models', spec]
    throw new InputError(`a gate for "${spec}", which is not a model of this run${didYouMean(spec, models)} (models: ${models.join(', ')})`, {
      file: loaded!.file,
      line: loaded!.lineOf(path),
      field: path.join('.'),
    })
  }
}

/** Each object entry of `models:` names its model once: `model:` or `spec:` (the two are one field). */
function checkModelSpecs(config: RunConfig, document: SourceDocument): void {
  config.models?.forEach((entry, index) => {
    if (typeof entry === 'string') return
    const given = (['model', 'spec'] as const).filter((key) => entry[key] !== undefined)
    if (given.length === 1) return
    const path = ['models', index]
    const line = document.lineOf(given.length > 1 ? [...path, 'spec'] : path)
    throw new InputError(given.length > 1 ? 'give the model once: model: or spec:, not both' : 'expected the model spec: model: <spec> (or spec: <spec>)', {
      file: document.file, ...(line !== undefined ? { line } : {}), field: path.join('.'),
    })
  })
}

/** Every `api_key_env` must name a variable (the key pasted there instead is refused without being quoted). */
function checkKeyVariables(config: RunConfig, document: SourceDocument): void {
  const named: (readonly [readonly string[], string])[] = [
    ...(config.api_key_env !== undefined ? [[['api_key_env'], config.api_key_env] as const] : []),
    ...Object.entries(config.providers ?? {}).flatMap(([spec, settings]) =>
      (['api_key_env', 'apiKeyEnv'] as const).flatMap((key) => { const name = settings[key]; return name !== undefined ? [[['providers', spec, key], name] as const] : [] })),
  ]
  for (const [path, name] of named) {
    const line = document.lineOf(path)
    checkKeyVariable(name, { file: document.file, ...(line !== undefined ? { line } : {}), field: path.join('.') })
  }
}

async function moduleDocument(file: string): Promise<SourceDocument> {
  const module = await importUserModule(file, { file })
  if (module.default === undefined) throw new InputError('a .ts config must `export default` the config object', { file, field: 'default' })
  return { file, value: module.default, lineOf: () => undefined }
}

const gateTypes: Record<keyof GateValues, Gate['type']> = {
  min_accuracy: 'min-accuracy',
  max_hallucinated_tool_rate: 'max-hallucinated-tool-rate',
  max_hallucinated_param_rate: 'max-hallucinated-param-rate',
  max_tool_tokens: 'max-tool-tokens',
}

/** The gates a config declares: general ones apply to every model not overriding the same gate. */
export function gatesFromConfig(gates: RunConfig['gates']): Gate[] {
  if (!gates) return []
  const perModel = Object.entries(gates.models ?? {})
  const result: Gate[] = []
  for (const [key, type] of Object.entries(gateTypes) as [keyof GateValues, Gate['type']][]) {
    const general = gates[key]
    for (const [model, values] of perModel) {
      const threshold = values[key]
      if (threshold !== undefined) result.push({ type, threshold, model })
    }
    if (general !== undefined) {
      const overridden = perModel.filter(([, values]) => values[key] !== undefined).map(([model]) => model)
      result.push({ type, threshold: general, ...(overridden.length > 0 ? { exceptModels: overridden } : {}) })
    }
  }
  return result
}
