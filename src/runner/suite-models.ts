import { dirname } from 'node:path'
import type { Case } from '../core/case.ts'
import { ModelSetupError } from '../core/errors.ts'
import { caseKey } from '../core/case-key.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import type { CaseRef, Provider } from '../core/provider.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import type { ModelSettings } from '../providers/settings/model-settings.ts'
import { withoutBatch } from './batch-schedule.ts'
import { boundedTurns } from './bounded-turns.ts'
import { caseRefOf, caseWarnings } from './provider-checks.ts'
import { modelSettingsOf } from './run-header.ts'
import type { RunOptions } from './run-options.ts'

/**
 * What the models a suite brings are built with: of the run's `providerOptions` only the transport (retries, timeouts,
 * cassettes, secrets, fetch), then the spec's own `modelOptions` (its base URL and key variable); a spec naming one of
 * the caller's `providers` (by id) uses it.
 */
export type SuiteModelOptions = Pick<RunOptions, 'providerOptions' | 'modelOptions' | 'providers'>

/**
 * What a run's simulated users and judges are built with (`toolgauge run`, `runCase`, `describeSuite`): the run's
 * options carrying every secret of the run — their HTTP layer writes cassettes and error messages too, and a
 * conversation holding an MCP server's value reaches a simulated user's and a judge's request — never in batch mode
 * (they answer from inside a task, one request at a time); the per-spec options; the caller's providers.
 */
export function suiteModelOptions(run: SuiteModelOptions, secrets: readonly string[]): SuiteModelOptions {
  return {
    providerOptions: { ...withoutBatch(run.providerOptions ?? {}), secrets },
    ...(run.modelOptions ? { modelOptions: Object.fromEntries(Object.entries(run.modelOptions).map(([spec, own]) => [spec, withoutBatch(own)])) } : {}),
    ...(run.providers ? { providers: run.providers } : {}),
  }
}

/**
 * The models a run's suites bring besides the models under test — simulated users (`user: { model }`) and judges
 * (`final.judge: { model }`): one provider per spec and suite folder (a `scripted:` path is read against the suite
 * file's folder, like every path a suite writes), built and checked before the first model call, then shared by
 * every case, model and repeat that uses it.
 */
export class SuiteModels {
  private readonly built = new Map<string, Provider>()
  /** Per model: the cases it takes part in, once each (a case's variants are one case to it), in the order seen. */
  private readonly casesOf = new Map<string, Map<string, CaseRef>>()

  /**
   * `specsOf`: the specs of the suite models a case uses (none for most cases); `field`: where a suite writes them
   * (`user.model`), for a missing key's message.
   */
  constructor(private readonly options: SuiteModelOptions, private readonly specsOf: (testCase: Case) => readonly string[], private readonly field = 'model') {}

  /** Builds the models the cases use (`add`), then checks them (`check`); returns the providers' warnings. */
  async prepare(cases: Iterable<Case> | AsyncIterable<Case>, repeats: number, allCases?: AllCases): Promise<string[]> {
    for await (const testCase of cases) await this.add(testCase)
    return this.check(repeats, allCases)
  }

  /** Builds the models one case uses (once per spec and suite folder), noting the case for `check`. */
  async add(testCase: Case): Promise<void> {
    for (const spec of this.specsOf(testCase)) {
      const key = keyOf(testCase, spec)
      if (!this.built.has(key)) this.built.set(key, await this.create(testCase, spec))
      getOrCreate(this.casesOf, key, () => new Map<string, CaseRef>()).set(caseKey({ suite: testCase.suite, case: testCase.id }), caseRefOf(testCase))
    }
  }

  /**
   * Runs each built model's `checkCases` on the cases it takes part in (a `scripted:` model without a script for one
   * of them is bad input, exit 2), knowing every case of the suites, as the models under test are told: a script key
   * for a case --filter or --shard left out is no slip (read once, and only for a model that checks). Returns the
   * providers' warnings.
   */
  async check(repeats: number, allCases?: AllCases): Promise<string[]> {
    const warnings: string[] = []
    let known: readonly CaseRef[] | undefined
    for (const [key, seen] of this.casesOf) {
      const provider = this.built.get(key)
      if (!provider?.checkCases) continue
      const refs = [...seen.values()]
      known ??= await allCases?.()
      for (const warning of caseWarnings(provider, refs, { repeats, allCases: known ?? refs })) warnings.push(warning)
    }
    return warnings
  }

  /**
   * The request settings of the models built, by spec (run-header.ts `modelSettingsOf`): report.json's
   * `run.suiteModelSettings`, as they decide the verdicts they give — their own, none of the tested model's.
   */
  settings(): { [spec: string]: ModelSettings } {
    const specs = [...new Set([...this.built.keys()].map((key) => key.slice(key.indexOf('\u0000') + 1)))]
    return modelSettingsOf(specs, specs.map((spec) => this.optionsOf(spec)), this.options.providerOptions?.secrets ?? [])
  }

  /** The model `spec` of the case's suite folder; undefined when `prepare` did not see the case. */
  protected providerFor(testCase: Case, spec: string): Provider | undefined {
    return this.built.get(keyOf(testCase, spec))
  }

  private create(testCase: Case, spec: string): Promise<Provider> {
    const given = this.options.providers?.find((provider) => provider.id === spec)
    // A caller's own provider has no HTTP timeout: its turns are bounded by the spec's timeoutMs (bounded-turns.ts).
    if (given) return Promise.resolve(boundedTurns(given, this.options.modelOptions?.[spec]?.timeoutMs ?? this.options.providerOptions?.timeoutMs))
    return createProvider(spec, { ...this.optionsOf(spec), cwd: dirname(testCase.file) }).catch((error: unknown) => {
      // The suite wrote this model, not a --model flag: its file and field say where.
      if (!(error instanceof ModelSetupError)) throw error
      throw error.from({ file: testCase.file, field: `${this.field} of case "${testCase.id}"` })
    })
  }

  /**
   * What `spec` is built with: the model under test's server, key and settings are not its own — `maxTokens` is its
   * `max_tokens` setting: a cap of 64 would cut a judge's verdict —, only the transport carries over.
   */
  private optionsOf(spec: string): ProviderOptions {
    const { baseUrl: _baseUrl, apiKeyEnv: _apiKeyEnv, settings: _settings, maxTokens: _maxTokens, label: _label, onRetry: _onRetry, ...transport } = this.options.providerOptions ?? {}
    return { ...transport, ...this.options.modelOptions?.[spec] }
  }
}

/** `run.suiteModelSettings` of a run's simulated users and judges (a spec that is both is one entry, its settings one). */
export function suiteModelSettings(...sets: readonly SuiteModels[]): { [spec: string]: ModelSettings } {
  const settings: { [spec: string]: ModelSettings } = {}
  for (const set of sets) Object.assign(settings, set.settings())
  return settings
}

/** Every case of the suites (`CasePlan.allCases`), read only when a model checks its cases; default: the cases it takes part in. */
type AllCases = () => readonly CaseRef[] | Promise<readonly CaseRef[]>

/** Suite models are shared per spec and suite folder (a relative `scripted:` path means a file next to the suite). */
function keyOf(testCase: Case, spec: string): string {
  return `${dirname(testCase.file)}\u0000${spec}`
}
