import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { CaseResult } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { redactDeep } from '../http/redact.ts'
import type { ToolHooks } from '../loop/hooks.ts'
import { runCase } from '../loop/run-case.ts'
import { costOfTurns, type PriceTable } from '../pricing/index.ts'
import { loadBfclScoring, scoreCase, type CaseCheck, type CaseScore } from '../scoring/score-case.ts'
import { hasCaseChecks, runCaseChecks, type CaseChecksOutcome } from '../checks/case-checks.ts'
import { caseTimeoutMs } from '../loop/stubs.ts'
import { runAsCase, type CaseStrays } from '../loop/case-strays.ts'
import { deepFreeze, ownCopy } from '../loop/snapshot.ts'
import { describeThrown } from '../core/thrown.ts'
import { HarnessError } from '../loop/harness-error.ts'
import { emptyUsage } from '../core/model-turn.ts'
import type { Failure } from '../core/result.ts'
import { caseResult } from './case-result.ts'
import type { Simulators } from './simulators.ts'
import type { Judges } from './judges.ts'
import type { ToolTokenCounter } from './tool-token-cost.ts'
import type { ToolSets } from './tool-sets.ts'

/** One unit of work of a run: a case for a model at one repeat index. */
export type CaseTask = {
  readonly testCase: Case
  readonly provider: Provider
  readonly repeat: number
  readonly hooks: ToolHooks
  /** What decides the verdict (runner/fingerprint.ts); the runner sets it so `--resume` can check it. */
  readonly fingerprint?: string
}

/** What a run shares between its cases: token counts, prices, the secrets to redact, the abort signal, tool sets. */
export type EvaluationContext = {
  readonly tokenCounter: ToolTokenCounter
  readonly prices: PriceTable
  readonly secrets: readonly string[]
  readonly signal?: AbortSignal
  /** Milliseconds a live stub may take in a case that sets no `stub_timeout` (`--stub-timeout`); default 30 s. */
  readonly stubTimeoutMs?: number
  /** The run's tool sets (turns refer to them by id). */
  readonly toolSets: ToolSets
  /** Checks the run adds to the scorer's (`RunOptions.caseChecks`). */
  readonly caseChecks?: CaseCheck
  /** The simulated users of the run's `user:` cases, built and checked before the first call. */
  readonly simulators: Simulators
  /** The judges of the run's `final.judge` expectations, built and checked before the first call. */
  readonly judges: Judges
  /** Where a warning about a case's code goes (an error it threw after its verdict): the run's onWarning; default stderr. */
  readonly warn?: (message: string) => void
}

/** A case run through the loop and scored: the transcript (the evidence), the verdict, and the journaled result. */
export type EvaluatedCase = {
  readonly transcript: Transcript
  readonly score: CaseScore
  /** The result as journaled and reported, secrets redacted. */
  readonly result: CaseResult
}

/**
 * Runs one task through the loop and the scorers and builds its result. The runner and `runCase({ … })` (and so
 * `toolgauge/vitest`) share it, so a case gives the same result whichever way it was run. Returns undefined
 * when the run was aborted mid-case (an interrupted case is not a result: --resume runs it again), unless the abort's
 * reason is a HarnessError (the harness gave up on the case: it ends as harness_error). Everything the
 * case's code starts carries the case (`loop/case-strays.ts`), so what it throws unawaited, up to the verdict, ends
 * the case as `harness_error` while the process is guarded (runner/process-guard.ts `guardStrays`: the run, `runCase`
 * and `describeSuite` hold it, and `runLoop` for its own case).
 */
export async function evaluateCase(task: CaseTask, context: EvaluationContext): Promise<EvaluatedCase | undefined> {
  return runAsCase({ testCase: task.testCase, providerId: task.provider.id, repeat: task.repeat }, context.warn, (strays) => evaluate(task, context, strays))
}

