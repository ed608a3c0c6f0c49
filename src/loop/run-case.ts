import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { Transcript } from '../core/transcript.ts'
import { CaseLoop, type RunCaseOptions } from './exchange.ts'
import { runConversation, type ConversationOptions } from './run-conversation.ts'

export type { RunCaseOptions } from './exchange.ts'

/**
 * Runs one case through the loop (`exchange.ts`) and returns its transcript. A single request (`prompt` /
 * `messages`) is one exchange, `tool_choice` on its first request only (later ones use auto so a forced call can
 * be answered). A conversation, a simulated user or a world goes to the conversation driver
 * (`run-conversation.ts`): one exchange per user message against a fresh world. Never throws on what a model
 * sends or user code does (`stop` says how it ended); an InputError (a bad script or cassette) stops the run.
 */
export async function runCase(testCase: Case, provider: Provider, options: RunCaseOptions & ConversationOptions): Promise<Transcript> {
  const loop = new CaseLoop(testCase, provider, options)
  if (testCase.conversation === undefined && testCase.user === undefined && testCase.world === undefined) {
    const end = await loop.exchange({ tools: testCase.tools, toolChoice: testCase.toolChoice })
    return loop.transcript(end.stop, end.error)
  }
  return runConversation(loop, testCase, provider, options)
}
