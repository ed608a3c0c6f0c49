import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'
import { inlineText } from '../../src/report/markdown-text.ts'

// A merged report whose every gate passed but whose merge exits 1: a case of the run without gates failed, and it
// must pass (run.merged.mustPass). Its Markdown, HTML and `show` read the merge's decision: none says the gates
// all passed, and each names the failure no gate covers as the merge's console does.

/** Runs `label` (scripted from `<label>.yaml`) over the store suite with `flags`; returns its report.json. */
async function run(dir: string, label: string, flags: readonly string[], exit: number): Promise<string> {
  const out = join(dir, `run-${label}`)
  const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, `${label}.yaml`)}`, ...flags, '--out', out])
  expect(result.code, result.stderr).toBe(exit)
  return join(out, 'report.json')
}

/**
 * Run a (no gate) and b (--min-accuracy 0.5), scripted with that many cases right, merged with --format md,html:
 * the merge's folder, after checking each exit code.
 */
async function mergedRuns(right: { a: number; b: number }, exits: { a: number; b: number; merged: number }): Promise<{ dir: string; out: string; stdout: string }> {
  const dir = storeFiles(right)
  const inputs = [await run(dir, 'a', [], exits.a), await run(dir, 'b', ['--min-accuracy', '0.5'], exits.b)]
  const out = join(dir, 'merged')
  const merged = await runCli(['merge', ...inputs, '--out', out, '--format', 'md,html'])
  expect(merged.code, merged.stderr).toBe(exits.merged)
  return { dir, out, stdout: merged.stdout }
}

describe('the formats of a merged report say what the merge decided', () => {
  it('a must-pass case that failed under all-passing gates: md, html and show name it and do not say all passed', async () => {
    // a fails read-4 without gates (exit 1); b meets --min-accuracy 0.5 with the same failure.
    const { dir, out, stdout } = await mergedRuns({ a: 3, b: 3 }, { a: 1, b: 0, merged: 1 })
    const line = `1 case run(s) failed that no gate covers (from reports without metric gates, whose every case must pass, as their runs' exit codes asked): store/read-4 [scripted:${join(dir, 'a.yaml')}] #1`
    expect(stdout).toContain(line)

    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    expect(markdown).not.toContain('all passed')
    expect(markdown).toContain('### Gates: 1 case run(s) failed that no gate covers')
    expect(markdown).toContain(inlineText(line))

    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html).not.toContain('all passed')
    expect(html).toContain('<h2>Gates: 1 case run(s) failed that no gate covers</h2>')
    expect(html).toContain(line.replace(/'/g, '&#39;'))

    const shown = await runCli(['show', join(out, 'report.json')])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(line)
  })

  it('with a gate failed as well, the headline counts both', async () => {
    const { out } = await mergedRuns({ a: 3, b: 1 }, { a: 1, b: 1, merged: 1 })
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('### Gates: 1 failed; 1 case run(s) failed that no gate covers')
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<h2>Gates: 1 failed; 1 case run(s) failed that no gate covers</h2>')
  })

  it('a merge whose gates decide and whose must-pass cases passed still says all passed', async () => {
    const { out } = await mergedRuns({ a: 4, b: 3 }, { a: 0, b: 0, merged: 0 })
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('### Gates: all passed')
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<h2>Gates: all passed</h2>')
    expect((await runCli(['show', join(out, 'report.json')])).stdout).not.toContain('no gate covers')
  })
})

describe('the formats of a run whose only gate is a tool budget say its failed cases decide', () => {
  it('a failed case under a passing max_tool_tokens budget: md, html and show do not say all passed', async () => {
    // Without a metric gate every case must pass (exit 1); the budget's ✓ is not the run's verdict.
    const dir = storeFiles({ a: 3 })
    writeFileSync(join(dir, 'suite.yaml'), `max_tool_tokens: 100000\n${readFileSync(join(dir, 'suite.yaml'), 'utf8')}`)
    const out = join(dir, 'run')
    const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--out', out, '--format', 'md,html'])
    expect(result.code, result.stderr).toBe(1)
    const line = `1 case run(s) failed that no gate covers (from reports without metric gates, whose every case must pass, as their runs' exit codes asked): store/read-4 [scripted:${join(dir, 'a.yaml')}] #1`
    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    expect(markdown).toContain('max-tool-tokens')
    expect(markdown).not.toContain('all passed')
    expect(markdown).toContain('### Gates: 1 case run(s) failed that no gate covers')
    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html).not.toContain('all passed')
    expect(html).toContain('<h2>Gates: 1 case run(s) failed that no gate covers</h2>')
    const shown = await runCli(['show', join(out, 'report.json')])
    expect(shown.stdout).toContain(line)
  })
})
