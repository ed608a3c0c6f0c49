import { setFlagsFromString } from 'node:v8'

/** The V8 heap growing factor the CLI runs with, as `1 + percent / 100` (V8 picks 1.1–4 by itself). */
export const heapGrowingPercent = 20

/**
 * Keeps the CLI's heap near what it holds. A run's live heap is small and flat (results stream to the journal),
 * but it allocates fast — request objects, transcripts, journal lines — and V8 then lets the old generation grow
 * to up to 4× the live heap before collecting: 1,000 cases against a 50 ms API peaked at ~180 MiB for ~20 MiB
 * live. A factor of 1.2 collects sooner (137 MiB there; no measurable CPU cost in the loop benchmark, see
 * bench/scale.bench.ts). V8 reads this flag at each collection, so it takes effect when set at start-up. A
 * `--heap-growing-percent` the user gave Node on its command line wins (Node refuses it in NODE_OPTIONS; reading
 * that too costs nothing should a later Node accept it); the library never changes flags.
 */
export function applyHeapSettings(): void {
  const flag = heapFlag(process.execArgv, process.env.NODE_OPTIONS)
  if (flag) setFlagsFromString(flag)
}

/** The flag to set, or undefined when Node's own flags or NODE_OPTIONS already set the growing factor. */
export function heapFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | undefined {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)]
  if (given.some((flag) => flag.replace(/_/g, '-').startsWith('--heap-growing-percent'))) return undefined
  return `--heap-growing-percent=${heapGrowingPercent}`
}
