import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCase } from '../../src/vitest/index.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { anthropicTextReply, startLoopback, type Loopback } from '../providers/fake/loopback.ts'

// describeSuite refuses a case whose request the model would refuse (Anthropic: a forced tool with thinking on)
// while collecting, with the InputError `runCase` and `toolgauge run` give, before any model call — not as an
// errored test at request time. A collection error fails its whole file, so the suite runs in a child vitest.
const tools = JSON.stringify([{ name: 'get_time', description: 'Time', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteYaml = ['name: thinking', 'tools: ./tools.json', 'cases:', '  - { id: free, prompt: Time in Oslo? }', '  - { id: forced, prompt: Time in Oslo?, tool_choice: required }'].join('\n')
const apiKey = 'sk-ant-test-0123456789'

describe('describeSuite and a request the model refuses', () => {
  let server: Loopback
  beforeEach(async () => {
    server = await startLoopback(() => anthropicTextReply('Noon.'))
    vi.stubEnv('ANTHROPIC_API_KEY', apiKey)
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await server.close()
  })

  it('refuses the case at collection with runCase\'s InputError; no test runs, no request is sent', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml })
    const providerOptions = { retries: 0, settings: { thinking: { type: 'enabled', budget_tokens: 2048 } } } as const
    // The Anthropic model's own host (a run-wide baseUrl is for openai-compatible: models only).
    const modelOptions = { 'anthropic:claude-test': { baseUrl: server.origin } }
    const refusal = await runCase({ suite: join(dir, 'suite.yaml'), case: 'forced', model: 'anthropic:claude-test', providerOptions, modelOptions }).then(() => undefined, (error: Error) => error)
    expect(refusal?.name).toBe('InputError')
    // The case is the user's: the message says what to change in it (conformance's probes are not: refused-probes.test.ts).
    expect(refusal?.message).toContain('case "forced" forces a tool (tool_choice "required"), which Anthropic refuses with thinking on; use auto or none, or run this model without thinking (model anthropic:claude-test)')

    writeFileSync(join(dir, 'refused.test.ts'), [
      `import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}`,
      `describeSuite(${JSON.stringify(join(dir, 'suite.yaml'))}, { model: 'anthropic:claude-test', concurrency: 1, providerOptions: ${JSON.stringify(providerOptions)}, modelOptions: ${JSON.stringify(modelOptions)} })`,
    ].join('\n'))
    const child = runVitest(['--root', dir, '--reporter=json', '--outputFile=out.json'], { cwd: dir, env: { ANTHROPIC_API_KEY: apiKey } })
    expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
    const output = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { message: string; assertionResults: unknown[] }[] }
    expect(output.testResults).toHaveLength(1)
    expect(output.testResults[0]!.message).toContain(refusal!.message)
    expect(output.testResults[0]!.assertionResults).toEqual([])
    expect(server.requests).toHaveLength(0)
  })
})
