import { ProviderError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { withCounterpart } from './stream-equivalence.ts'
import { isSelfBounded, markSelfBounded } from '../providers/self-bounded.ts'
import { wrapProvider } from '../providers/wrap-provider.ts'

/** How the message of a probe request not sent begins (the API refuses it under the settings): probe-results words it so. */
export const notSentPrefix = 'not sent: '

/** The probe whose requests are made in both modes. */
const pairedProbe = 'stream_equivalence'

/**
 * The provider a conformance row runs with: the model in its own mode, and, for `stream_equivalence` requests only,
 * the same request made once more in the other mode, whose answer is kept on the turn for the check. A failure of
 * either request fails the turn (the case is then errored, as any provider failure). `checkRequest` is asked here, not
 * by the run: a probe the API would refuse (Anthropic thinking, a forced tool_choice) is errored unsent, not bad input.
 */
export function conformanceProvider(own: Provider, other: Provider | undefined, ownStreams: boolean): Provider {
  const paired = wrapProvider(own, {
    checkRequest: undefined,
    async doGenerate(request, signal) {
      const problem = own.checkRequest?.(request)
      if (problem) throw new ProviderError(`${notSentPrefix}this probe ${problem.message}`)
      const turn = await own.doGenerate(request, signal)
      if (!other || request.context.caseId !== pairedProbe) return turn
      return withCounterpart(turn, await other.doGenerate(request, signal), !ownStreams)
    },
  })
  // Two requests of toolgauge's own providers, each ending by itself: the run must not bound the pair's turn.
  return isSelfBounded(own) && (!other || isSelfBounded(other)) ? markSelfBounded(paired) : paired
}
