import { setFlagsFromString } from 'node:v8'

// `bfcl score` is a short batch process: a few thousand entries through a few hundred small functions. With V8's
// default interrupt budget most of them reach TurboFan after a few hundred calls, and compiling (then
// deoptimizing and recompiling) them cost more CPU than the optimized code saved. A budget ~9× the default
// (67,584) leaves TurboFan to the functions that stay hot. Measured with `/usr/bin/time` (user+sys, the machine's
// 2 cores shared, load 15-19): the 6 multi-turn files 1.20 → 0.75 s; the same ×4 (4,800 entries) 2.55 → 1.98 s;
// gpt-4.1's 7 single-turn files 0.34 → 0.23 s; all 15 recorded models' single-turn files (18,012 entries) 1.6 → 1.1 s.
const interruptBudget = 600_000

/** Raises V8's tier-up budget for the rest of this process: for the `bfcl score` command only, never the library. */
export function tierUpLater(): void {
  setFlagsFromString(`--interrupt-budget=${interruptBudget}`)
}
