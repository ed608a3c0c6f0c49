import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const cities = ['Paris', 'Rome', 'Oslo']
const script = cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.']).join('\n')
/** A suite of three cases; `extra` adds suite-level settings (stubs, hooks). */
const suite = (extra: readonly string[] = []) => ['name: state', 'tools: ./tools.json', ...extra, 'cases:',
  ...cities.flatMap((city) => [`  - id: ${city.toLowerCase()}`, `    prompt: Weather in ${city}?`, '    expect:', `      calls: [{ name: get_weather, args: { city: ${city} } }]`])].join('\n')

/** A live stub that answers Paris and never settles for Rome (holding the event loop, as a stuck socket does). */
const hangingStub = [
  "import { writeFileSync } from 'node:fs'",
  'export function weather(args) {',
  "  if (args.city !== 'Rome') return { temperature: 20 }",
  '  writeFileSync(process.env.STUB_STARTED, String(process.pid))',
  '  return new Promise(() => { setInterval(() => {}, 1000) })',
  '}',
].join('\n')

type Finished = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Starts the source CLI in the background: its output, exit, and a way to send it signals. */
function startCli(args: readonly string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), ...args], { cwd: projectRoot, env: { ...process.env, CI: 'true', ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += String(chunk)))
  child.stderr.on('data', (chunk) => (stderr += String(chunk)))
  // The safety net of a test that would hang: killed, it fails on its exit code.
  const guard = setTimeout(() => child.kill('SIGKILL'), 25_000)
  const finished = new Promise<Finished>((resolve) => child.on('close', (code, signal) => {
    clearTimeout(guard)
    resolve({ code, signal, stdout, stderr })
  }))
  return { child, finished }
}

/** Resolves once a file exists (the stub's "I am running" marker), or rejects when the process ended first. */
async function fileAppears(file: string, finished: Promise<Finished>): Promise<void> {
  let ended = false
  void finished.then(() => (ended = true))
  while (!existsSync(file)) {
    if (ended) throw new Error(`the run ended before ${file} appeared: ${JSON.stringify(await finished)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A pid no process has any more: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

describe('a run owns its --out folder', () => {
  it('a second run on the same --out is refused (exit 2, naming the first run\'s pid) and leaves the first run\'s journal alone', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'stubs.mjs': hangingStub, 'suite.yaml': suite(['stubs:', '  get_weather: { module: ./stubs.mjs, export: weather }']), 'script.yaml': script })
    const out = join(dir, 'out')
    const marker = join(dir, 'stub-started')
    const args = ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--concurrency', '1', '--out', out]
    const first = startCli(args, { STUB_STARTED: marker })
    await fileAppears(marker, first.finished)

    const second = runCli(args, { env: { STUB_STARTED: join(dir, 'second-started') } })
    expectInputError(second, `pid ${first.child.pid}`, '--out')
    expect(existsSync(join(dir, 'second-started')), 'the second run made no model call').toBe(false)
    // The first run's journal is untouched: Paris is still in it.
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toContain('"case":"paris"')

    first.child.kill('SIGINT')
    const ended = await first.finished
    expect(ended.code, ended.stderr).toBe(130)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    expect(report.run.interrupted).toBe(true)
    expect(report.results.map((result) => result.case)).toEqual(['paris'])
    expect(existsSync(join(out, 'run.lock')), 'the lock is removed when the run ends').toBe(false)
  })

  it('a lock left by a run that is gone is taken over, saying so', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite(), 'script.yaml': script })
    const out = join(dir, 'out')
    const pid = deadPid()
    const args = ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out]
    expect(runCli(args).code).toBe(0)
    // That run was killed (SIGKILL, a lost CI machine): its lock stayed.
    writeFileSync(join(out, 'run.lock'), JSON.stringify({ pid, host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }))
    const result = runCli(args)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`took over the lock in ${out} of run pid ${pid}`)
    expect(result.stderr).toContain('no longer running')
    expect(existsSync(join(out, 'run.lock'))).toBe(false)
  })

  it('--out naming an existing file is exit 2 with a message, not a stack trace', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite(), 'script.yaml': script, 'taken.txt': 'not a folder' })
    for (const out of [join(dir, 'taken.txt'), join(dir, 'taken.txt', 'sub')]) {
      const result = runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out])
      expectInputError(result, '--out', 'taken.txt', 'is a file')
    }
    expect(readFileSync(join(dir, 'taken.txt'), 'utf8')).toBe('not a folder')
  })
})

describe('Ctrl-C', () => {
  it('abandons a live stub that never settles and writes the partial report (exit 130)', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'stubs.mjs': hangingStub, 'suite.yaml': suite(['stubs:', '  get_weather: { module: ./stubs.mjs, export: weather }']), 'script.yaml': script })
    const out = join(dir, 'out')
    const marker = join(dir, 'stub-started')
    const run = startCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--concurrency', '2', '--out', out], { STUB_STARTED: marker })
    await fileAppears(marker, run.finished)
    run.child.kill('SIGINT')
    const ended = await run.finished
    expect(ended.code, ended.stderr).toBe(130)
    expect(ended.stderr).toContain('abandoned')
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    expect(report.run.interrupted).toBe(true)
    // Rome was abandoned (not a result: --resume runs it again); Oslo was not started or was stopped at the interrupt.
    expect(report.results.map((result) => result.case)).not.toContain('rome')
    expect(report.results.map((result) => result.case)).toContain('paris')
  })

  it('twice: the second Ctrl-C still writes the journal\'s finished lines before exiting 130', async () => {
    // Paris finishes; Rome's hook is where the user presses Ctrl-C twice, before the journal's next write.
    const hooks = "export function beforeToolCall(call) {\n  if (call.arguments.city === 'Rome') { process.emit('SIGINT'); process.emit('SIGINT') }\n}\n"
    const dir = tempFiles({ 'tools.json': tools, 'hooks.mjs': hooks, 'suite.yaml': suite(['hooks: ./hooks.mjs']), 'script.yaml': script })
    const out = join(dir, 'out')
    const { finished } = startCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--concurrency', '1', '--out', out], {})
    const ended = await finished
    expect(ended.code, ended.stderr).toBe(130)
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean)
    expect(lines.map((line) => (JSON.parse(line) as { case: string }).case)).toEqual(['paris'])
    expect(existsSync(join(out, 'run.lock'))).toBe(false)
  })
})

describe('the out folder lock (library)', () => {
  it('two runs of one process on one folder: the second is refused, and the first one\'s lock is its own until released', async () => {
    const { lockOutFolder } = await import('../../src/runner/out-lock.ts')
    const out = join(tempFiles({}), 'out')
    const first = lockOutFolder(out)
    expect(() => lockOutFolder(out)).toThrow(`pid ${process.pid}`)
    first.release()
    expect(existsSync(join(out, 'run.lock'))).toBe(false)
    lockOutFolder(out).release()
  })
})
