import { describe, expect, it } from 'vitest'
import { describeSuite } from '../../src/vitest/index.ts'

// The reason a model's tests skip (its API key is not set) names the model spec and the key's variable, both from
// the user's config: vitest prints it to the terminal as it is, so it is inert like the test names.
const active = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/
const spec = 'openai:gpt\u001b[2J\u202e-mini'
describeSuite('suites/weather/suite.yaml', {
  model: spec,
  cases: ['current-paris'],
  modelOptions: { [spec]: { apiKeyEnv: 'TOOLGAUGE_TEST_KEY_THAT_IS_NEVER_SET' } },
})

type Task = { type: string; name: string; tasks?: Task[]; result?: { state?: string; note?: string } }

describe('describeSuite skip reasons', () => {
  it("names the model inert when its tests skip for a missing API key", ({ task }) => {
    const all = (tasks: readonly Task[]): Task[] => tasks.flatMap((entry) => [entry, ...all(entry.tasks ?? [])])
    const skipped = all(task.file.tasks as Task[]).filter((entry) => entry.type === 'test' && entry.name.includes('[openai:'))
    expect(skipped).toHaveLength(1)
    expect(skipped[0]!.result?.state).toBe('skip')
    const note = skipped[0]!.result?.note ?? ''
    expect(note).toContain('openai:gpt\\x1b[2J\\u202e-mini')
    expect(note).toContain('TOOLGAUGE_TEST_KEY_THAT_IS_NEVER_SET')
    expect(note).not.toMatch(active)
  })
})
