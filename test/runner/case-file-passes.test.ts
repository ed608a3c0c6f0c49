// A JSON Lines case file is read line by line, never held: each pass over it before the first request is a read of
// the whole file. The tool-name check (`checkRequest` of openai:, anthropic:, google:) made every such run read it one
// pass more than the suite load and the case selection; it is now asked in the selection's pass.
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LineReader } from '../../src/io/read-lines.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { chatTextReply, startLoopback, type Loopback } from '../providers/fake/loopback.ts'

const servers: Loopback[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

describe('a JSON Lines case file before the first request', () => {
  it('is read twice by an openai: run — the load\'s check and the selection, which asks the request checks too', { timeout: 30_000 }, async () => {
    const tools = [{ name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]
    const cases = ['a', 'b', 'c'].map((id) => JSON.stringify({ id, prompt: 'go', expect: { calls: [] } })).join('\n')
    const dir = tempFiles({ 'suite.json': JSON.stringify({ name: 'passes', tools, cases: './cases.jsonl' }), 'cases.jsonl': cases })
    const file = join(dir, 'cases.jsonl')
    // A pass is a read of the file's first line; the run's own read of its first case is counted apart.
    let passes = 0
    let beforeFirstRequest: number | undefined
    const next = LineReader.prototype.next
    vi.spyOn(LineReader.prototype, 'next').mockImplementation(function (this: LineReader) {
      const line = next.call(this)
      if (this.file === file && line?.line === 1) passes++
      return line
    })
    const server = await startLoopback(() => {
      beforeFirstRequest ??= passes
      return chatTextReply('Nothing to do.')
    })
    servers.push(server)
    vi.stubEnv('OPENAI_API_KEY', 'sk-test-0123456789')
    vi.stubEnv('OPENAI_BASE_URL', `${server.origin}/v1`)
    try {
      const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.json')], models: ['openai:gpt-4o'], outDir: join(dir, 'out'), concurrency: 1, providerOptions: { retries: 0 } })
      expect(outcome.report.summary[0]).toMatchObject({ passed: 3 })
    } finally {
      vi.unstubAllEnvs()
    }
    // The load's check, the selection, and the run's read of the first case.
    expect(beforeFirstRequest).toBe(3)
  })
})
