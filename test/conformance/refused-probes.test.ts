// A probe whose request the model's own adapter knows the API refuses (Provider.checkRequest: Anthropic with
// thinking on refuses a forced tool_choice) is that probe's errored outcome, as docs/conformance.md says of a host
// refusing a probe's request — not bad input that stops the whole conformance run: the probes suite is toolgauge's,
// so the user has no case to fix, and with thinking on is the only way to probe reasoning_round_trip on Anthropic.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runConformance } from '../../src/conformance/run-conformance.ts'
import type { ModelSettings } from '../../src/providers/settings/model-settings.ts'
import { setProviderEnv } from '../providers/fake/harness.ts'
import { standInModels, startStandIn } from './stand-in.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('conformance: a probe request the adapter knows the API refuses', () => {
  it('Anthropic with thinking on: the forced tool_choice probes are errored, never sent; the run goes on and the others pass', async () => {
    const server = await startStandIn('anthropic')
    try {
      setProviderEnv('anthropic', server.origin)
      const outDir = mkdtempSync(join(tmpdir(), 'toolgauge-conformance-refused-'))
      folders.push(outDir)
      const settings = { thinking: { type: 'enabled', budget_tokens: 1024 } } as ModelSettings
      const outcome = await runConformance({ models: [`anthropic:${standInModels.anthropic}`], stream: 'off', outDir, providerOptions: { retries: 0, settings } })
      const refused = outcome.outcomes.filter((probe) => probe.verdict !== 'passed')
      expect(refused.map((probe) => [probe.id, probe.verdict])).toEqual([['tool_choice_required', 'errored'], ['tool_choice_named', 'errored']])
      for (const probe of refused) {
        // No advice to change the probe's tool_choice ("use auto or none"): the probe is toolgauge's, not the user's.
        expect(probe.message).toMatch(/^errored \(no verdict: toolgauge did not send it\): provider_error: not sent: this probe forces a tool \(tool_choice .*\), which Anthropic refuses with thinking on$/)
      }
      // Not sent: no request forcing a tool reached the host (a request spent on a known refusal).
      const choices = server.requests.map((seen) => (seen.body as { tool_choice?: { type: string } }).tool_choice?.type)
      expect(choices.filter((type) => type === 'any' || type === 'tool')).toEqual([])
      expect(choices).toContain('auto')
      // Neither forced probe is required, so the run exits 0; reasoning_round_trip was probed with reasoning state.
      expect(outcome.exitCode).toBe(0)
      expect(outcome.outcomes.find((probe) => probe.id === 'reasoning_round_trip')!.message).not.toMatch(/^n\/a/)
    } finally {
      await server.close()
    }
  })
})
