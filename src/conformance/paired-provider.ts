import type { GenerateRequest, Provider } from '../core/provider.ts'
import { withCounterpart } from './stream-equivalence.ts'
import { isSelfBounded, markSelfBounded } from '../providers/self-bounded.ts'

/** The probe whose requests are made in both modes. */
const pairedProbe = 'stream_equivalence'

/**
 * The provider a conformance row runs with: the model in its own mode, and, for `stream_equivalence` requests only,
 * the same request made once more in the other mode, whose answer is kept on the turn for the check. A failure of
 * either request fails the turn (the case is then errored, as any provider failure). `checkRequest` is left out on
 * purpose: a host refusing a probe's request is what the probe reports, not bad input that stops the run.
 */
export function conformanceProvider(own: Provider, other: Provider | undefined, ownStreams: boolean): Provider {
  const paired: Provider = {
    id: own.id,
    ...(own.spec !== undefined ? { spec: own.spec } : {}),
    async doGenerate(request: GenerateRequest, signal?: AbortSignal) {
      const turn = await own.doGenerate(request, signal)
      if (!other || request.context.caseId !== pairedProbe) return turn
      return withCounterpart(turn, await other.doGenerate(request, signal), !ownStreams)
    },
    ...(own.checkCases ? { checkCases: own.checkCases.bind(own) } : {}),
  }
  // Two requests of toolgauge's own providers, each ending by itself: the run must not bound the pair's turn.
  return isSelfBounded(own) && (!other || isSelfBounded(other)) ? markSelfBounded(paired) : paired
}
