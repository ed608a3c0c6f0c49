// Model settings: mapped per protocol, refused where a protocol has no such setting, layered config < entry < --set.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { GenerateRequest } from '../../src/core/provider.ts'
import { InputError } from '../../src/core/errors.ts'
import { createProvider } from '../../src/providers/registry.ts'
import { buildAnthropicRequest } from '../../src/providers/wire/anthropic-request.ts'
import { buildChatRequest } from '../../src/providers/wire/chat-completions-request.ts'
import { buildResponsesRequest } from '../../src/providers/wire/responses-request.ts'
import { modelOptionsFor, resolveModels } from '../../src/runner/model-entries.ts'
import { parseSetFlags } from '../../src/cli/set-flag.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, makeProvider, runMiniCase, setProviderEnv, startFakeServer, type FakeServer } from './fake/harness.ts'

const request: GenerateRequest = { messages: [{ role: 'user', content: 'hi' }], tools: [], toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } }

describe('settings mapping per protocol', () => {
  it('Chat Completions: temperature, top_p, seed, reasoning_effort, verbosity, max tokens', () => {
    const body = buildChatRequest(request, { model: 'm', maxTokens: 300, maxTokensField: 'max_completion_tokens', settings: { temperature: 0, top_p: 0.5, seed: 42, reasoning_effort: 'low', verbosity: 'high' } })
    expect(body).toMatchObject({ temperature: 0, top_p: 0.5, seed: 42, reasoning_effort: 'low', verbosity: 'high', max_completion_tokens: 300 })
  })
  it('Responses: reasoning {effort, summary}, text.verbosity, max_output_tokens', () => {
    const body = buildResponsesRequest(request, { model: 'gpt-5', maxTokens: 300, settings: { reasoning: { effort: 'high', summary: 'auto' }, verbosity: 'low', temperature: 1 } })
    expect(body).toMatchObject({ reasoning: { effort: 'high', summary: 'auto' }, text: { verbosity: 'low' }, max_output_tokens: 300, temperature: 1, store: false })
  })
  it('Anthropic: thinking enabled with budget, adaptive', () => {
    expect(buildAnthropicRequest(request, { model: 'c', maxTokens: 8000, settings: { thinking: { type: 'enabled', budget_tokens: 4000 }, top_p: 0.9 } }))
      .toMatchObject({ thinking: { type: 'enabled', budget_tokens: 4000 }, max_tokens: 8000, top_p: 0.9 })
    expect(buildAnthropicRequest(request, { model: 'c', maxTokens: 8000, settings: { thinking: { type: 'adaptive' } } }).thinking).toEqual({ type: 'adaptive' })
  })
  it('leaves unset settings out of the body', () => {
    const body = buildChatRequest(request, { model: 'm', maxTokensField: 'max_tokens' }) as unknown as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['messages', 'model'])
  })
})

