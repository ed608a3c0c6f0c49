// The provider wrappers (per-model limits, the runner's bound on a caller's turns, conformance's pairing) each add
// one behaviour and must keep every other member of the provider: a dropped `batch` left a conformance run's model
// unbatched in the runner's eyes (each request its own batch, report.json without run.batch), a dropped
// `checkRequest` a refused case found only when its request was built. `fullProvider` holds every member —
// Record<keyof Provider, …> makes tsc refuse it when Provider gains one — so a new member is checked here too.
import { describe, expect, it } from 'vitest'
import { conformanceProvider } from '../../src/conformance/paired-provider.ts'
import type { Provider } from '../../src/core/provider.ts'
import { emptyUsage, type ModelTurn } from '../../src/core/model-turn.ts'
import { withLimits } from '../../src/providers/limits.ts'
import { providerMembers, wrapProvider } from '../../src/providers/wrap-provider.ts'
import { boundedTurns } from '../../src/runner/bounded-turns.ts'

const turn: ModelTurn = { text: 'from inner', toolCalls: [], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 0 }
const request = { messages: [], tools: [], toolChoice: 'auto' as const, context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } }
const forced = { ...request, toolChoice: 'required' as const }
const problem = { field: 'tool_choice', message: 'refused by inner' }

/** A provider with every member set; its methods read `this`, so one called unbound (or on the wrapper) answers wrong. */
function fullProvider(): Provider & { readonly marker: string } {
  const members: Record<keyof Provider, unknown> & { marker: string } = {
    marker: 'inner',
    id: 'label',
    spec: 'openai:gpt-4.1-mini',
    batch: { openTask() {}, closeTask() {} },
    async doGenerate(this: { marker: string }) {
      return { ...turn, text: `${turn.text} ${this.marker}` }
    },
    checkCases(this: { marker: string }) {
      return [`warned by ${this.marker}`]
    },
    checkRequest(this: { marker: string }, shape: { toolChoice: unknown }) {
      return shape.toolChoice === 'required' ? { ...problem, message: `${problem.message} ${this.marker}` } : undefined
    },
  }
  return members as unknown as Provider & { readonly marker: string }
}

/** What a caller sees of each member: values as they are, methods by what they answer. */
async function seen(provider: Provider, name: keyof Provider): Promise<unknown> {
  if (name === 'doGenerate') return (await provider.doGenerate(request)).text
  if (name === 'checkCases') return provider.checkCases?.([])
  if (name === 'checkRequest') return provider.checkRequest?.(forced)
  return provider[name]
}

const wrappers: readonly [string, (inner: Provider) => Provider][] = [
  ['wrapProvider with no override', (inner) => wrapProvider(inner, {})],
  ['withLimits', (inner) => withLimits(inner, { maxConcurrency: 2, requestsPerMinute: 600 })],
  ['boundedTurns', (inner) => boundedTurns(inner, 60_000)],
  ['conformanceProvider', (inner) => conformanceProvider(inner, undefined, false)],
]

describe('provider wrappers forward every member of Provider', () => {
  it('providerMembers lists every member (tsc holds fullProvider to keyof Provider)', () => {
    expect([...providerMembers].sort()).toEqual(Object.keys(fullProvider()).filter((name) => name !== 'marker').sort())
  })

  for (const [name, wrap] of wrappers) {
    for (const batched of [true, false]) {
      it(`${name}${batched ? '' : ' (no batch queue)'}: each member answers as the provider's own, called on it`, async () => {
        const inner = fullProvider()
        const { batch: _batch, ...unbatched } = inner
        const given: Provider = batched ? inner : unbatched
        const wrapped = wrap(given)
        // conformance asks checkRequest itself, per request: the run must not stop on a probe (refused-probes.test.ts).
        const withheld = name === 'conformanceProvider' ? ['checkRequest'] : []
        for (const member of providerMembers) {
          if (withheld.includes(member)) continue
          expect(await seen(wrapped, member), member).toEqual(await seen(given, member))
        }
        if (name === 'conformanceProvider') {
          expect(wrapped.checkRequest).toBeUndefined()
          await expect(wrapped.doGenerate(forced)).rejects.toThrow('not sent: this probe refused by inner inner')
        }
      })
    }
  }

  it("a caller's provider written as a class: its prototype methods are forwarded, called on the instance", async () => {
    class Own {
      readonly id = 'own'
      readonly marker = 'instance'
      async doGenerate() {
        return { ...turn, text: this.marker }
      }
      checkCases() {
        return [this.marker]
      }
      checkRequest() {
        return { ...problem, message: this.marker }
      }
    }
    const wrapped = boundedTurns(new Own(), 60_000)
    expect(wrapped).not.toBeInstanceOf(Own)
    expect([(await wrapped.doGenerate(request)).text, wrapped.checkCases?.([]), wrapped.checkRequest?.(request)?.message]).toEqual(['instance', ['instance'], 'instance'])
  })

  it('an override replaces a member, and one given as undefined withholds it', async () => {
    const wrapped = wrapProvider(fullProvider(), { id: 'other', checkCases: undefined })
    expect(wrapped.id).toBe('other')
    expect('checkCases' in wrapped).toBe(false)
    expect(wrapped.checkRequest?.(forced)).toEqual({ ...problem, message: 'refused by inner inner' })
  })
})
