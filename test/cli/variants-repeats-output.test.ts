import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { toJunit } from '../../src/report/junit.ts'
import { runMain } from '../helpers/cli.ts'
import { layoutSuite } from '../report/layout-fixture.ts'
import { parseXml } from '../report/xml-check.ts'

// Issue 28: with variants and repeats, the console and `show` name every row apart, list flaky cases with their
// pass counts and print pass@k / pass^k (docs/ci.md "Repeats"); `show` narrows by --model and --variant.
const fixture = layoutSuite()
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))
const out = join(fixture.dir, 'out')
const scripted = `scripted:${fixture.script}`
let run: { code: number; stdout: string; stderr: string }

beforeAll(async () => {
  run = await runMain(['run', fixture.suite, '--model', 'baseline', '--model', scripted, '--repeat', '3', '--out', out])
  expect(run.code, run.stderr).toBe(1)
})

describe('run with variants and repeats', () => {
  it('prints pass@k and pass^k for k = 1..3 per model × variant', () => {
    const lines = run.stdout.split('\n')
    expect(lines).toContain('pass@k: at least one of k tries passes · pass^k: all k tries pass (unbiased, averaged over cases):')
    const row = lines.find((line) => line.includes(`${scripted} · base`) && line.includes('pass@'))
    // paris passes 2 of 3, lyon-week 0 of 3, time-oslo 3 of 3: pass@3 = (1 + 0 + 1) / 3, pass^3 = (0 + 0 + 1) / 3.
    expect(row).toMatch(/pass@1 55\.6%  pass@2 66\.7%  pass@3 66\.7%  │  pass\^1 55\.6%  pass\^2 44\.4%  pass\^3 33\.3%/)
    expect(lines.filter((line) => line.includes('pass^3'))).toHaveLength(4)
  })

  it('lists the flaky cases with their pass counts, once per model × variant', () => {
    expect(run.stdout).toContain('Flaky cases (2; passed c of n runs):')
    expect(run.stdout).toContain(`  ~ layout/paris [${scripted} · base] 2 of 3\n`)
    expect(run.stdout).toContain(`  ~ layout/paris [${scripted} · terse] 2 of 3\n`)
  })

  it('gives every JUnit test case its own name (the variant is in it)', () => {
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    const names = parseXml(toJunit(report)).children.flatMap((suite) => suite.children.map((c) => c.attributes.name))
    expect(names).toHaveLength(36)
    expect(new Set(names).size).toBe(36)
    expect(names).toContain('paris [baseline · terse] #2')
  })
})

describe('show with variants', () => {
  it('names the variant in each header, so two variants of a case never print alike', async () => {
    const shown = await runMain(['show', out, '--case', 'lyon-week', '--model', scripted])
    expect(shown.code, shown.stderr).toBe(0)
    const headers = shown.stdout.split('\n').filter((line) => line.startsWith('FAIL '))
    expect(headers).toHaveLength(6)
    expect(new Set(headers).size).toBe(6)
    expect(headers[0]).toBe(`FAIL layout/lyon-week  [${scripted} · base] #1`)
  })

  it('--variant keeps one variant', async () => {
    const shown = await runMain(['show', out, '--case', 'lyon-week', '--model', scripted, '--variant', 'terse'])
    const headers = shown.stdout.split('\n').filter((line) => line.startsWith('FAIL '))
    expect(headers).toEqual([1, 2, 3].map((n) => `FAIL layout/lyon-week  [${scripted} · terse] #${n}`))
  })

  it('--model keeps one model, and shows the argument diff of its failing call', async () => {
    const shown = await runMain(['show', out, '--model', 'baseline', '--variant', 'base', '--all', '--case', 'lyon-week'])
    expect(shown.stdout.split('\n').filter((line) => /^(PASS|FAIL) /.test(line)).every((line) => line.includes('[baseline · base]'))).toBe(true)
    const failing = await runMain(['show', out, '--model', scripted, '--variant', 'base', '--case', 'lyon-week'])
    expect(failing.stdout).toContain('- days: 3\n')
    expect(failing.stdout).toContain('+ days: 5\n')
  })

  it('says which tool result afterToolCall rewrote', async () => {
    const shown = await runMain(['show', out, '--case', 'time-oslo', '--model', 'baseline', '--variant', 'base'])
    expect(shown.stdout.match(/\n {2}↳ rewritten by afterToolCall: the model was sent this, not the stub's result\n/g)).toHaveLength(3)
  })

  it('says "did you mean" for an unknown variant or model, naming those the report has (exit 2)', async () => {
    const variant = await runMain(['show', out, '--variant', 'terce'])
    expect(variant.code).toBe(2)
    expect(variant.stderr).toContain('no variant "terce" in this report (did you mean "terse"?); its variants are base, terse')
    const model = await runMain(['show', out, '--model', 'baselin'])
    expect(model.code).toBe(2)
    expect(model.stderr).toContain('no model "baselin" in this report (did you mean "baseline"?)')
  })
})
