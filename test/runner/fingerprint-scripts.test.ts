// A journal's fingerprints must not move when the code computing them is reorganised: --resume keeps a result only
// when its fingerprint is the one computed now, so a changed digest re-runs every case of every old journal. The
// three `scripted:` scripts a fingerprint reads — the model's (against the run's folder), a simulated user's and a
// judge's (against the suite's) — each with the script there and missing, are pinned here to the values the code
// gave when they were written (toolgauge's version, part of every fingerprint, held fixed).
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { Case } from '../../src/core/case.ts'
import { Fingerprints } from '../../src/runner/fingerprint.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'

vi.mock('../../src/version.ts', () => ({ toolgaugeVersion: '0.0.0-pinned' }))

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: scripts', 'tools: ./tools.json', 'cases:',
  '  - { id: judged, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather, args: { city: Paris } }], final: { judge: { model: "scripted:judge.yaml", rubric: Says the weather. } } } }',
  '  - { id: judged-missing, prompt: Weather in Paris?, expect: { final: { judge: { model: "scripted:gone.yaml", rubric: Says the weather. } } } }',
  '  - { id: simulated, user: { model: "scripted:./user.yaml", instructions: Ask for the weather., max_messages: 2 }, expect: { calls: [] } }',
  '  - { id: simulated-missing, user: { model: "scripted:./gone.yaml", instructions: Ask for the weather., max_messages: 2 }, expect: { calls: [] } }',
].join('\n')

/** The suite's cases, by id, loaded from a fresh folder (the folder's path is in no fingerprint). */
async function cases(): Promise<{ dir: string; byId: Map<string, Case> }> {
  const dir = tempFiles({
    'suite/tools.json': tools, 'suite/suite.yaml': suite,
    'suite/judge.yaml': 'judged:\n  - { score: 1, reason: Fine. }\n',
    'suite/user.yaml': 'simulated:\n  - content: Weather in Paris?\n',
    'script.yaml': 'judged:\n  - content: Sunny.\n',
  })
  const loaded = await loadSuite(join(dir, 'suite/suite.yaml'))
  return { dir, byId: new Map((loaded.cases as Case[]).map((testCase) => [testCase.id, testCase])) }
}

describe('the fingerprint of a result whose model, simulated user or judge is scripted', () => {
  it('is what it was: the script read where each is resolved, and a missing script', async () => {
    const prints: Record<string, string> = {}
    for (const round of ['first folder', 'second folder']) {
      const { dir, byId } = await cases()
      const fingerprints = new Fingerprints()
      const of = (id: string, spec: string) => fingerprints.of(byId.get(id)!, spec, { cwd: dir }, undefined)
      const now = {
        model: await of('simulated', 'scripted:script.yaml'),
        modelMissing: await of('simulated', 'scripted:gone.yaml'),
        judge: await of('judged', 'baseline'),
        judgeMissing: await of('judged-missing', 'baseline'),
        user: await of('simulated', 'baseline'),
        userMissing: await of('simulated-missing', 'baseline'),
      }
      if (round === 'first folder') Object.assign(prints, now)
      else expect(now).toEqual(prints)
    }
    expect(prints).toEqual({
      model: '6afcdf5725880d3b2975f05ecbe62639',
      modelMissing: '463c023843e1b2f4ba60c12fe1083757',
      judge: 'bb0e47b5cc8e978c2d0861f16962f0de',
      judgeMissing: '073bf6d572d0387696a21ff05b1c0a89',
      user: '45c0cd3642e3a4cf8e65ac4241214ac2',
      userMissing: 'ee6a7130488644211d09add4ac33c5ac',
    })
  })
})