async function evaluate(task: CaseTask, context: EvaluationContext, strays: CaseStrays): Promise<EvaluatedCase | undefined> {
  let transcript = await runCase(task.testCase, task.provider, {
    repeat: task.repeat,
    hooks: task.hooks,
    strays,
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.stubTimeoutMs !== undefined ? { stubTimeoutMs: context.stubTimeoutMs } : {}),
    ...(task.testCase.user ? { users: context.simulators.sourceFor(task.testCase, task.repeat) } : {}),
  })
  // An abort whose reason is a HarnessError is the harness giving up on this case (describeSuite: vitest's test
  // timeout), not an interrupted run: the case ends as harness_error with its turns so far, no verdict on the model.
  // Any other abort interrupted the case, also one whose code failed as the interrupt came (an MCP server the
  // terminal's SIGINT reached, a hook cut short: harness_error): no result, --resume runs it again.
  if (transcript.stop === 'aborted' || context.signal?.aborted) {
    const reason: unknown = context.signal?.reason
    if (!HarnessError.isInstance(reason)) return undefined
    if (transcript.stop === 'aborted') transcript = endedByHarness(transcript, reason.message)
  }
  if (task.testCase.expect.matching === 'bfcl' || task.testCase.conversation?.some((message) => message.expect?.matching === 'bfcl')) await loadBfclScoring()
  // The suite's own checks (expect.custom, final.judge) run on the finished transcript; their failures join the scorer's.
  const checked = hasCaseChecks(task.testCase) ? await runCaseChecks(task.testCase, transcript, {
    model: task.provider.id,
    repeat: task.repeat,
    timeoutMs: caseTimeoutMs(task.testCase, context.stubTimeoutMs),
    judges: context.judges,
    ...(context.signal ? { signal: context.signal } : {}),
  }) : undefined
  // Aborted while its checks ran (a judge's call the abort cut, a custom check): what the cut check said (judge_error
  // "aborted") is no verdict. An interrupted run's case is no result, as when a model call is cut (--resume runs it
  // again); the harness giving up on it ends it as harness_error with its turns, as during the loop.
  if (checked && context.signal?.aborted) {
    const reason: unknown = context.signal.reason
    if (!HarnessError.isInstance(reason)) return undefined
    if (transcript.stop !== 'harness-error') {
      strays.close()
      return scored(task, context, endedByHarness(transcript, reason.message), undefined)
    }
  }
  // An unawaited error of the case's code since the loop ended (a check's timer) is the case's own; later ones are not.
  const stray = transcript.stop === 'no-calls' || transcript.stop === 'max-turns' ? strays.take() : undefined
  strays.close()
  return scored(task, context, transcript, stray === undefined ? checked : withStray(checked, stray))
}

/**
 * A case the harness gave up on whose own code (a live stub, a hook) would not stop (describeSuite: an attempt vitest
 * timed out): no turn is kept — the loop still holds them — and the case ends as harness_error saying `reason`.
 */
export function abandonedCase(task: CaseTask, context: EvaluationContext, reason: string): Promise<EvaluatedCase> {
  const conversational = task.testCase.conversation !== undefined || task.testCase.user !== undefined
  const transcript: Transcript = { initialMessages: task.testCase.messages, turns: [], stop: 'harness-error', error: reason, ...(conversational ? { conversation: [] } : {}), usage: emptyUsage, latencyMs: 0 }
  return scored(task, context, transcript, undefined)
}

/**
 * A case that ended on its own only once the harness had given up on it (describeSuite: vitest failed the test by its
 * timeout while, or just before, the case ended): its transcript ends as harness_error saying `reason`, the turns kept.
 */
export function timedOutCase(task: CaseTask, context: EvaluationContext, transcript: Transcript, reason: string): Promise<EvaluatedCase> {
  return scored(task, context, endedByHarness(transcript, reason), undefined)
}

