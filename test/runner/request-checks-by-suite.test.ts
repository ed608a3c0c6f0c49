// A model may answer some suites of a run only (`models: - { spec, suites: [...] }`). Its checkCases is asked about
// those suites' cases only; its request check (checkRequest: the tool names an API refuses) was asked about every
// case of the run, so an `openai:` model answering a suite of plain names stopped the run at exit 2 over a dotted
// tool name in a suite that another model answers. It is now asked about the cases it runs.
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { startTextChatServer, type Loopback } from '../providers/fake/loopback.ts'

const servers: Loopback[] = []
afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A suite named `name` with one tool named `tool` and one case that expects no call. */
function suite(name: string, tool: string): string {
  const tools = [{ name: tool, description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]
  return JSON.stringify({ name, tools, cases: [{ id: `${name}-case`, prompt: 'go', expect: { calls: [] } }] })
}

describe('the request checks of a model that answers some suites', () => {
  it('ask about the cases of its suites only', { timeout: 30_000 }, async () => {
    const baseUrl = await startTextChatServer(servers)
    vi.stubEnv('OPENAI_API_KEY', 'sk-test-0123456789')
    vi.stubEnv('OPENAI_BASE_URL', baseUrl)
    const dir = tempFiles({ 'plain.json': suite('plain', 'get_weather'), 'dotted.json': suite('dotted', 'weather.get') })
    const outcome = await runEvaluation({
      suitePaths: [join(dir, 'plain.json'), join(dir, 'dotted.json')],
      models: [{ spec: 'openai:gpt-4o', suites: ['plain'] }, 'baseline'],
      outDir: join(dir, 'out'),
      providerOptions: { retries: 0 },
    })
    expect(outcome.report.results.map((result) => `${result.model} ${result.suite}`).sort()).toEqual(['baseline dotted', 'baseline plain', 'openai:gpt-4o plain'])
    expect(servers[0]!.requests).toHaveLength(1)
  })
})
