// CLI start-up, side by side with a bare `node -e 0` in the same run: wall time and peak RSS of `--help`,
// `--version`, each `<command> --help`, `tokens` of a JSON tools file (user cache on and off), and `run` on the
// bundled suites with `baseline` (with the user cache, warm after the first round, and with an empty one), against
// the built CLI (dist/, `npm run build` first). Peak RSS from /usr/bin/time -v when present, else the child's resource usage.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'dist/cli/toolgauge.js')
const rounds = Number(process.env.STARTUP_ROUNDS ?? 9)

type Sample = { ms: number; cpuMs: number; rssMiB: number }

/** One run of `node <args>`: wall milliseconds and peak RSS (MiB). */
function measure(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Sample {
  const timeBinary = '/usr/bin/time'
  if (existsSync(timeBinary)) {
    const started = process.hrtime.bigint()
    const child = spawnSync(timeBinary, ['-f', '%U %S %M', process.execPath, ...args], { cwd: root, encoding: 'utf8', env })
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const [user = 0, system = 0, kib = 0] = (child.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number)
    return { ms, cpuMs: (user + system) * 1000, rssMiB: kib / 1024 }
  }
  const started = process.hrtime.bigint()
  spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env })
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: Number.NaN, rssMiB: Number.NaN }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

export async function run(): Promise<void> {
  if (!existsSync(cli)) {
    console.log('skipped: dist/ is missing (run `npm run build` first)')
    return
  }
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-startup-'))
  const firstRun = 'toolgauge run suites --model baseline, empty user cache'
  const cacheOff = 'toolgauge tokens --tools suites/weather/tools.json, TOOLGAUGE_CACHE=off'
  const commands = ['run', 'show', 'tokens', 'fuzz', 'bfcl', 'compare', 'merge', 'lint-tools']
  const subjects: [label: string, args: string[]][] = [
    ['node -e 0', ['-e', '0']],
    ['toolgauge --version', [cli, '--version']],
    ['toolgauge --help', [cli, '--help']],
    ...commands.map((name): [string, string[]] => [`toolgauge ${name} --help`, [cli, name, '--help']]),
    // Counting a JSON tools file: with the user cache off, only the BPE rank table is rebuilt (tokens/bpe-table.ts).
    ['toolgauge tokens --tools suites/weather/tools.json', [cli, 'tokens', '--tools', 'suites/weather/tools.json', '--model', 'openai:gpt-4o']],
    [cacheOff, [cli, 'tokens', '--tools', 'suites/weather/tools.json', '--model', 'openai:gpt-4o']],
    ['toolgauge run suites --model baseline', [cli, 'run', 'suites', '--model', 'baseline', '--out', out]],
    // The same run as a fresh machine's first one: an empty user cache (io/disk-cache.ts) each round.
    [firstRun, [cli, 'run', 'suites', '--model', 'baseline', '--out', out]],
  ]
  // Interleaved rounds, so a load spike on the machine hits every subject alike; the median of each is reported.
  const samples = new Map<string, Sample[]>(subjects.map(([label]) => [label, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [label, args] of subjects) {
      const emptyCache = label === firstRun ? mkdtempSync(join(tmpdir(), 'toolgauge-startup-cache-')) : undefined
      const env = emptyCache ? { ...process.env, XDG_CACHE_HOME: emptyCache } : label === cacheOff ? { ...process.env, TOOLGAUGE_CACHE: 'off' } : process.env
      samples.get(label)!.push(measure(args, env))
      if (emptyCache) rmSync(emptyCache, { recursive: true, force: true })
    }
  }
  rmSync(out, { recursive: true, force: true })
  const base = samples.get('node -e 0')!
  const baseMs = median(base.map((sample) => sample.ms))
  const baseCpu = median(base.map((sample) => sample.cpuMs))
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}; ${rounds} interleaved rounds, medians`)
  // CPU time (user + system) is the steadier figure on a loaded machine: wall time includes waiting for a core.
  console.log('| command | wall ms | wall over node -e 0 | CPU ms | CPU over node -e 0 | peak RSS MiB |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const [label, list] of samples) {
    const ms = median(list.map((sample) => sample.ms))
    const cpu = median(list.map((sample) => sample.cpuMs))
    const rss = median(list.map((sample) => sample.rssMiB))
    const over = (value: number, reference: number) => label === 'node -e 0' ? '—' : `${value >= reference ? '+' : ''}${(value - reference).toFixed(0)}`
    console.log(`| ${label} | ${ms.toFixed(0)} | ${over(ms, baseMs)} | ${cpu.toFixed(0)} | ${over(cpu, baseCpu)} | ${rss.toFixed(1)} |`)
  }
}
