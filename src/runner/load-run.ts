import picomatch from 'picomatch'
import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { discoverSuiteFiles } from '../suite/discover.ts'
import { loadSuite } from '../suite/load-suite.ts'
import type { McpServers } from '../mcp/mcp-servers.ts'
import { inShard, type Shard } from './shard.ts'

/**
 * Loads every suite file under the paths, one at a time (so the first bad file reported is the first in order);
 * MCP servers the suites name start in `servers`, which the caller closes.
 */
export async function loadSuites(paths: readonly string[], servers?: McpServers): Promise<Suite[]> {
  const suites: Suite[] = []
  for (const file of discoverSuiteFiles(paths)) suites.push(await loadSuite(file, servers ? { mcp: servers } : {}))
  const names = new Map<string, string>()
  for (const suite of suites) {
    const other = names.get(suite.name)
    if (other) throw new InputError(`suite name "${suite.name}" is also used by ${other}; suite names must be unique in a run`, { file: suite.file, field: 'name' })
    names.set(suite.name, suite.file)
  }
  return suites
}

/** The cases a run selects: `--filter` glob on ids or `suite/case`, then the shard. */
export function selectCases(suites: readonly Suite[], options: { readonly filter?: string; readonly shard?: Shard }): Case[] {
  const matches = options.filter ? picomatch(options.filter) : undefined
  const cases = suites.flatMap((suite) => suite.cases)
    .filter((testCase) => !matches || matches(testCase.id) || matches(`${testCase.suite}/${testCase.id}`))
    .filter((testCase) => inShard(testCase.suite, testCase.id, options.shard))
  if (cases.length === 0 && options.filter) throw new InputError(`no case id matches "${options.filter}"`, { field: '--filter' })
  return cases
}

/** The secret values a run knows: configured secrets and the API keys its providers read from the environment. */
export function secretValues(options: readonly ProviderOptions[]): string[] {
  const names = new Set(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', ...options.flatMap((option) => (option.apiKeyEnv ? [option.apiKeyEnv] : []))])
  const fromEnv = [...names].map((name) => process.env[name]).filter((value): value is string => typeof value === 'string' && value.length > 0)
  return [...new Set([...fromEnv, ...options.flatMap((option) => option.secrets ?? [])])]
}
