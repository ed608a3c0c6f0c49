import { describe, expect, it } from 'vitest'
import { parseModelSpec } from '../../src/providers/model-spec.ts'
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
    expect(() => parseModelSpec('openai-compatable:qwen3:8b')).toThrow(/did you mean "openai-compatible:qwen3:8b"/)
  })

  // `ollama:qwen3:8b`, `groq:…`: a newcomer names the host; toolgauge reaches such servers as openai-compatible.
  it('a host\'s name as the prefix points at openai-compatible with the same model', () => {
    expect(() => parseModelSpec('ollama:qwen3:8b')).toThrow(/unknown model spec "ollama:qwen3:8b" \(a Chat Completions server's model, such as Ollama's or Groq's, is "openai-compatible:qwen3:8b" with --base-url <its \/v1 URL>\)/)
    expect(() => parseModelSpec('opnai:gpt-4o')).not.toThrow(/Chat Completions server/)
  })

  // `gpt4o`, `claude3`: the family's dash left out too; offered with it, as `gpt-4o` is. Only before a digit, so a
  // name that merely starts like a family (`gptx`, `claudette`) is told it needs a prefix, not offered a wrong one.
  it('a bare model name without its family\'s dash suggests the spec with the dash', () => {
    expect(() => parseModelSpec('gpt4o')).toThrow(/unknown model spec "gpt4o" \(did you mean "openai:gpt-4o"\?\)/)
    expect(() => parseModelSpec('gpt4')).toThrow(/did you mean "openai:gpt-4"\?/)
    expect(() => parseModelSpec('GPT4o-mini')).toThrow(/did you mean "openai:GPT-4o-mini"\?/)
    expect(() => parseModelSpec('claude3')).toThrow(/did you mean "anthropic:claude-3"\?/)
    expect(() => parseModelSpec('gemini2.5-pro')).toThrow(/did you mean "google:gemini-2.5-pro"\?/)
    for (const name of ['gptx', 'claudette', 'geminis']) {
      expect(() => parseModelSpec(name)).toThrow(new RegExp(`unknown model spec "${name}": a model name needs its provider prefix;`))
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
