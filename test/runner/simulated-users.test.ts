// Simulated users (`user: { model, instructions, max_messages }`) through the runner: the simulator speaks first,
// ###STOP### ends the conversation unsent, max_messages ends it, the verdict comes from the case-level expect, the
// simulator's spec and prompt hash are recorded, a simulator failure is errored (simulator_error), a scripted
// simulator's path is read against the suite file, a missing script is bad input, and repeats give pass^k.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { Message } from '../../src/core/message.ts'
import { emptyUsage, type ModelTurn } from '../../src/core/model-turn.ts'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { simulatorRecord } from '../../src/loop/simulated-user.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { trapped } from '../helpers/trapped.ts'
import { readFileSync, writeFileSync } from 'node:fs'

const tools = JSON.stringify([{ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'], additionalProperties: false } }])
const world = `export function createWorld(state) {
  return { cancel_order({ order_id }) { state.orders[order_id] = 'cancelled'; return { ok: true } } }
}
`
const instructions = 'You are Ada. Secret goal: get order O-1 cancelled.'

/** A suite folder with one simulated-user case; `users` is the simulator's script (fixtures/users.yaml next to it). */
function suiteFolder(users: string, options: { maxMessages?: number; simulator?: string } = {}) {
  return tempFiles({
    'tools.json': tools,
    'world.mjs': world,
    'fixtures/users.yaml': users,
    'shop/suite.yaml': [
      'name: shop',
      'tools: ../tools.json',
      'world: { module: ../world.mjs, export: createWorld }',
      'cases:',
      '  - id: cancel',
      '    state: { orders: { O-1: open } }',
      '    user:',
      `      model: ${options.simulator ?? 'scripted:../fixtures/users.yaml'}`,
      `      instructions: ${JSON.stringify(instructions)}`,
      `      max_messages: ${options.maxMessages ?? 5}`,
      '    expect:',
      '      calls: [{ name: cancel_order, args: { order_id: O-1 } }]',
      '      state: { orders: { O-1: cancelled } }',
    ].join('\n'),
  })
}

/** The model under test: calls cancel_order on the message that names the order (or never, `cancels: false`); records its requests. */
function agent(options: { cancels?: boolean | ((repeat: number) => boolean) } = {}): Provider & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = []
  return {
    id: 'agent',
    requests,
    async doGenerate(request): Promise<ModelTurn> {
      requests.push(request)
      const last = request.messages.at(-1) as Message
      const cancels = typeof options.cancels === 'function' ? options.cancels(request.context.repeat) : options.cancels ?? true
      const call = cancels && last.role === 'user' && last.content.includes('O-1')
      return {
        text: call ? '' : last.role === 'tool' ? 'Cancelled.' : 'Which order?',
        toolCalls: call ? [{ id: 'c1', name: 'cancel_order', rawArguments: '{"order_id":"O-1"}' }] : [],
        finishReason: { unified: call ? 'tool-calls' : 'stop', raw: 'x' },
        usage: emptyUsage,
        latencyMs: 0,
      }
    },
  }
}

const script = (...lines: string[]) => `cancel:\n${lines.map((line) => `  - content: ${JSON.stringify(line)}`).join('\n')}\n`

async function run(dir: string, model: Provider, extra: { repeat?: number; providers?: Provider[] } = {}) {
  return runEvaluation({ suitePaths: [join(dir, 'shop')], models: [model.id], providers: [model, ...(extra.providers ?? [])], outDir: join(dir, 'out'), concurrency: 1, ...(extra.repeat ? { repeat: extra.repeat } : {}) })
}

describe('simulated users', () => {
  it('the simulated user speaks first; its instructions never reach the model under test; ###STOP### ends the conversation unsent', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.', 'It is O-1.', 'Thanks! ###STOP###', 'never asked for'))
    const model = agent()
    const outcome = await run(dir, model)
    const [result] = outcome.report.results
    expect(result?.passed, JSON.stringify(result?.failures)).toBe(true)
    // The first request of the model under test ends with the simulator's first message.
    expect(model.requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'Hi, I need to cancel an order.' })
    const everything = JSON.stringify(model.requests.map((request) => request.messages))
    expect(everything).not.toContain('Secret goal')
    expect(everything).not.toContain('###STOP###')
    expect(result?.conversation?.map((step) => step.user)).toEqual(['Hi, I need to cancel an order.', 'It is O-1.'])
  })

  it('max_messages ends the conversation (the user never got to say the order id: the case expectation fails)', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.', 'It is O-1.', '###STOP###'), { maxMessages: 1 })
    const outcome = await run(dir, agent())
    const [result] = outcome.report.results
    expect(result?.conversation).toHaveLength(1)
    expect(result?.verdict).toBe('failed')
    expect(result?.failures.map((failure) => failure.kind)).toEqual(expect.arrayContaining(['missing_call', 'state_mismatch']))
  })

  it('the verdict comes from the case-level expect: an agent that never cancels fails on its calls and the world state', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.', 'It is O-1.', '###STOP###'))
    const [result] = (await run(dir, agent({ cancels: false }))).report.results
    expect(result?.verdict).toBe('failed')
    expect(result?.failures.map((failure) => failure.kind)).toEqual(expect.arrayContaining(['missing_call', 'state_mismatch']))
  })

  it('records the simulator\'s spec and the sha256 of its prompt on the result', async () => {
    const dir = suiteFolder(script('It is O-1.', '###STOP###'))
    const [result] = (await run(dir, agent())).report.results
    expect(result?.simulator).toEqual(simulatorRecord('scripted:../fixtures/users.yaml', instructions))
    expect(result?.simulator?.promptHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a simulator that fails is simulator_error: errored, in no rate, never the tested model\'s fault', async () => {
    const dir = suiteFolder('', { simulator: 'sim' })
    const broken: Provider = { id: 'sim', doGenerate: async () => { throw new ProviderError('HTTP 503 from the simulator') } }
    const outcome = await run(dir, agent(), { providers: [broken] })
    const [result] = outcome.report.results
    expect(result?.verdict).toBe('errored')
    expect(result?.failures.map((failure) => failure.kind)).toEqual(['simulator_error'])
    expect(result?.failures[0]?.message).toContain('HTTP 503 from the simulator')
    expect(outcome.report.summary[0]?.accuracy).toBeNull()
  })

  it('a simulator that throws a Proxy whose every trap throws is simulator_error, with no status nor retries (none can be read)', async () => {
    const dir = suiteFolder('', { simulator: 'sim' })
    const broken: Provider = { id: 'sim', doGenerate: async () => { throw trapped() } }
    const [result] = (await run(dir, agent(), { providers: [broken] })).report.results
    expect(result?.failures).toEqual([{ kind: 'simulator_error', message: expect.stringContaining('a value that cannot be described'), userMessage: 0 }])
  })

  it('an empty answer from the simulator is simulator_error too (a script that ends without ###STOP###)', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.'))
    const [result] = (await run(dir, agent())).report.results
    expect(result?.verdict).toBe('errored')
    expect(result?.failures.map((failure) => failure.kind)).toEqual(['simulator_error'])
    expect(result?.failures[0]?.message).toContain('empty answer at message 2')
  })

  it('through the CLI a failing simulator is exit 3, and the closing line names simulator_error, not only provider_error', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.'))
    writeFileSync(join(dir, 'agent.yaml'), 'cancel:\n  - content: Which order?\n')
    const result = await runMain(['run', join(dir, 'shop'), '--model', `scripted:${join(dir, 'agent.yaml')}`, '--out', join(dir, 'out')])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('simulator_error')
  })

  it("a simulator's own key variable (config providers: api_key_env) is a secret of the run: redacted in the report", async () => {
    process.env.TOOLGAUGE_TEST_SIM_KEY = 'sim-secret-4711'
    try {
      const dir = suiteFolder(script('My key is sim-secret-4711, cancel O-1.', '###STOP###'))
      const model = agent()
      const outcome = await runEvaluation({
        suitePaths: [join(dir, 'shop')], models: [model.id], providers: [model], outDir: join(dir, 'out'),
        modelOptions: { 'scripted:../fixtures/users.yaml': { apiKeyEnv: 'TOOLGAUGE_TEST_SIM_KEY' } },
      })
      const text = readFileSync(join(dir, 'out', 'report.json'), 'utf8')
      expect(outcome.report.results[0]?.conversation?.[0]?.user).toContain('[redacted]')
      expect(text).not.toContain('sim-secret-4711')
    } finally {
      delete process.env.TOOLGAUGE_TEST_SIM_KEY
    }
  })

  it("--resume runs a simulated-user case again when its scripted simulator's file changed, and keeps it otherwise", async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.', 'It is O-1.', '###STOP###'))
    const options = { suitePaths: [join(dir, 'shop')], models: ['agent'], outDir: join(dir, 'out'), resume: true }
    await runEvaluation({ ...options, providers: [agent()] })
    const same = await runEvaluation({ ...options, providers: [agent()] })
    expect(same.resumed).toMatchObject({ kept: 1, rerun: 0 })
    writeFileSync(join(dir, 'fixtures/users.yaml'), script('Hi, I need to cancel O-1.', '###STOP###'))
    const model = agent()
    const changed = await runEvaluation({ ...options, providers: [model] })
    expect(changed.resumed).toMatchObject({ kept: 0, rerun: 1 })
    expect(model.requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'Hi, I need to cancel O-1.' })
  })

  it('a scripted simulator without a script for the case is bad input before any model call', async () => {
    const dir = suiteFolder('other-case:\n  - content: hi\n')
    const model = agent()
    await expect(run(dir, model)).rejects.toThrow(/no script for case "shop\/cancel"/)
    expect(model.requests).toHaveLength(0)
  })

  it('repeats of a simulated-user case give pass^k as τ-bench reports it (every one of k draws passes)', async () => {
    const dir = suiteFolder(script('Hi, I need to cancel an order.', 'It is O-1.', '###STOP###'))
    // Repeat 2 of 3 never cancels: pass^1 = 2/3, pass^2 = C(2,2)/C(3,2) = 1/3, pass^3 = 0.
    const outcome = await run(dir, agent({ cancels: (repeat) => repeat !== 1 }), { repeat: 3 })
    expect(outcome.report.results.map((result) => result.verdict)).toEqual(['passed', 'failed', 'passed'])
    const passHatK = outcome.report.summary[0]?.passHatK as Record<string, number>
    expect(passHatK['1']).toBeCloseTo(2 / 3)
    expect(passHatK['2']).toBeCloseTo(1 / 3)
    expect(passHatK['3']).toBe(0)
  })
})
