import picomatch from 'picomatch'
import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import { optionNames } from '../core/option-names.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { apiKeyFromEnv } from '../providers/runtime/credentials.ts'
import { settingsCredentials } from '../providers/settings/settings-credentials.ts'
import { discoverSuiteFiles } from '../suite/discover.ts'
import { loadSuite, type StreamedSuite } from '../suite/load-suite.ts'
import type { McpServers } from '../mcp/mcp-servers.ts'
import { inShard, type Shard } from './shard.ts'

/**
 * Loads every suite file under the paths for a run, one at a time (so the first bad file reported is the first in
 * order), its cases to be read one at a time. MCP servers the suites name start in `servers`, which the caller closes.
 * `names`: the run's provider options, whose surface (option-names.ts) a suite's errors word options in.
 */
export async function loadRunSuites(paths: readonly string[], servers: McpServers, names?: Pick<ProviderOptions, 'optionNames'>): Promise<StreamedSuite[]> {
  const suites: StreamedSuite[] = []
  for (const file of discoverSuiteFiles(paths)) suites.push(await loadSuite(file, { mcp: servers, streamCases: true, ...(names?.optionNames ? { optionNames: names.optionNames } : {}) }))
  checkUniqueSuiteNames(suites)
  return suites
}

function checkUniqueSuiteNames(suites: readonly Pick<Suite, 'name' | 'file'>[]): void {
  const names = new Map<string, string>()
  for (const suite of suites) {
    const other = names.get(suite.name)
    if (other) throw new InputError(`suite name "${suite.name}" is also used by ${other}; suite names must be unique in a run`, { file: suite.file, field: 'name' })
    names.set(suite.name, suite.file)
  }
}

/**
 * The case selection of a run: `--filter` glob on ids or `suite/case`, then the shard; `providerOptions` says whose
 * names an error gives the filter (core/option-names.ts).
 */
export type CaseSelection = { readonly filter?: string; readonly shard?: Shard; readonly providerOptions?: Pick<ProviderOptions, 'optionNames'> }

/** Whether a case is selected: `--filter` glob on ids or `suite/case`, then the shard. */
export function caseSelector(options: CaseSelection): (testCase: Pick<Case, 'suite' | 'id'>) => boolean {
  const matches = options.filter ? picomatch(options.filter) : undefined
  return (testCase) => (!matches || matches(testCase.id) || matches(`${testCase.suite}/${testCase.id}`)) && inShard(testCase.suite, testCase.id, options.shard)
}

/** The error of a selection that matched nothing: only a `--filter` that matches no case is one. */
export function checkSelected(count: number, options: CaseSelection): void {
  if (count === 0 && options.filter) throw new InputError(`no case id matches "${options.filter}"`, { field: optionNames(options.providerOptions).filter })
}

/**
 * The secret values of a whole run, known before its first provider is built: those of every option it was given (the
 * models', the run-wide ones and each spec's own — a simulated user's or a judge's `api_key_env`): the configured
 * secrets, the API keys its providers read from the environment (as sent) and the credential headers their settings add
 * (`extra_headers`); and the expanded `${VAR}` values of its MCP servers.
 */
export function runSecrets(options: readonly ProviderOptions[], serverSecrets: readonly string[]): string[] {
  const names = new Set(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', ...options.flatMap((option) => (option.apiKeyEnv ? [option.apiKeyEnv] : []))])
  // Trimmed as the providers send them (runtime/credentials.ts): an untrimmed value would match no echo of the key.
  const fromEnv = [...names].map(apiKeyFromEnv).filter((value): value is string => value !== undefined)
  return [...new Set([...fromEnv, ...options.flatMap((option) => settingsCredentials(option.settings)), ...options.flatMap((option) => option.secrets ?? []), ...serverSecrets])]
}
