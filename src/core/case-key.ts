/**
 * Map keys made of names (suite, case id, model, label): joined with NUL, which no suite name, case id or model
 * spec can contain, so two different lists never give one key.
 */
export function keyOf(...parts: readonly string[]): string {
  return parts.join('\u0000')
}

/** The key results are paired and grouped by: suite and case id. */
export function caseKey(result: { readonly suite: string; readonly case: string }): string {
  return keyOf(result.suite, result.case)
}
