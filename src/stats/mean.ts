/** The arithmetic mean; 0 for no values (a summary of nothing reports 0, not NaN, which JSON would print as null). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length
}
