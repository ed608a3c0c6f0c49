// `toolgauge conformance` from the command line: the --json contract, --format md, exit codes, bad input, and the
// report being an ordinary one (compare between two hosts, the HTML report).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { probeIds } from '../../src/conformance/probe-ids.ts'
import { baseUrlFor } from '../providers/fake/harness.ts'
import { runMain } from '../helpers/cli.ts'
import { startStandIn, type Deviation } from './stand-in.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function outFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolgauge-conformance-cli-'))
  folders.push(folder)
  return folder
}

/** `toolgauge conformance` against an openai-compatible stand-in (with a deviation planted), in process. */
async function conformance(args: readonly string[], deviation?: Deviation, out = outFolder()) {
  const server = await startStandIn('openai-compatible', deviation)
  try {
    const result = await runMain(['conformance', '--model', 'openai-compatible:qwen3:8b', '--base-url', baseUrlFor('openai-compatible', server.origin), '--retries', '0', '--out', out, ...args])
    return { ...result, out }
  } finally {
    await server.close()
  }
}

describe('toolgauge conformance', () => {
  it('--json prints exactly { models: [ { spec, probes: [ { id, stream, passed, required, message, verdict } ], totals } ], totals }, one entry per probe', async () => {
    const { code, stdout } = await conformance(['--json'])
    expect(code).toBe(0)
    const document = JSON.parse(stdout) as { models: { spec: string; probes: Record<string, unknown>[]; totals: unknown }[]; totals: unknown }
    expect(Object.keys(document)).toEqual(['models', 'totals'])
    expect(document.models.map((model) => Object.keys(model))).toEqual([['spec', 'probes', 'totals']])
    expect(document.models[0]!.spec).toBe('openai-compatible:qwen3:8b')
    const probes = document.models[0]!.probes
    // stream_equivalence needs both modes: a run that streams nothing has every other probe once.
    expect(probes.map((probe) => probe.id)).toEqual(probeIds.filter((id) => id !== 'stream_equivalence'))
    for (const probe of probes) {
      expect(Object.keys(probe)).toEqual(['id', 'stream', 'passed', 'required', 'message', 'verdict'])
      expect(probe).toMatchObject({ stream: false, passed: true, verdict: 'passed' })
      expect(typeof probe.required).toBe('boolean')
      expect(typeof probe.message).toBe('string')
    }
    expect(probes.filter((probe) => probe.required).map((probe) => probe.id)).toEqual(['tool_choice_auto', 'ids_round_trip', 'arguments_valid', 'schema_honoured', 'unicode_arguments', 'finish_reason'])
    const totals = { probes: probes.length, passed: probes.length, failed: 0, errored: 0 }
    expect([document.models[0]!.totals, document.totals]).toEqual([totals, totals])
  })

  it('--stream both --json has one entry per probe and mode, stream_equivalence in each; the table a column per mode', async () => {
    const { code, stdout } = await conformance(['--stream', 'both', '--json'])
    expect(code).toBe(0)
    const probes = (JSON.parse(stdout) as { models: { probes: { id: string; stream: boolean; passed: boolean }[] }[] }).models[0]!.probes
    expect(probes.map((probe) => `${probe.id}/${probe.stream}`)).toEqual([false, true].flatMap((stream) => probeIds.map((id) => `${id}/${stream}`)))
    expect(probes.every((probe) => probe.passed)).toBe(true)
    const table = await conformance(['--stream', 'both'], 'merged_stream_calls')
    expect(table.code).toBe(1)
    expect(table.stdout).toMatch(/│ probe\s+│ openai-compatible:qwen3:8b\s+│ openai-compatible:qwen3:8b \(stream\)\s*│/)
    expect(table.stdout).toMatch(/stream_equivalence \*\s*│\s*FAIL\s*│\s*FAIL/)
  })

  it('exits 1 when a required probe fails, printing the table and the failure; 0 when only an informative one does', async () => {
    const failing = await conformance([], 'python_arguments')
    expect(failing.code).toBe(1)
    expect(failing.stdout).toMatch(/arguments_valid \*\s*│\s*FAIL/)
    expect(failing.stdout).toContain('✗ openai-compatible:qwen3:8b arguments_valid: malformed_arguments')
    const informative = await conformance([], 'ignores_parallel_disabled')
    expect(informative.code).toBe(0)
    expect(informative.stdout).toMatch(/parallel_disabled\s*│\s*FAIL/)
  })

  it('shows a probe the host refused as error, apart from failures, and exits 0 when it is not required', async () => {
    const { code, stdout } = await conformance(['--json'], 'rejects_many_tools')
    expect(code).toBe(0)
    const probe = (JSON.parse(stdout) as { models: { probes: { id: string; passed: boolean; message: string; verdict: string }[] }[] }).models[0]!.probes.find((entry) => entry.id === 'many_tools')!
    expect([probe.passed, probe.verdict]).toEqual([false, 'errored'])
    expect(probe.message).toMatch(/^errored \(no verdict: the host did not answer\): provider_error: .*at most 64 tools/)
    const table = await conformance([], 'rejects_many_tools')
    expect(table.stdout).toMatch(/many_tools\s*│\s*error/)
  })

  it('a host that cannot be reached: every probe errored, none failed — exit 3 (never 1), no FAIL or ✗, --json and Markdown say errored', async () => {
    const closed = await startStandIn('openai-compatible')
    const baseUrl = baseUrlFor('openai-compatible', closed.origin)
    await closed.close()
    const unreachable = (args: readonly string[]) => runMain(['conformance', '--model', 'openai-compatible:qwen3:8b', '--base-url', baseUrl, '--retries', '0', '--out', outFolder(), ...args])
    const table = await unreachable([])
    expect(table.code, table.stderr).toBe(3)
    expect(table.stdout).not.toContain('FAIL')
    expect(table.stdout).not.toContain('✗')
    const rows = table.stdout.split('\n').filter((line) => /^│ [a-z_]+( \*)?\s+│/.test(line) && !line.startsWith('│ probe'))
    expect(rows.map((line) => line.split('│')[2]!.trim())).toEqual(probeIds.filter((id) => id !== 'stream_equivalence').map(() => 'error'))
    expect(table.stdout).toContain('* required: a failure exits 1, an error 3 · error = the host did not answer the probe, or toolgauge did not send it (no verdict, never a failure)')
    const notPassed = table.stdout.slice(table.stdout.indexOf('Not passed:'), table.stdout.indexOf('\n\nReport: ')).split('\n').slice(1)
    expect(notPassed).toHaveLength(rows.length)
    for (const line of notPassed) expect(line).toMatch(/^ {2}! openai-compatible:qwen3:8b [a-z_]+: errored \(no verdict: the host did not answer\): /)
    const json = await unreachable(['--json'])
    expect(json.code).toBe(3)
    const document = JSON.parse(json.stdout) as { models: { probes: Record<string, unknown>[] }[]; totals: unknown }
    const probes = document.models[0]!.probes
    for (const probe of probes) {
      expect(Object.keys(probe)).toEqual(['id', 'stream', 'passed', 'required', 'message', 'verdict'])
      expect(probe).toMatchObject({ passed: false, verdict: 'errored', message: expect.stringMatching(/^errored \(no verdict: the host did not answer\): /) })
    }
    expect(document.totals).toEqual({ probes: probes.length, passed: 0, failed: 0, errored: probes.length })
    const markdown = await unreachable(['--format', 'md'])
    expect(markdown.code).toBe(3)
    expect(markdown.stdout).not.toContain('❌')
    expect(markdown.stdout).toContain('| `arguments_valid` | yes | ⚠️ error |')
  })

  it('--format md prints a Markdown table for a PR comment; --format html writes the HTML report of the run', async () => {
    const { code, stdout, out } = await conformance(['--format', 'md,html'], 'ignores_enum')
    expect(code).toBe(1)
    expect(stdout).toContain('| probe | required | openai-compatible:qwen3:8b |')
    expect(stdout).toContain('| `schema_honoured` | yes | ❌ fail |')
    expect(stdout).toContain('| `tool_choice_none` |  | ✅ pass |')
    expect(existsSync(join(out, 'report.html'))).toBe(true)
    expect(existsSync(join(out, 'report.json'))).toBe(true)
  })

  it('writes an ordinary report: compare between two hosts names the probe one of them broke', async () => {
    const good = await conformance([])
    const bad = await conformance([], 'double_escaped_unicode')
    const compared = await runMain(['compare', join(good.out, 'report.json'), join(bad.out, 'report.json')])
    expect(compared.code).toBe(0)
    expect(compared.stdout).toContain('unicode_arguments')
    expect(compared.stdout).not.toContain('schema_honoured')
  })

  it('--repeat runs every probe N times: a probe passes when every repeat does, and says how many did', async () => {
    const { code, stdout, out } = await conformance(['--repeat', '2', '--json'], 'ignores_enum')
    expect(code).toBe(1)
    const probes = (JSON.parse(stdout) as { models: { probes: { id: string; passed: boolean; message: string }[] }[] }).models[0]!.probes
    expect(probes.find((probe) => probe.id === 'tool_choice_auto')?.message).toMatch(/^2\/2 repeats passed; /)
    expect(probes.find((probe) => probe.id === 'schema_honoured')).toMatchObject({ passed: false, message: expect.stringMatching(/^0\/2 repeats passed; schema_violation: /) })
    const shown = await runMain(['show', join(out, 'report.json'), '--case', 'schema_honoured'])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('schema_violation')
  })

  it('refuses bad input with exit 2 and a clear message, before any request', async () => {
    const sideways = await runMain(['conformance', '--model', 'baseline', '--stream', 'bth'])
    expect(sideways.code).toBe(2)
    expect(sideways.stderr).toContain('expected off, on or both, got "bth"')
    expect(sideways.stderr).toContain('did you mean "both"')
    const none = await runMain(['conformance'])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('give at least one --model')
    const format = await runMain(['conformance', '--model', 'baseline', '--format', 'mdd'])
    expect(format.code).toBe(2)
    expect(format.stderr).toContain('unknown format "mdd"')
    const spec = await runMain(['conformance', '--model', 'opneai:gpt-4.1'])
    expect(spec.code).toBe(2)
    expect(spec.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  })

  it('refuses an offline model (baseline, scripted:) with exit 2 and one line why: no host answers it, so no probe could say anything', async () => {
    for (const spec of ['baseline', 'scripted:answers.yaml']) {
      const out = join(outFolder(), 'never')
      const result = await runMain(['conformance', '--model', 'openai-compatible:qwen3:8b', '--model', spec, '--out', out])
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
      expect(result.stderr).toContain(`"${spec}" is offline`)
      expect(result.stderr).toContain('give a host\'s model spec')
      expect(result.stdout).toBe('')
      // Refused before anything is written or sent.
      expect(existsSync(out)).toBe(false)
    }
  })

  it('is listed by toolgauge --help', async () => {
    const { stdout } = await runMain(['--help'])
    expect(stdout).toMatch(/\n {2}conformance +probe what hosts get right about tool calling/)
  })
})
