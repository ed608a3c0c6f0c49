import { UsageError } from '../core/errors.ts'
import { exitCodes } from './command.ts'
import { defineCommand, numberFlag } from './flags.ts'
import { strayArgument } from './stray-argument.ts'

const usage = `toolgauge plan --cases <N> --baseline-accuracy <p> --detect <d> [options]

How many cases × repeats a comparison needs to detect an accuracy drop of d (a fraction: 0.05 = 5 points) from a
baseline accuracy p, with compare's own paired test (exact McNemar with one run per case, the paired permutation
test with repeats), before paying for the runs. Assumes each case × run passes independently (no case is easier
than another): the conservative case for pairing. With one repeat the power is exact; with repeats it is a normal
approximation.

Options:
  --cases <N>               the cases your suite has (or can have)
  --baseline-accuracy <p>   the accuracy today, a fraction between 0 and 1
  --detect <d>              the drop to detect, a fraction between 0 and 1
  --alpha <p>               significance level, as compare --alpha (default 0.05)
  --power <p>               the chance of detecting the drop when it is real (default 0.8)
  --json                    print the plan as JSON`

// Repeat counts the table shows: beyond 10 repeats a suite is better grown than rerun.
const repeatCounts = [1, 2, 3, 5, 10] as const

/** `toolgauge plan`: sizes a CI comparison (cases × repeats) for a drop to detect. */
export const command = defineCommand(usage, {
  cases: { type: 'string' },
  'baseline-accuracy': { type: 'string' },
  detect: { type: 'string' },
  alpha: { type: 'string' },
  power: { type: 'string' },
  json: { type: 'boolean' },
}, async ({ values, positionals }) => {
  if (positionals.length > 0) throw strayArgument(positionals[0]!, values.cases === undefined && /^\d+$/.test(positionals[0]!) ? '--cases' : undefined)
  const cases = numberFlag('cases', values.cases, { min: 1, integer: true })
  const baselineAccuracy = numberFlag('baseline-accuracy', values['baseline-accuracy'], { min: 0, max: 1 })
  const drop = numberFlag('detect', values.detect, { min: 0, max: 1 })
  if (cases === undefined || baselineAccuracy === undefined || drop === undefined) {
    const missing = [cases === undefined ? '--cases' : '', baselineAccuracy === undefined ? '--baseline-accuracy' : '', drop === undefined ? '--detect' : ''].filter(Boolean)
    throw new UsageError(`missing ${missing.join(', ')}`)
  }
  if (drop <= 0 || drop > baselineAccuracy) {
    throw new UsageError(`a drop of ${drop} from ${baselineAccuracy} is not possible: --detect must be above 0 and at most --baseline-accuracy`, { field: '--detect' })
  }
  const alpha = numberFlag('alpha', values.alpha, { min: 0, max: 1 }) ?? 0.05
  const power = numberFlag('power', values.power, { min: 0, max: 1 }) ?? 0.8
  if (alpha <= 0 || alpha >= 1 || power <= 0 || power >= 1) throw new UsageError('--alpha and --power must lie strictly between 0 and 1')
  const { casesNeeded } = await import('../stats/power.ts')
  const rows = repeatCounts.map((repeats) => casesNeeded({ baselineAccuracy, drop, alpha, power, repeats }))
  const enough = rows.find((row) => row.cases <= cases)
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ cases, baselineAccuracy, detect: drop, alpha, power, rows, repeatsNeeded: enough?.repeats ?? null }, null, 2)}\n`)
    return exitCodes.ok
  }
  const pts = (x: number) => `${(x * 100).toFixed(1)}`
  const lines = [
    `To detect a drop of ${pts(drop)} points from ${pts(baselineAccuracy)}% (alpha ${alpha}, power ${pts(power)}%, paired):`,
    '',
    '  repeats  cases needed  method',
    ...rows.map((row) => `  ${String(row.repeats).padEnd(7)}  ${String(row.cases).padStart(12)}  ${row.method === 'exact' ? 'exact McNemar power' : 'normal approximation'}`),
    '',
    enough
      ? `With ${cases} cases: ${enough.repeats} repeat${enough.repeats > 1 ? 's' : ''} per case on both sides (${enough.repeats * cases} runs per model and side).`
      : `With ${cases} cases even ${repeatCounts.at(-1)} repeats are not enough: grow the suite to ${rows[0]!.cases} cases at one repeat, or ${rows.at(-1)!.cases} at ${rows.at(-1)!.repeats}.`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  return exitCodes.ok
})
