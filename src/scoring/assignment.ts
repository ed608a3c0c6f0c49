/**
 * Maximum-weight assignment of rows to columns (Hungarian algorithm, O(n³)); weights ≤ 0 mean "do not pair".
 * Returns, for each row, the column it is paired with or -1. Written here because the sizes are tiny (calls of
 * one case) and the npm options pull in matrix libraries for a 60-line algorithm.
 */
export function maxWeightAssignment(weights: readonly (readonly number[])[]): number[] {
  const rows = weights.length
  const columns = rows === 0 ? 0 : weights.reduce((most, row) => Math.max(most, row.length), 0)
  if (rows === 0 || columns === 0) return new Array<number>(rows).fill(-1)
  const size = Math.max(rows, columns)
  // A loop, not a spread of every weight into Math.max: no argument list that grows with the input.
  let max = 0
  for (const row of weights) for (const w of row) max = Math.max(max, w)
  // Square cost matrix for minimization; padding and non-pairs cost `max` (weight 0).
  const cost = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) => max - Math.max(0, weights[i]?.[j] ?? 0)))
  const u = new Array<number>(size + 1).fill(0)
  const v = new Array<number>(size + 1).fill(0)
  const match = new Array<number>(size + 1).fill(0) // match[column] = row (1-based)
  const way = new Array<number>(size + 1).fill(0)
  for (let i = 1; i <= size; i++) {
    match[0] = i
    let j0 = 0
    const minv = new Array<number>(size + 1).fill(Infinity)
    const used = new Array<boolean>(size + 1).fill(false)
    do {
      used[j0] = true
      const i0 = match[j0] as number
      let delta = Infinity
      let j1 = 0
      for (let j = 1; j <= size; j++) {
        if (used[j]) continue
        const current = (cost[i0 - 1]?.[j - 1] as number) - (u[i0] as number) - (v[j] as number)
        if (current < (minv[j] as number)) {
          minv[j] = current
          way[j] = j0
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number
          j1 = j
        }
      }
      for (let j = 0; j <= size; j++) {
        if (used[j]) {
          u[match[j] as number] = (u[match[j] as number] as number) + delta
          v[j] = (v[j] as number) - delta
        } else minv[j] = (minv[j] as number) - delta
      }
      j0 = j1
    } while (match[j0] !== 0)
    do {
      const j1 = way[j0] as number
      match[j0] = match[j1] as number
      j0 = j1
    } while (j0 !== 0)
  }
  const result = new Array<number>(rows).fill(-1)
  for (let j = 1; j <= size; j++) {
    const row = (match[j] as number) - 1
    if (row < rows && j - 1 < columns && (weights[row]?.[j - 1] ?? 0) > 0) result[row] = j - 1
  }
  return result
}
