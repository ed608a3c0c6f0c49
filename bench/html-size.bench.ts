// report.html at BFCL size: 400 cases × 400 tools through `toolgauge run --format html` and `merge --format html`
// of two shards (the CLI as users run it, a scripted model). Issue 11's budget: under 5 MB, and no crash (0.1.0
// threw RangeError on the 400 × 400 confusion grid). A figure, not a test: test/report/html-scale.test.ts asserts.
import { spawnSync } from 'node:child_process'
import { rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bfclSizeSuite } from '../test/report/bfcl-size-fixture.ts'

const cases = 400
const toolCount = 400
const budgetBytes = 5 * 1024 * 1024
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'toolgauge.mjs')

/** Runs the CLI, its table thrown away; returns the wall time and exit code. */
function toolgauge(args: readonly string[]): { seconds: number; code: number | null; stderr: string } {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, code: result.status, stderr: result.stderr }
}

export async function run(): Promise<void> {
  const fixture = bfclSizeSuite(cases, toolCount)
  const model = `scripted:${fixture.script}`
  try {
    const out = join(fixture.dir, 'run')
    const single = toolgauge(['run', fixture.suite, '--model', model, '--format', 'html', '--out', out])
    report('run --format html', single, join(out, 'report.html'))
    const shards = [1, 2].map((i) => join(fixture.dir, `shard-${i}`))
    for (const [i, dir] of shards.entries()) toolgauge(['run', fixture.suite, '--model', model, '--shard', `${i + 1}/2`, '--out', dir])
    const merged = join(fixture.dir, 'merged')
    const merge = toolgauge(['merge', ...shards.map((dir) => join(dir, 'report.json')), '--format', 'html', '--out', merged])
    report('merge --format html (2 shards)', merge, join(merged, 'report.html'))
  } finally {
    if (!process.env.KEEP) rmSync(fixture.dir, { recursive: true, force: true }); else console.log(fixture.dir)
  }
}

function report(what: string, outcome: { seconds: number; code: number | null; stderr: string }, file: string): void {
  // Exit 1 is the verdict (some scripted cases fail on purpose); anything else is a crash.
  if (outcome.code !== 1) {
    console.log(`${what}: exit ${outcome.code}\n${outcome.stderr.slice(0, 2000)}`)
    return
  }
  const bytes = statSync(file).size
  console.log(`${what}: ${cases} cases × ${toolCount} tools → report.html ${(bytes / 1e6).toFixed(2)} MB (${bytes < budgetBytes ? 'within' : 'OVER'} the 5 MB budget), ${outcome.seconds.toFixed(1)} s wall for the whole command`)
}