describe('a setting the protocol lacks is a usage error', () => {
  it.each([
    ['openai:gpt-5', { thinking: { type: 'enabled' as const, budget_tokens: 2048 } }, /openai:gpt-5 has no setting "thinking"/],
    ['openai-responses:gpt-5', { reasoning_effort: 'low' }, /has no setting "reasoning_effort" \(Responses takes reasoning: \{ effort \}/],
    ['anthropic:claude-thinker', { seed: 1 }, /has no setting "seed"/],
    ['anthropic:claude-thinker', { verbosity: 'low' }, /has no setting "verbosity"/],
    ['google:gemini-2.5-flash', { reasoning: { effort: 'low' } }, /has no setting "reasoning"/],
    ['openai-compatible:qwen3', { store: true }, /has no setting "store"/],
    ['baseline', { temperature: 0 }, /baseline has no setting "temperature".*it takes no settings/],
  ])('%s with %j', async (spec, settings, message) => {
    const error = await createProvider(spec, { settings, replayDir: '/nonexistent', baseUrl: 'http://127.0.0.1:9/v1' }).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(message)
  })
})

describe('--set', () => {
  it('reads YAML values and dotted keys', () => {
    expect(parseSetFlags(['temperature=0', 'reasoning.effort=high', 'reasoning.summary=auto', 'thinking={type: enabled, budget_tokens: 2048}', 'extra_headers.anthropic-beta=interleaved-thinking-2025-05-14']))
      .toEqual({ temperature: 0, reasoning: { effort: 'high', summary: 'auto' }, thinking: { type: 'enabled', budget_tokens: 2048 }, extra_headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' } })
  })
  it.each([['temperature'], ['nope=1'], ['temperature=hot'], ['thinking={type: enabled}']])('refuses %s', (raw) => {
    expect(() => parseSetFlags([raw])).toThrow(InputError)
  })
  it('exits 2 naming the setting when a model protocol lacks it, before any request', async () => {
    const dir = tempFiles({ 's.suite.yaml': 'name: s\ntools: [{ name: f, parameters: { type: object } }]\ncases: [{ id: c, prompt: hi, expect: { no_call: true } }]\n' })
    const result = await runMain(['run', join(dir, 's.suite.yaml'), '--model', 'anthropic:claude-x', '--set', 'reasoning_effort=low', '--replay', join(dir, 'none'), '--out', join(dir, 'out')])
    rmSync(dir, { recursive: true, force: true })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/anthropic:claude-x has no setting "reasoning_effort"/)
  })
})

describe('settings layering', () => {
  it('config per spec < model entry < --set, objects merged one level deep', () => {
    const [model] = resolveModels([{ spec: 'openai-responses:gpt-5', label: 'low', settings: { reasoning: { effort: 'low' }, temperature: 1 } }])
    const options = modelOptionsFor(model!, { settings: { reasoning: { summary: 'auto' } } }, { 'openai-responses:gpt-5': { settings: { reasoning: { effort: 'medium' }, top_p: 0.5 } } })
    expect(options).toMatchObject({ label: 'low', settings: { reasoning: { effort: 'low', summary: 'auto' }, temperature: 1, top_p: 0.5 } })
  })
  it('refuses the same model identity twice', () => {
    expect(() => resolveModels(['baseline', 'baseline'])).toThrow(/"baseline" is given twice \(models\[0\] and models\[1\]\)/)
    expect(resolveModels(['baseline', { spec: 'baseline', label: 'baseline-2' }]).map((model) => model.id)).toEqual(['baseline', 'baseline-2'])
  })
})

describe('extra_body and extra_headers', () => {
  let server: FakeServer | undefined
  afterEach(async () => server?.close())
  it('are merged into the body and the headers of every request', async () => {
    setProviderEnv('anthropic', undefined)
    server = await startFakeServer('anthropic', weatherModel)
    const provider = await makeProvider('anthropic', 'claude-x', {
      baseUrl: baseUrlFor('anthropic', server.origin),
      settings: { extra_body: { metadata: { user_id: 'u-1' } }, extra_headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' } },
    })
    await runMiniCase(provider, { id: 'x', prompt: 'Weather in Oslo?' })
    expect(server.violations).toEqual([])
    expect(server.requests[0]!.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14')
    expect((server.requests[0]!.body as Record<string, unknown>).metadata).toEqual({ user_id: 'u-1' })
  })
})

describe('labels: the same model twice is two rows', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  it('runs two labelled settings of one model, with labels in report, journal, gates and cassettes', async () => {
    const server = await startFakeServer('openai-responses', weatherModel)
    setProviderEnv('openai-responses', server.origin)
    const suite = 'name: w\ntools: [{ name: get_weather, parameters: { type: object, properties: { city: { type: string } }, required: [city] } }]\ncases:\n  - { id: paris, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }\n'
    const dir = tempFiles({
      'w.suite.yaml': suite,
      'toolgauge.config.yaml': [
        'models:',
        '  - { model: "openai-responses:gpt-5", label: "gpt-5 (low)", reasoning: { effort: low } }',
        '  - { model: "openai-responses:gpt-5", label: "gpt-5 (high)", reasoning: { effort: high } }',
        'gates:',
        '  models:',
        '    "gpt-5 (high)": { min_accuracy: 1 }',
      ].join('\n'),
    })
    dirs.push(dir)
    const config = join(dir, 'toolgauge.config.yaml')
    const result = await runMain(['run', join(dir, 'w.suite.yaml'), '--config', config, '--out', join(dir, 'out'), '--record', join(dir, 'cassettes')])
    await server.close()
    expect(server.violations).toEqual([])
    expect(result.code, result.stderr).toBe(0)
    const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as Report
    expect(report.run.models).toEqual(['gpt-5 (low)', 'gpt-5 (high)'])
    expect(report.results.map((r) => r.model)).toEqual(['gpt-5 (low)', 'gpt-5 (high)'])
    expect(report.gates).toEqual([expect.objectContaining({ model: 'gpt-5 (high)', passed: true })])
    const journal = readFileSync(join(dir, 'out/results.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { model: string }).model)
    expect(journal.sort()).toEqual(['gpt-5 (high)', 'gpt-5 (low)'])
    const efforts = server.requests.map((r) => (r.body as { reasoning?: { effort?: string } }).reasoning?.effort)
    expect(efforts.sort()).toEqual(['high', 'high', 'low', 'low'])
    const cassettes = readdirSync(join(dir, 'cassettes')).map((file) => (JSON.parse(readFileSync(join(dir, 'cassettes', file), 'utf8')) as { context: { model: string } }).context.model)
    expect(cassettes.sort()).toEqual(['gpt-5 (high)', 'gpt-5 (high)', 'gpt-5 (low)', 'gpt-5 (low)'])
    expect(result.stdout).toContain('gpt-5 (low)')
  })
})
