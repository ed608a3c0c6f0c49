import type { CaseResult } from '../core/result.ts'
import { inertDeep, inertMessage } from './terminal-text.ts'

/**
 * A result made safe to print (`inertDeep`: every control character escaped), but for its failure messages, which
 * keep their indented continuation lines (`inertMessage`) — a state diff path by path, a server's stderr tail —
 * while any other newline in them stays escaped, so no value forges a line of its own.
 */
export function inertResult(result: CaseResult): CaseResult {
  const copy = inertDeep(result)
  return { ...copy, failures: copy.failures.map((failure, index) => ({ ...failure, message: inertMessage(result.failures[index]?.message ?? failure.message) })) }
}
