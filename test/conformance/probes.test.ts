// How-we-will-know 3 of issue 26: conformance on the correct stand-ins passes every probe; each deviation seen in
// real servers, planted alone, fails exactly its probe (the whole probe vector is asserted per deviation).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runConformance, type ConformanceOutcome, type StreamMode } from '../../src/conformance/run-conformance.ts'
import { probeIds, type ProbeId } from '../../src/conformance/probe-ids.ts'
import type { ResultVerdict } from '../../src/core/verdict.ts'
import { allProviderKinds, baseUrlFor, setProviderEnv, type ProviderKind } from '../providers/fake/harness.ts'
import { deviations, standInModels, startStandIn, type Deviation } from './stand-in.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** Runs conformance against a stand-in of a kind (with a deviation planted) and returns the outcome. */
export async function probeStandIn(kind: ProviderKind, deviation?: Deviation, stream: StreamMode = 'off'): Promise<ConformanceOutcome> {
  const server = await startStandIn(kind, deviation)
  try {
    setProviderEnv(kind, server.origin)
    const outDir = mkdtempSync(join(tmpdir(), 'toolgauge-conformance-test-'))
    folders.push(outDir)
    return await runConformance({
      models: [`${kind}:${standInModels[kind]}`],
      stream,
      outDir,
      providerOptions: { ...(kind === 'openai-compatible' ? { baseUrl: baseUrlFor(kind, server.origin) } : {}), retries: 0 },
    })
  } finally {
    await server.close()
  }
}

/** Each probe's verdict, keyed `<probe>` (not streamed) and `<probe> (stream)`. */
function vector(outcome: ConformanceOutcome): Record<string, ResultVerdict> {
  return Object.fromEntries(outcome.outcomes.map((probe) => [`${probe.id}${probe.stream ? ' (stream)' : ''}`, probe.verdict]))
}

/** Every probe of a run in these modes passed, but the ones given (keyed as `vector` keys them). */
function allPassedBut(flipped: Partial<Record<string, ResultVerdict>>, stream: StreamMode = 'off'): Record<string, ResultVerdict> {
  const modes = stream === 'both' ? ['', ' (stream)'] : [stream === 'on' ? ' (stream)' : '']
  const ids = probeIds.filter((id) => stream === 'both' || id !== 'stream_equivalence')
  return Object.fromEntries(modes.flatMap((mode) => ids.map((id) => [`${id}${mode}`, flipped[`${id}${mode}`] ?? 'passed'])))
}

/** The same flips in both modes. */
function inBothModes(flipped: Partial<Record<ProbeId, ResultVerdict>>): Partial<Record<string, ResultVerdict>> {
  return Object.fromEntries(Object.entries(flipped).flatMap(([id, verdict]) => [[id, verdict], [`${id} (stream)`, verdict]]))
}


describe('conformance on the correct stand-ins', () => {
  for (const kind of allProviderKinds) {
    it(`${kind}: every probe passes${kind === 'google' ? ' but parallel_disabled (Gemini has no switch for parallel calls)' : ''}`, async () => {
      const outcome = await probeStandIn(kind)
      // Gemini cannot be asked for one call at a time (docs/providers/google.md): a model calling twice shows it.
      expect(vector(outcome), JSON.stringify(outcome.outcomes.filter((probe) => !probe.passed))).toEqual(allPassedBut(kind === 'google' ? { parallel_disabled: 'failed' } : {}))
      expect(outcome.exitCode).toBe(0)
    })
  }

  for (const kind of allProviderKinds) {
    it(`${kind}, --stream both: every probe passes in both modes, stream_equivalence included${kind === 'google' ? ' (parallel_disabled aside)' : ''}`, async () => {
      const outcome = await probeStandIn(kind, undefined, 'both')
      expect(vector(outcome), JSON.stringify(outcome.outcomes.filter((probe) => !probe.passed))).toEqual(allPassedBut(kind === 'google' ? inBothModes({ parallel_disabled: 'failed' }) : {}, 'both'))
      expect(outcome.exitCode).toBe(0)
    })
  }

  it('says when reasoning_round_trip had no reasoning state to carry back, and when it had', async () => {
    const plain = await probeStandIn('anthropic')
    expect(plain.outcomes.find((probe) => probe.id === 'reasoning_round_trip')?.message).toMatch(/^n\/a: the model returned no reasoning state/)
    const reasoning = await probeStandIn('openai-compatible')
    expect(reasoning.outcomes.find((probe) => probe.id === 'reasoning_round_trip')?.message).not.toMatch(/^n\/a/)
  })
})

/** Which probe each deviation must flip, and to what: a host refusing the request is errored (no verdict), not failed. */
const flips: Record<Deviation, Partial<Record<ProbeId, ResultVerdict>>> = {
  ignores_tool_choice_none: { tool_choice_none: 'failed' },
  ignores_tool_choice_required: { tool_choice_required: 'failed' },
  ignores_tool_choice_named: { tool_choice_named: 'failed' },
  ignores_parallel_disabled: { parallel_disabled: 'failed' },
  duplicate_ids: { parallel_calls: 'failed' },
  missing_ids: { ids_round_trip: 'failed' },
  python_arguments: { arguments_valid: 'failed' },
  ignores_enum: { schema_honoured: 'failed' },
  double_escaped_unicode: { unicode_arguments: 'failed' },
  rejects_many_tools: { many_tools: 'errored' },
  rejects_reasoning_state: { reasoning_round_trip: 'errored' },
  stop_with_calls: { finish_reason: 'failed' },
  no_usage: { usage: 'failed' },
  merged_stream_calls: { stream_equivalence: 'failed' },
  bunched_stream_arguments: { stream_equivalence: 'failed' },
}

describe('each planted deviation flips exactly its probe (in both modes: stream_equivalence compares the same pair)', () => {
  for (const deviation of deviations) {
    it(deviation, async () => {
      const outcome = await probeStandIn('openai-compatible', deviation, 'both')
      expect(vector(outcome), JSON.stringify(outcome.outcomes.filter((probe) => !probe.passed))).toEqual(allPassedBut(inBothModes(flips[deviation]), 'both'))
      const flipped = outcome.outcomes.find((probe) => !probe.passed)!
      expect(flipped.message).not.toBe('')
      if (flipped.verdict === 'errored') expect(flipped.message).toMatch(/^errored \(no verdict/)
      // Only required probes decide the exit code: 1 for a failure, 3 for a required probe the host did not answer.
      expect(outcome.exitCode).toBe(flipped.required ? (flipped.verdict === 'failed' ? 1 : 3) : 0)
    })
  }
})

describe('a host streaming several calls on one index (merged_stream_calls, as Ollama does)', () => {
  it('is scored on the calls the model made, and stream_equivalence reports the shared index alone, in both modes', async () => {
    const outcome = await probeStandIn('openai-compatible', 'merged_stream_calls', 'both')
    const probes = outcome.outcomes.filter((probe) => probe.id === 'stream_equivalence')
    expect(probes.map((probe) => [probe.stream, probe.verdict])).toEqual([[false, 'failed'], [true, 'failed']])
    for (const probe of probes) {
      expect(probe.message).toMatch(/the host streamed calls 1, 2 and 3 on index 0 of delta\.tool_calls, where OpenAI's stream gives each call an index of its own/)
      // The calls compared equal: nothing merged, malformed or hallucinated.
      expect(probe.message).not.toMatch(/differs|malformed|hallucinated/)
    }
  })
})
