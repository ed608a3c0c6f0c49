import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'

/** The V8 heap growing factor the CLI runs with, as `1 + percent / 100` (V8 picks 1.1–4 by itself). */
export const heapGrowingPercent = 20

/** The young generation's size the CLI stops growing at: two semi-spaces of 4 MiB (V8's own limit: 2 × 16 MiB). */
export const youngGenerationCapMiB = 8

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
  youngGenerationCapped = !capsYoungGeneration(process.execArgv, process.env.NODE_OPTIONS)
}

/** The flag to set, or undefined when Node's own flags or NODE_OPTIONS already set the growing factor. */
export function heapFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | undefined {
  return givenFlag(execArgv, nodeOptions, ['--heap-growing-percent']) ? undefined : `--heap-growing-percent=${heapGrowingPercent}`
}

/** Whether the CLI caps the young generation: not when the user sized or paced it through Node's own flags. */
export function capsYoungGeneration(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return !givenFlag(execArgv, nodeOptions, ['--max-semi-space-size', '--min-semi-space-size', '--semi-space-growth-factor', '--max-heap-size'])
}

// True until applyHeapSettings says the CLI caps the young generation, and again once it is capped.
let youngGenerationCapped = true
let calls = 0

/**
 * Stops the young generation growing once it has reached `youngGenerationCapMiB`; the run command calls it as
 * cases finish. V8 grows the young generation (by doubling) up to 32 MiB in a long run of fast cases, and that
 * alone made a 20,000-case run's peak RSS ~35 MiB above a 1,000-case one's, which stops before it grows that far;
 * 8 MiB runs as fast (bench/scale.bench.ts). `--max-semi-space-size=4` would say it, but only on Node's command
 * line: a shebang cannot carry it portably (`env -S` is missing from BusyBox, so from Alpine, and from the BSDs),
 * and V8 sizes the young generation at start-up, so `v8.setFlagsFromString` cannot change the limit later. The
 * growth factor, though, V8 reads each time it grows the young generation: set to 1 once the size is reached,
 * the size stays. Checked every 64th call (a heap statistics call costs microseconds); a no-op once capped, in
 * the library, and when the user gave Node a young-generation flag.
 */
export function capYoungGeneration(): void {
  if (youngGenerationCapped || calls++ % 64 !== 0) return
  const youngGeneration = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
  if (!youngGeneration || youngGeneration.space_size < youngGenerationCapMiB * 1024 * 1024) return
  setFlagsFromString('--semi-space-growth-factor=1')
  youngGenerationCapped = true
}

function givenFlag(execArgv: readonly string[], nodeOptions: string | undefined, names: readonly string[]): boolean {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].map((flag) => flag.replace(/_/g, '-'))
  return given.some((flag) => names.some((name) => flag === name || flag.startsWith(`${name}=`)))
}
