// `expect.custom: { module, export }` end to end through `toolgauge run`: a check's pass: false is custom_check
// with its message, its score is stored on the result, a throwing / misshapen / hanging check is harness_error
// (errored), a misnamed export is exit 2 with "did you mean" before any model call, and a conversation's check
// sees the world's state (per message and at the end).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { Fingerprints } from '../../src/runner/fingerprint.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityScript, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const checks = `
export function mentionsCity(input) {
  const city = input.calls[0]?.arguments?.city
  const pass = input.finalText.includes(city === 'Oslo' ? 'Cold' : 'Sunny')
  return { pass, message: pass ? 'ok' : 'the answer "' + input.finalText + '" does not fit ' + city, score: pass ? 1 : 0.25 }
}
export async function throws() { throw new RangeError('no checker today') }
export function misshapen() { return { passed: true } }
export function hangs() { return new Promise(() => {}) }
export function tryEdit(input) { try { input.transcript.turns[0].text = 'edited' } catch {} return { pass: true } }
`
const world = `
export function createWorld(state) {
  return { refund({ order_id }) { state.refunds.push(order_id); return { ok: true } } }
}
`
// The check a conversation uses: no order is refunded twice, read from the world's state.
const conversationChecks = `
export function noDuplicateRefunds({ state, userMessage }) {
  const seen = new Set()
  for (const id of state.refunds) { if (seen.has(id)) return { pass: false, message: 'order ' + id + ' refunded twice' + (userMessage === undefined ? '' : ' by message ' + (userMessage + 1)) }; seen.add(id) }
  return { pass: true, message: state.refunds.length + ' refunds', score: state.refunds.length }
}
`

function weatherSuite(cases: string[]): Record<string, string> {
  return {
    'tools.json': tools,
    'checks.ts': checks,
    'suite.yaml': ['name: checked', 'tools: ./tools.json', 'cases:', ...cases].join('\n'),
    'script.yaml': twoCityScript,
  }
}

async function run(dir: string): Promise<{ code: number; stderr: string; report: Report }> {
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  return { code: result.code, stderr: result.stderr, report: JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report }
}

describe('custom checks (expect.custom)', () => {
  it('pass: false is custom_check with the check\'s message; pass: true passes; the score is stored on the result', async () => {
    const dir = tempFiles(weatherSuite([
      '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather }], custom: { module: ./checks.ts, export: mentionsCity } } }',
      '  - { id: paris, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather }], custom: [{ module: ./checks.ts, export: mentionsCity }] } }',
    ]))
    const { code, report } = await run(dir)
    expect(code).toBe(1)
    const [oslo, paris] = report.results
    expect(oslo?.verdict).toBe('passed')
    expect(oslo?.checks).toEqual([{ kind: 'custom', check: 'checks.ts#mentionsCity', pass: true, message: 'ok', score: 1 }])
    expect(paris?.verdict).toBe('failed')
    expect(paris?.failures).toEqual([{ kind: 'custom_check', message: 'checks.ts#mentionsCity: the answer "Mild." does not fit Paris' }])
    expect(paris?.checks).toEqual([{ kind: 'custom', check: 'checks.ts#mentionsCity', pass: false, message: 'the answer "Mild." does not fit Paris', score: 0.25 }])
  })

  it('a check that throws, answers in another shape or never settles is harness_error (errored); the input is frozen', async () => {
    const dir = tempFiles(weatherSuite([
      '  - { id: oslo, prompt: Weather in Oslo?, expect: { custom: [{ module: ./checks.ts, export: throws }, { module: ./checks.ts, export: misshapen }], extra_calls: allow } }',
      '  - { id: paris, prompt: Weather in Paris?, stub_timeout: 0.05, expect: { custom: [{ module: ./checks.ts, export: tryEdit }, { module: ./checks.ts, export: hangs }], extra_calls: allow } }',
    ]))
    const { code, report } = await run(dir)
    expect(code).toBe(2)
    const [oslo, paris] = report.results
    expect(oslo?.verdict).toBe('errored')
    expect(oslo?.failures.map((failure) => failure.message)).toEqual([
      'custom check checks.ts#throws threw: RangeError: no checker today',
      'custom check checks.ts#misshapen returned an object with an unknown key "passed" (did you mean "pass"?); expected { pass: boolean, message?: string, score?: number } (message required when pass is false)',
    ])
    expect(oslo?.failures.every((failure) => failure.kind === 'harness_error')).toBe(true)
    expect(paris?.verdict).toBe('errored')
    expect(paris?.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining('custom check checks.ts#hangs did not settle within 0.05 s') }])
    expect(paris?.turns[0]?.text).not.toBe('edited')
  })

  it('an export the module lacks is exit 2 with file:line and "did you mean", before any model call', async () => {
    const dir = tempFiles(weatherSuite([
      '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather }] } }',
      '  - id: paris',
      '    prompt: Weather in Paris?',
      '    expect: { custom: { module: ./checks.ts, export: mentionCity } }',
    ]))
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expectInputError({ ...result, code: result.code }, 'suite.yaml:7', 'cases.1.expect.custom.export', 'has no exported function "mentionCity"', 'did you mean "mentionsCity"?')
  })

  it('a conversation\'s checks see the world\'s state after each reply and at the end', async () => {
    const dir = tempFiles({
      'world.mjs': world,
      'checks.mjs': conversationChecks,
      'suite.yaml': [
        'name: refunds',
        'world: { module: ./world.mjs }',
        'tools: [{ name: refund, description: Refund an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }]',
        'cases:',
        '  - id: twice',
        '    state: { refunds: [] }',
        '    conversation:',
        '      - user: Refund O-1.',
        '        expect: { custom: { module: ./checks.mjs, export: noDuplicateRefunds }, extra_calls: allow }',
        '      - user: Refund O-1 again.',
        '        expect: { custom: { module: ./checks.mjs, export: noDuplicateRefunds }, extra_calls: allow }',
        '    expect: { custom: { module: ./checks.mjs, export: noDuplicateRefunds } }',
      ].join('\n'),
      'script.yaml': [
        'twice:',
        '  - tool_calls: [{ id: c1, name: refund, arguments: { order_id: O-1 } }]',
        '  - content: Refunded.',
        '  - tool_calls: [{ id: c2, name: refund, arguments: { order_id: O-1 } }]',
        '  - content: Refunded again.',
      ].join('\n'),
    })
    const { report } = await run(dir)
    const [twice] = report.results
    expect(twice?.failures).toEqual([
      { kind: 'custom_check', message: 'checks.mjs#noDuplicateRefunds: order O-1 refunded twice by message 2', userMessage: 1 },
      { kind: 'custom_check', message: 'checks.mjs#noDuplicateRefunds: order O-1 refunded twice' },
    ])
    expect(twice?.checks?.[0]).toEqual({ kind: 'custom', check: 'checks.mjs#noDuplicateRefunds', pass: true, message: '1 refunds', score: 1, userMessage: 0 })
  })

  it('the fingerprint covers the check module\'s content', async () => {
    const dir = tempFiles(weatherSuite(['  - { id: oslo, prompt: Weather in Oslo?, expect: { custom: { module: ./checks.ts, export: mentionsCity } } }']))
    const before = await new Fingerprints().of((await loadSuite(join(dir, 'suite.yaml'))).cases[0]!, 'm', {}, undefined)
    writeFileSync(join(dir, 'checks.ts'), `${checks}\n// changed\n`)
    const after = await new Fingerprints().of((await loadSuite(join(dir, 'suite.yaml'))).cases[0]!, 'm', {}, undefined)
    expect(after).not.toBe(before)
  })
})
