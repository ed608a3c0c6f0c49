// examples/local-server — the README's offline stand-in for a real provider ("Try it offline"): a Chat Completions
// server answering with the baseline. The README's commands run as written (its port and report folders moved):
// through HTTP the first suite gets the baseline's verdicts, a recording replays them once the server is gone, and a
// server started with a key refuses a run that sends none (provider_error, exit 3) and serves one that names it.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parse } from 'shell-quote'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { buildOnce } from '../helpers/build-once.ts'
import { runCli, runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

type Server = { readonly url: string; readonly child: ChildProcess }

/** Starts the example server on a free port with the given environment and waits for the URL it prints. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [join(projectRoot, 'examples/local-server/server.mjs'), '0'], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
  return { url, child }
}

async function stop(server: Server): Promise<void> {
  const exited = once(server.child, 'exit')
  server.child.kill()
  await exited
}

const verdicts = (out: string) => (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report).results.map((result) => [result.case, result.verdict])

/** The README block that starts the server, as lines. */
function readmeBlock(): string[] {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const start = readme.indexOf('```\nnode examples/local-server/server.mjs')
  expect(start, 'README shows the local server').toBeGreaterThan(-1)
  const block = readme.slice(start + 4, readme.indexOf('```', start + 4))
  return block.split('\n').map((line) => line.replace(/\s+#\s.*$/, '').trim()).filter((line) => line !== '')
}

describe('examples/local-server', () => {
  beforeAll(() => buildOnce(), 600_000)

  it("the README's commands: the first suite passes through HTTP as with --model baseline, and replays with the server gone", async () => {
    const lines = readmeBlock()
    expect(lines[0]).toBe('node examples/local-server/server.mjs 8765 &')
    expect(lines.filter((line) => line.startsWith('kill '))).toHaveLength(1)
    const into = tempFiles({})
    const baseline = await runMain(['run', join(projectRoot, 'examples/first-suite'), '--model', 'baseline', '--out', join(into, 'baseline')])
    expect(baseline.code, baseline.stderr).toBe(0)
    const server = await startServer()
    let running = true
    const previous = process.cwd()
    process.chdir(projectRoot)
    try {
      for (const line of lines.slice(1)) {
        if (line.startsWith('kill ')) {
          await stop(server)
          running = false
          continue
        }
        const args = (parse(line) as string[]).slice(2).map((arg) => arg.replace('http://127.0.0.1:8765/v1', server.url).replace(/^reports\//, `${into}/`))
        const result = await runMain(args)
        expect(result.code, `${line}\n${result.stdout}${result.stderr}`).toBe(0)
        expect(verdicts(join(into, 'local'))).toEqual(verdicts(join(into, 'baseline')))
      }
    } finally {
      process.chdir(previous)
      if (running) await stop(server)
    }
    expect(running, 'the block stops the server before the replay').toBe(false)
    expect(lines.at(-1)).toContain('--replay')
  }, 120_000)

  it('started with LOCAL_SERVER_KEY it refuses a run that sends no key (provider_error, exit 3) and serves --api-key-env', async () => {
    const server = await startServer({ LOCAL_SERVER_KEY: 'let-me-in' })
    try {
      const out = tempFiles({})
      const run = ['run', 'examples/first-suite', '--model', 'openai-compatible:baseline', '--base-url', server.url, '--out']
      const refused = runCli([...run, join(out, 'refused')], { cwd: projectRoot })
      expect(refused.code, refused.stdout + refused.stderr).toBe(3)
      expect(refused.stdout).toContain('provider_error: openai-compatible:baseline: 401 missing or wrong API key')
      const served = runCli([...run, join(out, 'served'), '--api-key-env', 'LOCAL_KEY'], { cwd: projectRoot, env: { LOCAL_KEY: 'let-me-in' } })
      expect(served.code, served.stdout + served.stderr).toBe(0)
      expect(verdicts(join(out, 'served')).every(([, verdict]) => verdict === 'passed')).toBe(true)
    } finally {
      await stop(server)
    }
  }, 120_000)
})
