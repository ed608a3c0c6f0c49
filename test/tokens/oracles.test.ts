import { describe, expect, it } from 'vitest'
import { directCount } from './direct-count.ts'
import { textCounter } from '../../src/tokens/encodings.ts'
import { replayCookbook, replayHarmony, replayHmarr, replayPamelafox, summarize } from './oracle-replay.ts'
import { renderHarmonyToolsSection } from '../../src/tokens/harmony-schema.ts'
import { harmonyTestTools } from './oracle-replay.ts'
import { hasSharedData, sharedData, sharedTitle } from '../helpers/shared-data.ts'
import { readFileSync } from 'node:fs'

const dir = sharedData('token-oracles')

describe.skipIf(!hasSharedData('token-oracles'))(sharedTitle('token oracles', 'token-oracles'), () => {
  it('counts the Cookbook example exactly for all four models (105 cl100k, 101 o200k)', async () => {
    const rows = await replayCookbook(dir)
    expect(Object.fromEntries(rows.map((r) => [r.name, r.actual]))).toEqual({
      'cookbook gpt-3.5-turbo': 105,
      'cookbook gpt-4': 105,
      'cookbook gpt-4o': 101,
      'cookbook gpt-4o-mini': 101,
    })
  })

  it('counts all 18 pamelafox cases within 3 tokens and at least 10 exactly', async () => {
    const summary = summarize('pamelafox', await replayPamelafox(dir))
    expect(summary.rows).toHaveLength(18)
    expect(summary.within3).toBe(18)
    expect(summary.exact).toBeGreaterThanOrEqual(10)
  })

  it('counts at least 95% of the hmarr cases without function_call exactly', async () => {
    const rows = (await replayHmarr(dir)).filter((r) => !r.hasFunctionCall)
    const summary = summarize('hmarr', rows)
    expect(rows.length).toBe(31)
    expect(summary.exact / rows.length).toBeGreaterThanOrEqual(0.95)
  })

  it('counts the hmarr cases with function_call exactly too', async () => {
    const rows = (await replayHmarr(dir)).filter((r) => r.hasFunctionCall)
    expect(rows.map((r) => r.actual)).toEqual(rows.map((r) => r.expected))
  })

  it('renders the harmony test conversation byte for byte and counts 364 tokens, 262 for the tools section', async () => {
    const { rendered, expected, tokens } = await replayHarmony(dir)
    expect(rendered).toBe(expected)
    expect(tokens).toBe(364)
    const count = await textCounter('o200k_harmony')
    expect(count(renderHarmonyToolsSection(harmonyTestTools))).toBe(262)
  })

  it('tokenizes the Cookbook string oracles to the published counts', async () => {
    const data = JSON.parse(readFileSync(`${dir}/openai_cookbook_tools.json`, 'utf8')) as {
      string_oracles: { text: string; cl100k_base: number[]; o200k_base: number[] }[]
    }
    for (const oracle of data.string_oracles) {
      expect(await directCount('cl100k_base', oracle.text)).toBe(oracle.cl100k_base.length)
      expect(await directCount('o200k_base', oracle.text)).toBe(oracle.o200k_base.length)
      expect((await textCounter('o200k_base'))(oracle.text)).toBe(oracle.o200k_base.length)
    }
  })
})
