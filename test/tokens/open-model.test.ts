import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import { pinnedStrftime } from '../../src/tokens/open-model.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'

// A tiny real tokenizer.json (BPE, one token per character, two special tokens) and a Hermes/Qwen-style template:
// the loading, rendering and counting code is the one used with a model's real files, on data small enough to
// check by hand. Expected counts are derived from literal expected renders below, never from the code under test.
const specials = ['<|im_start|>', '<|im_end|>']
const vocab: Record<string, number> = { '<unk>': 0, '<|im_start|>': 1, '<|im_end|>': 2 }
for (const c of [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\n']) vocab[c] = Object.keys(vocab).length
const tokenizerJson = {
  version: '1.0', truncation: null, padding: null,
  added_tokens: specials.map((content, i) => ({ id: i + 1, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
  normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null,
  model: { type: 'BPE', dropout: null, unk_token: '<unk>', continuing_subword_prefix: null, end_of_word_suffix: null, fuse_unk: false, byte_fallback: false, vocab, merges: [] },
}
const template = [
  '{%- if tools %}<|im_start|>system\n# Tools\n<tools>',
  '{%- for tool in tools %}\n{{ tool | tojson }}{%- endfor %}\n</tools>\nToday: {{ strftime_now("%d %b %Y") }}<|im_end|>\n{%- endif %}',
  '{%- for m in messages %}\n<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>{%- endfor %}',
  '{%- if add_generation_prompt %}\n<|im_start|>assistant\n{%- endif %}',
].join('')

/** Tokens of a literal render under the character tokenizer: one per special token, one per other character. */
const charTokens = (text: string) => text.replace(/<\|im_(start|end)\|>/g, '#').length

const tool: ToolDefinition = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgauge-open-model-'))
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson))
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({ eos_token: '<|im_end|>', chat_template: template }))
  writeFileSync(join(dir, 'other.jinja'), '{%- for m in messages %}{{ m.content }}{%- endfor %}{% if tools %}[T]{% endif %}')
})

afterEach(() => vi.restoreAllMocks())

describe('open models: tokenizer.json + chat template', () => {
  const files = () => ({ tokenizer: join(dir, 'tokenizer.json'), tokenizerConfig: join(dir, 'tokenizer_config.json') })

  it('counts the template render exactly with and without tools, dates pinned', async () => {
    const result = await countToolTokens({ model: 'openai-compatible:qwen3:8b', tools: [tool], messages: [{ role: 'user', content: 'hi' }], openModel: files() })
    // transformers renders chat templates with trim_blocks: the newline right after a block tag is dropped
    const without = '<|im_start|>user\nhi<|im_end|><|im_start|>assistant'
    const withTools = '<|im_start|>system\n# Tools\n<tools>'
      + '{"type": "function", "function": {"name": "get_weather", "description": "Weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}'
      + '</tools>\nToday: 26 Jul 2024<|im_end|>' + without
    expect(result).toMatchObject({ family: 'open-model', method: 'exact-render', confidence: 0 })
    expect(result.promptTokens).toBe(charTokens(withTools))
    expect(result.toolTokens).toBe(charTokens(withTools) - charTokens(without))
    expect(result.perTool).toEqual([{ name: 'get_weather', tokens: result.promptTokens - charTokens(without) }])
  })

  it('prefers a --chat-template file over the config template', async () => {
    const result = await countToolTokens({ model: 'x', tools: [tool], messages: [{ role: 'user', content: 'hi' }], openModel: { ...files(), chatTemplate: join(dir, 'other.jinja') } })
    expect(result.promptTokens).toBe(charTokens('hi[T]'))
    expect(result.toolTokens).toBe(3)
  })

  it('pins strftime to 26 Jul 2024', () => {
    expect(pinnedStrftime('%d %b %Y, %A %B %m/%y')).toBe('26 Jul 2024, Friday July 07/24')
  })

  it('is reachable from the CLI, and bad files are bad input naming the flag', async () => {
    writeFileSync(join(dir, 'tools.json'), JSON.stringify([tool]))
    let out = ''
    let err = ''
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true))
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true))
    const ok = await main(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai-compatible:qwen3', '--tokenizer', files().tokenizer, '--tokenizer-config', files().tokenizerConfig, '--json'])
    const missing = await main(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai-compatible:x', '--tokenizer', join(dir, 'nope.json')])
    const noTemplate = await main(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai-compatible:x', '--tokenizer', files().tokenizer])
    vi.restoreAllMocks()
    expect(ok).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ family: 'open-model', method: 'exact-render' })
    expect(missing).toBe(2)
    expect(err).toContain('nope.json: --tokenizer: no such file: ')
    expect(noTemplate).toBe(2)
    expect(err).toContain('chat_template: has no chat_template')
  })
})
