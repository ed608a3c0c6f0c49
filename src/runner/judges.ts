import { dirname } from 'node:path'
import stableStringify from 'safe-stable-stringify'
import type { Case, Expectation, JudgeSpec } from '../core/case.ts'
import { InputError, suiteModelFailureFacts } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { thrownMessage } from '../core/thrown.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { judgeMessages, parseJudgeAnswer, type JudgeVerdict } from '../checks/judge-prompt.ts'
import { SuiteModels, type SuiteModelOptions } from './suite-models.ts'
import { hashText } from '../core/hash-text.ts'

/** What one judge request gives: the verdict, or why there is none (a `judge_error`: errored, not the model's fault). */
export type JudgeOutcome = { readonly verdict: JudgeVerdict } | ({ readonly error: string } & ReturnType<typeof suiteModelFailureFacts>)

/** One final answer to judge: the case, its judge, which judge of the case it is (0-based, in order) and what it grades. */
export type JudgeRequest = {
  readonly testCase: Case
  readonly judge: JudgeSpec
  /** The judge's place among the case's judges (each message's, then the case's): a `scripted:` judge's turn index. */
  readonly index: number
  readonly userMessage?: number
  readonly question: string
  readonly answer: string
  readonly signal?: AbortSignal
}

/**
 * The judges of a run (`final.judge: { model }` of its cases), built and checked before the first model call — a
 * scripted judge without a script for a case is bad input, exit 2 —, then shared by every case, model and repeat.
 * Verdicts are cached by their input (judge, case, place, prompt and answer): the same answer in another repeat or
 * model gets the same verdict, and a judge's request always carries repeat 0, so `--record` / `--replay` cassettes
 * (which judge requests go through, with the run's transport) replay a judge deterministically.
 */
export class Judges extends SuiteModels {
  /** Per input, the judge's outcome and the signal of the request that asked for it. */
  private readonly verdicts = new Map<string, { readonly outcome: Promise<JudgeOutcome>; readonly signal: AbortSignal | undefined }>()

  constructor(options: SuiteModelOptions) {
    super(options, (testCase) => caseJudges(testCase).map((judge) => judge.model), 'judge.model')
  }

  /**
   * The judge's verdict on one final answer (cached by its input), or why it gave none. Callers may have signals of
   * their own (describeSuite: one per test attempt): a call its asker's abort cut is no outcome for another caller —
   * one waiting on it, or a later one, the retry of the cut attempt — who asks the judge again.
   */
  async judge(request: JudgeRequest): Promise<JudgeOutcome> {
    const { testCase, judge } = request
    const provider = this.providerFor(testCase, judge.model)
    if (!provider) return { error: `the judge (${judge.model}) was not prepared for case "${testCase.id}"` }
    const messages = judgeMessages(judge.rubric, request.question, request.answer)
    const key = hashText(stableStringify([dirname(testCase.file), judge.model, testCase.suite, testCase.id, request.index, messages]) ?? '')
    const entry = getOrCreate(this.verdicts, key, () => ({ outcome: ask(provider, judge.model, messages, request), signal: request.signal }))
    const outcome = await entry.outcome
    if ('error' in outcome && entry.signal?.aborted && !request.signal?.aborted) {
      if (this.verdicts.get(key) === entry) this.verdicts.delete(key)
      return this.judge(request)
    }
    return outcome
  }
}

async function ask(provider: Provider, spec: string, messages: ReturnType<typeof judgeMessages>, request: JudgeRequest): Promise<JudgeOutcome> {
  const context = { suite: request.testCase.suite, caseId: request.testCase.id, repeat: 0, turn: request.index }
  let text: string
  try {
    text = (await provider.doGenerate({ messages, tools: [], toolChoice: 'auto', context }, request.signal)).text
  } catch (error) {
    if (InputError.isInstance(error)) throw error
    return { error: `the judge (${spec}) failed: ${thrownMessage(error)}`, ...suiteModelFailureFacts(error) }
  }
  // A caller's own Provider (RunOptions.providers) may break the contract: no text is no verdict, not a crash.
  if (typeof text !== 'string') return { error: `the judge (${spec}) answered with no text (${text === null || text === undefined ? String(text) : `a ${typeof text}`})` }
  const parsed = parseJudgeAnswer(text)
  if ('problem' in parsed) return { error: `the judge (${spec}) gave no verdict: ${parsed.problem} (expected {"score": 0..1, "reason": "…"}); it answered ${JSON.stringify(text.slice(0, 200))}` }
  return { verdict: parsed }
}

/** The judges a case names: each conversation message's, then the case-level one. */
export function caseJudges(testCase: Case): JudgeSpec[] {
  const expectations: (Expectation | undefined)[] = [...(testCase.conversation ?? []).map((message) => message.expect), testCase.expect]
  return expectations.flatMap((expect) => (expect?.final?.judge ? [expect.final.judge] : []))
}
