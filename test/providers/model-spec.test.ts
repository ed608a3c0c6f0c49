import { describe, expect, it } from 'vitest'
import { parseModelSpec } from '../../src/providers/model-spec.ts'
import { optionNames } from '../../src/core/option-names.ts'
import { findPrice } from '../../src/pricing/lookup.ts'
import { priceTable202611 } from '../../src/pricing/price-table-2026-11.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain } from '../helpers/cli.ts'

describe('model specs are checked in one place', () => {
  it('accepts every known form', () => {
    expect(parseModelSpec('baseline')).toEqual({ spec: 'baseline', prefix: 'baseline', argument: '' })
    expect(parseModelSpec('openai-compatible:qwen3:8b')).toMatchObject({ prefix: 'openai-compatible', argument: 'qwen3:8b' })
    expect(parseModelSpec('scripted:a.yaml')).toMatchObject({ prefix: 'scripted', argument: 'a.yaml' })
  })

  // The suggestion is the whole spec with the prefix mended, so it can be pasted back as it is.
  it('an unknown prefix suggests the close one, with the model it was given', () => {
    expect(() => parseModelSpec('opnai:gpt-4o')).toThrow(/unknown model spec "opnai:gpt-4o" \(did you mean "openai:gpt-4o"\?\)/)
    expect(() => parseModelSpec('antropic:claude')).toThrow(/did you mean "anthropic:claude"/)
    expect(() => parseModelSpec('antropic:claude-sonnet-4-5')).toThrow(/\(did you mean "anthropic:claude-sonnet-4-5"\?\)/)
    expect(() => parseModelSpec('openai-compatable:qwen3:8b')).toThrow(/did you mean "openai-compatible:qwen3:8b"/)
    // Both slips at once: the model is mended too when the prefix's family knows it (once "openai:gpt4o", no model).
    expect(() => parseModelSpec('opnai:gpt4o')).toThrow(/did you mean "openai:gpt-4o"\?/)
    expect(() => parseModelSpec('opnai:my-finetune')).toThrow(/did you mean "openai:my-finetune"\?/)
  })

  // `ollama:qwen3:8b`, `groq:…`: a newcomer names the host; toolgauge reaches such servers as openai-compatible.
  it('a host\'s name as the prefix points at openai-compatible with the same model', () => {
    expect(() => parseModelSpec('ollama:qwen3:8b', optionNames({ optionNames: 'cli' }))).toThrow(/^--model: unknown model spec "ollama:qwen3:8b" \(a Chat Completions server's model, such as Ollama's or Groq's, is "openai-compatible:qwen3:8b" with --base-url <its \/v1 URL>\)/)
    expect(() => parseModelSpec('ollama:qwen3:8b')).toThrow(/^model: unknown model spec "ollama:qwen3:8b" \(a Chat Completions server's model, such as Ollama's or Groq's, is "openai-compatible:qwen3:8b" with providerOptions\.baseUrl <its \/v1 URL>\)/)
    expect(() => parseModelSpec('opnai:gpt-4o')).not.toThrow(/Chat Completions server/)
  })

  // `gpt4o`, `claude3`: the family's dash left out too; offered with it, as `gpt-4o` is. Only before a digit, so a
  // name that merely starts like a family (`gptx`, `claudette`) is told it needs a prefix, not offered a wrong one.
  it('a bare model name without its family\'s dash suggests the spec with the dash', () => {
    expect(() => parseModelSpec('gpt4o')).toThrow(/unknown model spec "gpt4o" \(did you mean "openai:gpt-4o"\?\)/)
    expect(() => parseModelSpec('gpt4')).toThrow(/did you mean "openai:gpt-4"\?/)
    expect(() => parseModelSpec('GPT4o-mini')).toThrow(/did you mean "openai:gpt-4o-mini"\?/)
    expect(() => parseModelSpec('gemini2.5-pro')).toThrow(/did you mean "google:gemini-2.5-pro"\?/)
    expect(() => parseModelSpec('gpt4o-2024-08-06')).toThrow(/did you mean "openai:gpt-4o-2024-08-06"\?/)
    for (const name of ['gptx', 'claudette', 'geminis']) {
      expect(() => parseModelSpec(name)).toThrow(new RegExp(`unknown model spec "${name}": a model name needs its provider prefix;`))
    }
  })

  // `claude3` once got "did you mean anthropic:claude-3", which no provider serves: a family's stem is no model id.
  // Only ids the price table knows are offered; a stem (or a name it does not know) gets a few real ids of the family.
  it('a family stem or an unknown name is offered real ids of its family, never an invented one', () => {
    const message = (spec: string): string => {
      try {
        parseModelSpec(spec)
      } catch (error) {
        return (error as Error).message
      }
      throw new Error(`${spec} was accepted`)
    }
    expect(message('claude3')).toContain('a model name needs its provider prefix and its whole name, such as "anthropic:claude-3-7-sonnet-…", "anthropic:claude-3-5-haiku-…", "anthropic:claude-3-haiku-…";')
    expect(message('gemini2')).toContain('such as "google:gemini-2.5-pro", "google:gemini-2.5-flash", "google:gemini-2.5-flash-lite";')
    expect(message('claude-sonnet-4')).toContain('such as "anthropic:claude-sonnet-4-6", "anthropic:claude-sonnet-4-5", "anthropic:claude-sonnet-4-…";')
    // A name the table does not know may be newer than it (`gpt-5.1`): it is told the prefix, not that it is no model.
    expect(message('gpt-5.1')).toMatch(/: a model name needs its provider prefix, such as "openai:gpt-[^"]+", /)
    for (const spec of ['claude3', 'claude-3', 'claude3-5-haiku', 'claude-opus', 'claude-sonnet-4', 'claude9', 'gpt4', 'gpt4o', 'gpt7', 'o3', 'gemini2', 'gemini-2', 'gemini3']) {
      const offered = [...message(spec).matchAll(/"((?:openai|anthropic|google):[^"<]+)"/g)].map((match) => match[1]!)
      expect(offered, spec).not.toEqual([])
      // `-…` marks an id Anthropic serves by snapshot only (`claude-3-5-haiku-latest`, `…-20241022`).
      for (const id of offered) expect(findPrice(priceTable202611, id.replace(/-…$/, '')), `${spec} offered ${id}`).toMatchObject({ found: true })
    }
  })

  it('a prefix that takes no argument given one, and a prefix missing its argument', () => {
    expect(() => parseModelSpec('baseline:foo')).toThrow(/baseline takes no argument/)
    expect(() => parseModelSpec('openai')).toThrow(/names no model \(expected openai:<model>\)/)
    expect(() => parseModelSpec('scripted:')).toThrow(/names no file/)
  })
})

describe('run --model refuses bad specs before any model call (exit 2)', () => {
  it.each([
    [['--model', 'opnai:gpt-4o'], 'did you mean "openai:gpt-4o"'],
    [['--model', 'baseline:foo'], 'baseline takes no argument'],
    [['--model', 'gpt4o'], '--model: unknown model spec "gpt4o" (did you mean "openai:gpt-4o"?);'],
  ])('%j', async (flags, message) => {
    const result = await runMain(['run', 'suites', ...flags, '--out', 'reports/never'])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toContain('--model')
    expect(result.stderr).toContain(message)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('--model twice: the one check of the run\'s models, naming the flag as typed', async () => {
    const result = await runMain(['run', 'suites', '--model', 'baseline', '--model', 'baseline', '--out', 'reports/never'])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toContain('--model baseline given twice')
  })

  it('the library refuses a model given twice too', async () => {
    await expect(runEvaluation({ suitePaths: ['suites'], models: ['baseline', 'baseline'], outDir: 'reports/never' })).rejects.toThrow(/given twice/)
  })
})
