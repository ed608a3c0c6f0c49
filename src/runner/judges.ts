import { createHash } from 'node:crypto'
import { dirname } from 'node:path'
import stableStringify from 'safe-stable-stringify'
import type { Case, Expectation, JudgeSpec } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { CaseRef, Provider } from '../core/provider.ts'
import { judgeMessages, parseJudgeAnswer, type JudgeVerdict } from '../checks/judge-prompt.ts'
import { createProvider } from '../providers/registry.ts'
import type { SimulatorOptions } from './simulators.ts'

/** What one judge request gives: the verdict, or why there is none (a `judge_error`: errored, not the model's fault). */
export type JudgeOutcome = { readonly verdict: JudgeVerdict } | { readonly error: string }

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
 * The judges of a run (`final.judge: { model }` of its cases): one provider per judge spec and suite folder (a
 * `scripted:` path is read against the suite file's folder), built and checked before the first model call — a
 * scripted judge without a script for a case is bad input, exit 2 —, then shared by every case, model and repeat.
 * Verdicts are cached by their input (judge, case, place, prompt and answer): the same answer in another repeat or
 * model gets the same verdict, and a judge's request always carries repeat 0, so `--record` / `--replay` cassettes
 * (which judge requests go through, with the run's transport) replay a judge deterministically.
 */
export class Judges {
  private readonly built = new Map<string, Provider>()
  private readonly casesOf = new Map<string, CaseRef[]>()
  private readonly verdicts = new Map<string, Promise<JudgeOutcome>>()

  constructor(private readonly options: SimulatorOptions = {}) {}

  /** Builds the judge of every case that has one and runs its `checkCases` on the cases it judges. Returns the warnings. */
  async prepare(cases: Iterable<Case> | AsyncIterable<Case>, repeats: number): Promise<string[]> {
    for await (const testCase of cases) {
      for (const judge of caseJudges(testCase)) {
        const key = keyOf(testCase, judge.model)
        if (!this.built.has(key)) this.built.set(key, await this.create(testCase, judge.model))
        const refs = this.casesOf.get(key) ?? []
        if (!refs.some((ref) => ref.suite === testCase.suite && ref.id === testCase.id)) refs.push({ suite: testCase.suite, id: testCase.id })
        this.casesOf.set(key, refs)
      }
    }
    const warnings: string[] = []
    for (const [key, refs] of this.casesOf) {
      for (const warning of this.built.get(key)?.checkCases?.(refs, { repeats, allCases: refs }) ?? []) warnings.push(warning)
    }
    return warnings
  }

  /** The judge's verdict on one final answer (cached by its input), or why it gave none. */
  judge(request: JudgeRequest): Promise<JudgeOutcome> {
    const { testCase, judge } = request
    const provider = this.built.get(keyOf(testCase, judge.model))
    if (!provider) return Promise.resolve({ error: `the judge (${judge.model}) was not prepared for case "${testCase.id}"` })
    const messages = judgeMessages(judge.rubric, request.question, request.answer)
    const key = createHash('sha256').update(stableStringify([keyOf(testCase, judge.model), testCase.suite, testCase.id, request.index, messages]) ?? '').digest('hex')
    let verdict = this.verdicts.get(key)
    if (!verdict) {
      verdict = ask(provider, judge.model, messages, request)
      this.verdicts.set(key, verdict)
    }
    return verdict
  }

  private create(testCase: Case, spec: string): Promise<Provider> {
    const given = this.options.providers?.find((provider) => provider.id === spec)
    if (given) return Promise.resolve(given)
    // The model under test's server, key and settings are not the judge's: only the transport carries over.
    const { baseUrl: _baseUrl, apiKeyEnv: _apiKeyEnv, settings: _settings, label: _label, onRetry: _onRetry, ...transport } = this.options.providerOptions ?? {}
    return createProvider(spec, { ...transport, ...this.options.modelOptions?.[spec], cwd: dirname(testCase.file) })
  }
}

async function ask(provider: Provider, spec: string, messages: ReturnType<typeof judgeMessages>, request: JudgeRequest): Promise<JudgeOutcome> {
  const context = { suite: request.testCase.suite, caseId: request.testCase.id, repeat: 0, turn: request.index }
  let text: string
  try {
    text = (await provider.doGenerate({ messages, tools: [], toolChoice: 'auto', context }, request.signal)).text
  } catch (error) {
    if (InputError.isInstance(error)) throw error
    return { error: `the judge (${spec}) failed: ${(error as Error)?.message ?? String(error)}` }
  }
  const parsed = parseJudgeAnswer(text)
  if ('problem' in parsed) return { error: `the judge (${spec}) gave no verdict: ${parsed.problem} (expected {"score": 0..1, "reason": "…"}); it answered ${JSON.stringify(text.slice(0, 200))}` }
  return { verdict: parsed }
}

/** The judges a case names: each conversation message's, then the case-level one. */
export function caseJudges(testCase: Case): JudgeSpec[] {
  const expectations: (Expectation | undefined)[] = [...(testCase.conversation ?? []).map((message) => message.expect), testCase.expect]
  return expectations.flatMap((expect) => (expect?.final?.judge ? [expect.final.judge] : []))
}

/** Judges are shared per spec and suite folder (a relative `scripted:` path means a file next to the suite). */
function keyOf(testCase: Case, spec: string): string {
  return `${dirname(testCase.file)}\u0000${spec}`
}
