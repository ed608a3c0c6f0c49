// compare's gate flags said nothing when they could not do what they read as: --max-drop (or --alpha) without
// --fail-on-regression never changes the exit code, and a --max-drop written as a fraction (0.05 for 5 points) fails
// on any broken case. Both now warn on stderr, naming the flag and what to write; the verdict and exit code stay.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const dir = tempFiles({})
const [base, head] = [join(dir, 'base'), join(dir, 'head')]
const compare = (...flags: string[]) => runMain(['compare', base, head, ...flags])

describe('compare warns about gate flags that cannot do what they read as', () => {
  beforeAll(async () => {
    const suite = join(projectRoot, 'examples/first-suite')
    expect((await runMain(['run', suite, '--model', 'baseline', '--out', base])).code).toBe(0)
    expect((await runMain(['run', suite, '--model', `scripted:${join(suite, 'mistakes.yaml')}`, '--out', head])).code).toBe(1)
  }, 60_000)

  it('--max-drop without --fail-on-regression: exit 0 as before, and a warning saying it decides no exit code', async () => {
    const result = await compare('--max-drop', '5')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('REGRESSION')
    expect(result.stderr).toContain('warning: --max-drop 5 without --fail-on-regression decides no exit code: compare exits 0 whatever it finds (add --fail-on-regression to gate on it)')
    expect((await compare('--alpha', '0.1')).stderr).toContain('warning: --alpha 0.1 without --fail-on-regression decides no exit code')
  })

  it('--max-drop below 1 point: the regression it finds is the same, and a warning asks whether a fraction was meant', async () => {
    const result = await compare('--fail-on-regression', '--max-drop', '0.05')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('warning: --max-drop is in percentage points: 0.05 fails on a drop of more than 0.05 points, a single broken case in a suite of under 2000 (did you mean --max-drop 5?)')
  })

  it('no warning for the gate as the docs write it', async () => {
    const result = await compare('--fail-on-regression', '--max-drop', '5')
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('')
  })
})
