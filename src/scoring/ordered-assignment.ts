/** An order-preserving pairing: for each row its column or -1, the columns increasing over paired rows. */
export type OrderedPairing = {
  readonly pairs: readonly number[]
  /** The sum of the paired weights. */
  readonly weight: number
}

/** A partial solution: its weight, and the columns left unpaired between its pairs (what `contiguous` minimizes). */
type Score = { readonly weight: number; readonly gaps: number }

/**
 * The maximum-weight pairing of rows to columns that keeps their order (row i before row j ⇒ column of i before
 * column of j), by dynamic programming over (row, last paired column) — O(rows × columns²), tiny for one case's
 * calls. Weights ≤ 0 mean "do not pair". Among pairings of equal weight the earliest columns win; with
 * `contiguous`, first the one with fewest unpaired columns between its first and last pair (`order: strict`).
 */
export function orderedAssignment(weights: readonly (readonly number[])[], contiguous: boolean): OrderedPairing {
  const rows = weights.length
  const columns = weights.reduce((most, row) => Math.max(most, row.length), 0)
  // best[i][s]: the best score for rows i.. when the last paired column is s - 1 (s = 0: none yet).
  const best: Score[][] = Array.from({ length: rows + 1 }, () => new Array<Score>(columns + 1).fill({ weight: 0, gaps: 0 }))
  const choice: number[][] = Array.from({ length: rows }, () => new Array<number>(columns + 1).fill(-1))
  for (let i = rows - 1; i >= 0; i--) {
    for (let s = 0; s <= columns; s++) {
      let top: Score | undefined
      let picked = -1
      for (let j = s; j < columns; j++) {
        const w = weights[i]?.[j] ?? 0
        if (w <= 0) continue
        const rest = best[i + 1]?.[j + 1] as Score
        const candidate = { weight: w + rest.weight, gaps: rest.gaps + (contiguous && s > 0 ? j - s : 0) }
        if (!top || better(candidate, top)) {
          top = candidate
          picked = j
        }
      }
      const skip = best[i + 1]?.[s] as Score
      if (!top || better(skip, top)) {
        top = skip
        picked = -1
      }
      ;(best[i] as Score[])[s] = top
      ;(choice[i] as number[])[s] = picked
    }
  }
  const pairs: number[] = []
  let s = 0
  for (let i = 0; i < rows; i++) {
    const column = choice[i]?.[s] ?? -1
    pairs.push(column)
    if (column !== -1) s = column + 1
  }
  return { pairs, weight: best[0]?.[0]?.weight ?? 0 }
}

function better(a: Score, b: Score): boolean {
  return a.weight > b.weight || (a.weight === b.weight && a.gaps < b.gaps)
}
