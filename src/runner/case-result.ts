import type { Case } from '../core/case.ts'
import type { CaseResult, CheckRecord, ResultTurn, ToolTokenUsage } from '../core/result.ts'
import type { Transcript, TranscriptTurn } from '../core/transcript.ts'
import type { CaseCost } from '../core/result.ts'
import type { CaseScore } from '../scoring/score-case.ts'
import type { ToolSets } from './tool-sets.ts'
import { toolgaugeVersion } from '../version.ts'

/** What the runner knows about one finished case besides its transcript. */
export type ResultContext = {
  readonly testCase: Case
  readonly model: string
  readonly repeat: number
  readonly score: CaseScore
  readonly toolTokens: ToolTokenUsage
  readonly cost: CaseCost
  readonly fingerprint?: string
  /** What the case's own checks said (expect.custom, final.judge). */
  readonly checks?: readonly CheckRecord[]
  readonly toolSets: ToolSets
}

/** The journaled and reported record of one case × model × repeat. */
export function caseResult(transcript: Transcript, context: ResultContext): CaseResult {
  const { testCase, score } = context
  return {
    suite: testCase.suite,
    case: testCase.id,
    model: context.model,
    ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}),
    repeat: context.repeat,
    passed: score.passed,
    verdict: score.verdict,
    failures: score.failures,
    turns: transcript.turns.map((turn) => storedTurn(turn, testCase, context.toolSets)),
    messages: transcript.initialMessages,
    ...(transcript.conversation ? { conversation: transcript.conversation } : {}),
    ...(transcript.initialState !== undefined ? { initialState: transcript.initialState } : {}),
    ...(transcript.simulator ? { simulator: transcript.simulator } : {}),
    ...(context.checks ? { checks: context.checks } : {}),
    expectedTools: expectedTools(testCase),
    metrics: score.metrics,
    usage: transcript.usage,
    latencyMs: transcript.latencyMs,
    toolTokens: context.toolTokens,
    cost: context.cost,
    ...(context.fingerprint !== undefined ? { fingerprint: context.fingerprint } : {}),
    toolgaugeVersion,
  }
}

/** The names of every expected call: a conversation's messages' in order, then the case-level ones. */
function expectedTools(testCase: Case): string[] {
  const names = (testCase.conversation ?? []).flatMap((message) => (message.expect?.calls ?? []).map((call) => call.name))
  for (const call of testCase.expect.calls) names.push(call.name)
  return names
}

/**
 * A turn as stored: its settings with the tool set as an id (the definitions are in report.json `toolSets`, once)
 * and what came back; the wire payloads are dropped — the request is the tool set plus the messages, which the
 * report already holds once, and keeping them made reports grow with tools × turns.
 */
function storedTurn(turn: TranscriptTurn, testCase: Case, toolSets: ToolSets): ResultTurn {
  const { request, raw: _raw, ...rest } = turn
  return {
    ...rest,
    request: {
      toolChoice: request.toolChoice,
      ...(request.parallelToolCalls !== undefined ? { parallelToolCalls: request.parallelToolCalls } : {}),
      toolSet: toolSets.idOfNames(testCase.tools, request.toolNames),
    },
  }
}
