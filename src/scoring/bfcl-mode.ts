import type { Case } from '../core/case.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'

/** BFCL matching: the verdict of BFCL's own checker rules on the first assistant turn (wired in with src/bfcl). */
export function bfclFailures(_testCase: Case, _transcript: Transcript): Failure[] {
  throw new Error('matching: bfcl is not wired yet')
}
