// A suite tool named as the API refuses (`weather.get` to OpenAI or Anthropic, `get weather` to Gemini) had every
// request of its cases refused with a 400: each case errored, the run spent on nothing, the reason buried in the
// errors. The official providers now say it before the first request, as bad input (exit 2): the case, the tool
// field, the API's rule and a name it takes. Compatible servers (vLLM, Ollama) take what their templates do: no check.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, makeProvider, setProviderEnv, startFakeServer, type FakeServer, type ProviderKind } from './fake/harness.ts'
import { tempFiles } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { fixture, q } from '../mcp/helpers.ts'

restoreEnvAfterEach(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'GOOGLE_GEMINI_BASE_URL'])
const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

function suiteWithTool(name: string): string {
  const tools = JSON.stringify([{ name, description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': ['name: named', 'tools: ./tools.json', 'cases:', `  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: ${JSON.stringify(name)}, args: { city: Oslo } }] } }`].join('\n') })
  return dir
}

const refused: readonly { kind: ProviderKind; model: string; name: string; api: string; suggested: string }[] = [
  { kind: 'openai', model: 'gpt-4.1-mini', name: 'weather.get', api: 'OpenAI', suggested: 'weather_get' },
  { kind: 'openai-responses', model: 'gpt-4.1-mini', name: 'weather.get', api: 'OpenAI', suggested: 'weather_get' },
  { kind: 'anthropic', model: 'claude-haiku-4-5', name: 'weather.get', api: 'Anthropic', suggested: 'weather_get' },
  { kind: 'google', model: 'gemini-2.5-flash', name: 'get weather', api: 'Gemini', suggested: 'get_weather' },
]

describe('a tool named as the API refuses', () => {
  for (const { kind, model, name, api, suggested } of refused) {
    it(`${kind}: stops the run before any request, naming the case, the tool field, ${api}'s rule and a name it takes`, async () => {
      const server = await startFakeServer(kind, weatherModel)
      open.push(server)
      setProviderEnv(kind, server.origin)
      const provider = await makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin) })
      const dir = suiteWithTool(name)
      const error = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
        .then(() => expect.unreachable('the run should have stopped'), (caught: unknown) => caught)
      expect(InputError.isInstance(error)).toBe(true)
      expect((error as Error).message).toContain(`case "oslo" has a tool named ${JSON.stringify(name)}, which ${api} refuses in every request`)
      expect((error as Error).message).toContain(`rename it, e.g. ${JSON.stringify(suggested)}`)
      expect((error as InputError).location?.field).toBe('oslo.tools[0].name')
      expect(server.requests).toHaveLength(0)
    })
  }

  it('names the API takes are not refused (Gemini takes dots and colons), and openai-compatible checks none', async () => {
    setProviderEnv('openai', undefined)
    for (const { kind, model, name } of [...refused.map((entry) => ({ ...entry, name: 'get_weather-2' })), { kind: 'google' as const, model: 'gemini-2.5-flash', name: 'weather.get:v2' }]) {
      const provider = await makeProvider(kind, model, { baseUrl: 'http://127.0.0.1:9' })
      expect(provider.checkRequest?.({ tools: [{ name, description: '', parameters: { type: 'object' } }], toolChoice: 'auto' })).toBeUndefined()
    }
    const compatible = await makeProvider('openai-compatible', 'qwen3', { baseUrl: 'http://127.0.0.1:9/v1' })
    expect(compatible.checkRequest).toBeUndefined()
  })
})

// An MCP server's tool names are the server's: "rename it" was advice the user cannot follow. The refusal of such a
// tool stays bad input (exit 2) before any request, and now says which server the tool came from and what the user
// can do instead: offer the case only the tools its API takes (the case's tools: list), or a model whose API takes it.
describe('a tool of an MCP server named as the API refuses', () => {
  const dotted = fixture('dotted-server.mjs')
  const serverSuite = (caseTools = '') => tempFiles({ 'suite.yaml': ['name: mcp-named', 'tools:', `  - mcp: { command: ${q(process.execPath)}, args: [${q(dotted)}] }`, 'cases:', `  - { id: look, prompt: Find the issue${caseTools}, expect: { calls: [] } }`].join('\n') })
  /** A fake API of `kind` and a provider for it: the run's one model. */
  const modelOf = async (kind: ProviderKind, model: string) => {
    const server = await startFakeServer(kind, weatherModel)
    open.push(server)
    setProviderEnv(kind, server.origin)
    return { server, provider: await makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin) }) }
  }
  /** The error a run of the suite in `dir` stops with. */
  const stoppedRun = (dir: string, provider: Provider, extra: Partial<Parameters<typeof runEvaluation>[0]> = {}) =>
    runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1, ...extra })
      .then(() => expect.unreachable('the run should have stopped'), (caught: unknown) => caught)

  for (const { kind, model, api } of [{ kind: 'openai', model: 'gpt-4.1-mini', api: 'OpenAI' }, { kind: 'anthropic', model: 'claude-haiku-4-5', api: 'Anthropic' }] as const) {
    it(`${kind}: still exit 2 before any request, naming the server it came from and the case's tools: list instead of a rename`, async () => {
      const { server, provider } = await modelOf(kind, model)
      const error = await stoppedRun(serverSuite(), provider)
      expect(InputError.isInstance(error)).toBe(true)
      const message = (error as Error).message
      expect(message).toContain(`case "look" has a tool named "github.search" of the MCP server "${process.execPath} ${dotted}", which ${api} refuses in every request`)
      expect(message).toContain("the server names its tools, so it cannot be renamed here: leave it out of the case's tools: list (e.g. tools: [get_issue])")
      expect(message).toContain('or use a model whose API takes the name (openai-compatible: servers are not checked)')
      expect(message).not.toContain('rename it, e.g.')
      expect((error as InputError).location?.field).toBe('look.tools[1].name')
      expect(server.requests).toHaveLength(0)
    })
  }

  // A variant's patched description makes a new definition of the tool: it is still the server's tool, so its
  // refusal still names the server (it fell back to "rename it", which the user cannot do).
  it('a variant that patches the tool still names the server it came from', async () => {
    const { server, provider } = await modelOf('openai', 'gpt-4.1-mini')
    const dir = serverSuite()
    writeFileSync(join(dir, 'terse.json'), JSON.stringify({ 'github.search': { description: 'Search issues.' } }))
    // Named `base`, the variant replaces the suite's own tools: only patched definitions are checked.
    const variants = [{ name: 'base', file: join(dir, 'terse.json'), origin: { field: '--variant' } }]
    const error = await stoppedRun(dir, provider, { variants })
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain(`has a tool named "github.search" of the MCP server "${process.execPath} ${dotted}"`)
    expect((error as Error).message).not.toContain('rename it, e.g.')
    expect(server.requests).toHaveLength(0)
  })

  it("a case whose tools: list leaves the tool out is not refused: the remedy the message names works", async () => {
    const { server, provider } = await modelOf('openai', 'gpt-4.1-mini')
    const dir = serverSuite(', tools: [get_issue]')
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
    expect(outcome.report.results.map((result) => result.case)).toEqual(['look'])
    expect(server.requests.length).toBeGreaterThan(0)
  })
})
