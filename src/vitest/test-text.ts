import type { Case } from '../core/case.ts'
import type { ResultVerdict } from '../core/verdict.ts'
import { repeatLabel } from '../report/repeat-label.ts'
import { inert } from '../report/terminal-text.ts'
import type { ScoredCase } from '../runner/run-one-case.ts'
import { compactTranscript } from './compact-transcript.ts'

// What vitest prints of a describeSuite test: its name and, when it did not pass, its error. Suite names, case ids
// and variant names come from suite and case files, a model spec from the config: printed inert, as the matchers'.

/**
 * A case run as the vitest output names it: `suite/case [model] {variant}`, every name from a file inert. Two
 * variants of a case are two runs, so a test's name, its error and a matcher's message all name the variant.
 */
export function caseLabel(testCase: Pick<Case, 'suite' | 'id' | 'variant'>, model: string): string {
  const variant = testCase.variant !== undefined ? ` {${inert(testCase.variant)}}` : ''
  return `${inert(`${testCase.suite}/${testCase.id}`)} [${inert(model)}]${variant}`
}

/** A test's name: `suite/case [model] {variant} #n` (`caseLabel` and the repeat). */
export function caseTestName(testCase: Pick<Case, 'suite' | 'id' | 'variant'>, model: string, repeat: number): string {
  return `${caseLabel(testCase, model)}${repeat > 0 ? ` ${repeatLabel(repeat)}` : ''}`
}

/** The error of a test whose case failed or errored: the verdict, its failure kinds and the compact transcript. */
export function caseTestFailure(scored: ScoredCase, model: string, verdict: Exclude<ResultVerdict, 'passed'>): string {
  const kinds = [...new Set(scored.result.failures.map((failure) => failure.kind))].join(', ')
  const said = verdict === 'errored' ? 'errored (no verdict on the model)' : 'failed'
  return `${caseLabel(scored.case, model)} ${said}: ${kinds}\n\n${compactTranscript(scored)}`
}

/** Why a model's tests skip (its API key is not set): the message names the spec and the key's variable, inert. */
export function modelSkipReason(message: string): string {
  return `${inert(message)} — skipped`
}
