import { planCalls } from '../../../src/providers/baseline/plan.ts'
import type { Behaviour } from './behaviour.ts'

/**
 * The `baseline` model (src/providers/baseline.ts) played behind a wire protocol: it plans the latest user
 * message's calls from the tool definitions the request carried (BM25, as the baseline does), makes them — all at
 * once, or one per turn with parallel calls off — and then answers with what the tools returned. A stand-in with
 * this behaviour runs the bundled suites (`suites/`) about as `--model baseline` does, so a bench can send them
 * through each protocol and read real request counts and token bills. It sees only the latest turn's results, so
 * after several one-at-a-time calls its answer quotes the last result alone.
 */
export const baselineModel: Behaviour = (conversation) => {
  const prompt = conversation.latestPrompt ?? conversation.prompt
  const plan = planCalls(prompt, conversation.tools ?? [], conversation.toolChoice ?? 'auto')
  const made = conversation.callsSinceLatestPrompt ?? 0
  const oneAtATime = conversation.parallel === false
  const pending = plan.slice(made, oneAtATime ? made + 1 : undefined)
  if (pending.length > 0 && (made === 0 || oneAtATime)) return { calls: pending.map((call) => ({ name: call.name, args: call.arguments })) }
  const results = conversation.results.map((result) => result.content)
  return { text: results.length > 0 ? `Here is what the tools returned: ${results.join('; ')}` : "I can't help with that using the tools I have." }
}
