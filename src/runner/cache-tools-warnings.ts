import type { Case } from '../core/case.ts'
import { cacheablePrefixTokens, cacheThreshold, cacheToolsWarning, systemPrefix } from '../tokens/cache-threshold.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** A model of the run as the warnings see it: its name in the run, its spec, and whether it caches tool definitions. */
export type CacheToolsModel = { readonly id: string; readonly spec: string; readonly cachesTools: boolean }

/**
 * One warning per suite × model that runs with `--cache-tools` / `cache_tools: true` although no request of that
 * suite has a cacheable prefix (tool definitions + system prompt) reaching the model's caching threshold — the flag
 * then caches nothing (Anthropic), or nothing OpenAI or Gemini would not cache anyway. Given before the first request; the
 * prefix is counted once per model, tool set, system prompt and tool choice, its largest over the suite's cases.
 */
export async function cacheToolsWarnings(
  cases: AsyncIterable<Case> | Iterable<Case>,
  models: readonly CacheToolsModel[],
  answers: (modelIndex: number, suite: string) => boolean,
  toolSetId: (tools: Case['tools']) => string,
): Promise<string[]> {
  const checked = [...models.entries()].filter(([, model]) => model.cachesTools && cacheThreshold(model.spec) !== undefined)
  if (checked.length === 0) return []
  const counts = new Map<string, Promise<number>>()
  // suite → model index → the largest prefix, and whether a system prompt was part of it.
  const largest = new Map<string, Map<number, { tokens: number; withSystem: boolean }>>()
  for await (const testCase of cases) {
    const system = systemPrefix(testCase.messages)
    const bySuite = getOrCreate(largest, testCase.suite, () => new Map())
    for (const [index, model] of checked) {
      if (!answers(index, testCase.suite)) continue
      const key = JSON.stringify([model.spec, toolSetId(testCase.tools), system, testCase.toolChoice])
      const count = getOrCreate(counts, key, () => cacheablePrefixTokens(model.spec, testCase.tools, system, testCase.toolChoice))
      const tokens = await count
      const seen = bySuite.get(index)
      if (!seen || tokens > seen.tokens) bySuite.set(index, { tokens, withSystem: system.length > 0 })
    }
  }
  const warnings: string[] = []
  for (const [suite, bySuite] of largest) {
    for (const [index, { tokens, withSystem }] of bySuite) {
      const model = models[index]!
      const warning = cacheToolsWarning(`suite ${suite}`, model.id, model.spec, tokens, withSystem)
      if (warning) warnings.push(warning)
    }
  }
  return warnings
}