/** The transcript, its turns kept, ended as the harness giving up on its case: `harness_error` saying `reason`. */
function endedByHarness(transcript: Transcript, reason: string): Transcript {
  // What the loop's own end said (a request not sent, a status, retries) is not this end's.
  const { stoppedCalling: _notSent, status: _status, retries: _retries, ...rest } = transcript
  return { ...rest, stop: 'harness-error', error: reason }
}

/** The ended transcript scored (with what the case's own checks said) and its result built. */
async function scored(task: CaseTask, context: EvaluationContext, transcript: Transcript, checked: CaseChecksOutcome | undefined): Promise<EvaluatedCase> {
  const score = scoreCase(task.testCase, transcript, withCheckFailures(context.caseChecks, checked))
  // Tokenizers and prices follow the model spec; a label only names the row.
  const spec = task.provider.spec ?? task.provider.id
  const result = caseResult(transcript, {
    testCase: task.testCase,
    model: task.provider.id,
    repeat: task.repeat,
    score,
    toolTokens: await context.tokenCounter.forCase(spec, task.testCase, transcript, context.toolSets.idOf(task.testCase.tools)),
    cost: costOfTurns(spec, transcript.usage, transcript.turns, context.prices),
    ...(task.fingerprint !== undefined ? { fingerprint: task.fingerprint } : {}),
    ...(checked && checked.records.length > 0 ? { checks: checked.records } : {}),
    toolSets: context.toolSets,
  })
  // Secrets never land on disk: a model echoing a key, or a key in a raw payload, is redacted here too.
  return { transcript, score, result: redactDeep(result, context.secrets) }
}

/**
 * The evaluated case as a library caller sees it (`runCase`, `describeSuite`): the transcript and score redacted
 * like the result — the vitest matchers quote them in failure messages, which vitest prints and its reporters
 * write. Not done in `evaluateCase`: the runner reads the result alone, and holding a copy (or a closure that
 * makes one) of every transcript raised the 20,000-case peak RSS from ~158 to ~210 MiB.
 */
export function redactedCase(evaluated: EvaluatedCase, secrets: readonly string[]): EvaluatedCase {
  return { result: evaluated.result, transcript: redactDeep(evaluated.transcript, secrets), score: redactDeep(evaluated.score, secrets) }
}

/** The run's checks, with the case's own checks' failures after them (the scorer calls it once, on an unerrored case). */
function withCheckFailures(runChecks: CaseCheck | undefined, checked: CaseChecksOutcome | undefined): CaseCheck | undefined {
  const checks = runChecks ? contained(runChecks) : undefined
  if (!checked || checked.failures.length === 0) return checks
  const own: readonly Failure[] = checked.failures
  return checks ? (testCase, transcript) => [...checks(testCase, transcript), ...own] : () => own
}

/** The case's checks' outcome with the harness_error of an unawaited error their code (or the loop's, late) threw. */
function withStray(checked: CaseChecksOutcome | undefined, stray: string): CaseChecksOutcome {
  return { failures: [...(checked?.failures ?? []), { kind: 'harness_error', message: stray }], records: checked?.records ?? [] }
}

/**
 * `RunOptions.caseChecks` is the caller's code, contained as a hook is: it judges a frozen copy of the transcript
 * (the scorer and the result go on reading the loop's own), and a throw or an answer that is not a list of
 * `{ kind, message }` failures is `harness_error` for the case instead of a crashed run.
 */
function contained(check: CaseCheck): CaseCheck {
  return (testCase, transcript) => {
    let failures: unknown
    try {
      failures = check(testCase, deepFreeze(ownCopy(transcript)))
      if (Array.isArray(failures) && failures.every(isFailure)) return ownCopy(failures)
    } catch (error) {
      return [{ kind: 'harness_error', message: `the run's case checks (RunOptions.caseChecks) threw: ${describeThrown(error)}` }]
    }
    return [{ kind: 'harness_error', message: 'the run\'s case checks (RunOptions.caseChecks) returned something else than a list of { kind, message } failures' }]
  }
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && typeof (value as Failure).kind === 'string' && typeof (value as Failure).message === 'string'
}
