import { dirname } from 'node:path'
import type { Case } from '../core/case.ts'
import type { CaseRef, Provider } from '../core/provider.ts'
import { simulatedUserSource } from '../loop/simulated-user.ts'
import type { UserSource } from '../loop/user-messages.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'

/** What the simulators of a run are built with: the run's provider options and the config's per-spec ones. */
export type SimulatorOptions = {
  /** The run's options: only the transport (retries, timeouts, cassettes, secrets, fetch) reaches a simulator. */
  readonly providerOptions?: ProviderOptions
  /** Per-spec options (config `providers:`), over the transport ones: a simulator's own base URL and key variable. */
  readonly modelOptions?: { readonly [spec: string]: Partial<ProviderOptions> }
  /** Providers built by the caller, by id: a simulator spec naming one uses it (tests, library users). */
  readonly providers?: readonly Provider[]
}

/**
 * The simulated users of a run (`user: { model }` of its cases): one provider per simulator spec and suite
 * folder — a `scripted:` path is read against the suite file's folder, like every path a suite writes —, built
 * and checked before the first model call, then shared by every case, model and repeat that uses it.
 */
export class Simulators {
  private readonly built = new Map<string, Provider>()
  private readonly casesOf = new Map<string, CaseRef[]>()
  private readonly optionsUsed: ProviderOptions[] = []

  constructor(private readonly options: SimulatorOptions = {}) {}

  /**
   * Builds the simulator of each simulated-user case and runs its `checkCases` on the cases it plays (a scripted
   * simulator without a script for one of them is bad input, exit 2). Returns the providers' warnings.
   */
  async prepare(cases: Iterable<Case> | AsyncIterable<Case>, repeats: number): Promise<string[]> {
    for await (const testCase of cases) {
      if (!testCase.user) continue
      const key = keyOf(testCase)
      if (!this.built.has(key)) this.built.set(key, await this.create(testCase))
      const refs = this.casesOf.get(key) ?? []
      refs.push({ suite: testCase.suite, id: testCase.id })
      this.casesOf.set(key, refs)
    }
    const warnings: string[] = []
    for (const [key, refs] of this.casesOf) {
      for (const warning of this.built.get(key)?.checkCases?.(refs, { repeats, allCases: refs }) ?? []) warnings.push(warning)
    }
    return warnings
  }

  /** The user source of one case × repeat: its simulated user, or undefined for a case without `user:`. */
  sourceFor(testCase: Case, repeat: number): UserSource | undefined {
    if (!testCase.user) return undefined
    const simulator = this.built.get(keyOf(testCase))
    // A case the run did not prepare (a library caller's own case list): the driver ends it as simulator_error.
    if (!simulator) return undefined
    return simulatedUserSource(testCase.user, simulator, { suite: testCase.suite, caseId: testCase.id, repeat })
  }

  private create(testCase: Case): Promise<Provider> {
    const spec = (testCase.user as NonNullable<Case['user']>).model
    const given = this.options.providers?.find((provider) => provider.id === spec)
    if (given) return Promise.resolve(given)
    // The model under test's server, key and settings are not the simulator's: only the transport carries over.
    const { baseUrl: _baseUrl, apiKeyEnv: _apiKeyEnv, settings: _settings, label: _label, onRetry: _onRetry, ...transport } = this.options.providerOptions ?? {}
    const options: ProviderOptions = { ...transport, ...this.options.modelOptions?.[spec], cwd: dirname(testCase.file) }
    this.optionsUsed.push(options)
    return createProvider(spec, options)
  }

  /** The options the simulators were built with (after `prepare`): their key variables are secrets of the run too. */
  providerOptions(): readonly ProviderOptions[] {
    return this.optionsUsed
  }
}

/** Simulators are shared per spec and suite folder (a relative `scripted:` path means a file next to the suite). */
function keyOf(testCase: Case): string {
  return `${dirname(testCase.file)}\u0000${testCase.user?.model ?? ''}`
}
