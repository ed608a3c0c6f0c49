import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { batches, cachesTools } from '../providers/runtime/http-for-provider.ts'
import { cacheToolsWarnings } from './cache-tools-warnings.ts'

/** A model under test as the warnings on its settings see it: its provider, its spec, the options it was built with. */
export type BuiltModel = { readonly provider: Provider; readonly spec: string; readonly options: ProviderOptions }

/**
 * What is said of the models' settings before the first call, by `toolgauge run` (run-evaluation.ts) and by runCase
 * and describeSuite (run-one-case.ts `prepareCases`) alike: a model asked to batch that has no batch API (baseline,
 * scripted, openai-compatible: it runs as usual), and `--cache-tools` for a suite whose cacheable prefix is below the
 * model's caching threshold (cache-tools-warnings.ts). `answers` says whether a model runs a suite's cases.
 */
export async function setupWarnings(cases: AsyncIterable<Case> | Iterable<Case>, models: readonly BuiltModel[], answers: (modelIndex: number, suite: string) => boolean, toolSetId: (tools: Case['tools']) => string): Promise<string[]> {
  const unbatched = models.flatMap(({ provider, options }) =>
    batches(options) && provider.batch === undefined ? [`${provider.id} has no batch API: its requests are sent one by one, at the standard price (--batch / batch: true)`] : [])
  const cacheModels = models.map(({ provider, spec, options }) => ({ id: provider.id, spec, cachesTools: cachesTools(options) }))
  return [...unbatched, ...(await cacheToolsWarnings(cases, cacheModels, answers, toolSetId))]
}
