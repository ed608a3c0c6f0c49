/** A checker's verdict: valid, or BFCL's `error_type` with its error list (strings, or objects for parallel). */
export type CheckResult =
  | { readonly valid: true }
  | { readonly valid: false; readonly errorType: string; readonly errors: readonly unknown[] }

/** The valid verdict. */
export const valid: CheckResult = { valid: true }

/** An invalid verdict. */
export function invalid(errorType: string, ...errors: unknown[]): CheckResult {
  return { valid: false, errorType, errors }
}

/**
 * BFCL's own checker raises here (a KeyError, a TypeError on an unexpected option shape): no verdict exists.
 * The entry is reported with error_type `bfcl:checker_crash` instead of stopping the whole run.
 */
export class BfclCrash extends Error {
  override readonly name = 'BfclCrash'
}

/** The error_type reported for entries where BFCL's own checker would have crashed. */
export const crashErrorType = 'bfcl:checker_crash'
