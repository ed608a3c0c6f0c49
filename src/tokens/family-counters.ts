import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { anthropicMessageTokens, anthropicOverhead, anthropicToolsTokens } from './anthropic-estimate.ts'
import { anthropicCalibration, calibrationDate, type Bound } from './calibration-2026-11.ts'
import { textCounter } from './encodings.ts'
import { countHarmonyParts, renderHarmonyConversation } from './harmony-chat.ts'
import { harmonyMessages, openAiMessages } from './message-views.ts'
import type { ModelFamily } from './model-family.ts'
import type { OpenModelFiles } from './open-model.ts'
import { openAiPromptWithTools, openAiPromptWithoutTools } from './openai-chat.ts'
import type { CountMethod } from './types.ts'

/**
 * Counting rules bound to a conversation: the two prompt counts the difference method needs. An offline family
 * counts synchronously; live measurement (measure-tool-tokens.ts) asks the provider.
 */
export type PromptCounter = {
  readonly encoding: string
  readonly method: CountMethod
  /** Which rules, as `<family>: <detail>` (docs/tokens.md's accuracy table groups by the family). */
  readonly rules: string
  readonly provenance: string
  /** Prompt tokens of the conversation with no tools and no tool_choice. */
  withoutTools(): number | Promise<number>
  /** Prompt tokens with these tools and the tool_choice; an empty list gives the tool machinery alone. */
  withTools(tools: readonly ToolDefinition[]): number | Promise<number>
  /** Error bound, in tokens, of a request whose prompt counts `promptTokens`, `toolTokens` of them for tools. */
  confidence(promptTokens: number, toolTokens: number): number
}

/** Request settings besides messages and tools that change the prompt. */
export type PromptSettings = { readonly toolChoice?: ToolChoice | undefined; readonly reasoning?: boolean }

/** `base + share × prompt`, rounded up: the stated confidence of a fitted bound. */
function boundOf(bound: Bound, promptTokens: number): number {
  return bound.base + Math.ceil(bound.share * promptTokens)
}

// harmony served by other hosts: their templates add or drop a few tokens (−4…+2 on Groq, Ollama, Bedrock; 4
// requests), so the bound keeps a margin for hosts not recorded yet.
const harmonyBound: Bound = { base: 8, share: 0 }

// Models of unknown templates and tokenizers (Llama, Qwen, Mistral, DeepSeek, GLM, Gemini … behind hosts):
// the OpenAI render with o200k_base as a yardstick. Recorded traffic (calibration-2026-11.ts) puts the truth
// anywhere from 0.9× to 14× of it — hosts inject their own tool prompts (Groq's Llama 4: ~700 tokens) and
// tokenizers differ by up to ~40% on long text, DeepSeek's API adds ~76 tokens to every request — so the stated
// bound is wide on purpose.
const defaultBound: Bound = { base: 80, share: 0.4 }
const defaultWithToolsBound = 700

/** Builds the counter for a model family (loads its encoding once per process). */
export async function familyCounter(family: ModelFamily, messages: readonly Message[], settings: PromptSettings): Promise<PromptCounter> {
  const count = await textCounter(family.encoding)
  const { toolChoice } = settings
  const via = 'via' in family && family.via ? ` via ${family.via}` : ''
  switch (family.family) {
    case 'openai-chat': {
      const wire = openAiMessages(messages)
      const { calibration } = family
      const uncovered = family.calibrated ? '' : `; no recorded usage for ${family.model}, counted with the latest generation's rules — exact: --measure`
      return {
        encoding: family.encoding,
        method: family.calibrated ? 'calibrated-render' : 'estimate',
        rules: `${calibration.label}${family.calibrated ? '' : ` (uncalibrated model ${family.model})`}${via}`,
        provenance: `namespace-functions render + hmarr/pamelafox constants + fitted framing (${calibrationDate}: ${calibration.evidence})${uncovered}`,
        withoutTools: () => openAiPromptWithoutTools(wire, count, calibration),
        withTools: (tools) => openAiPromptWithTools(wire, tools, toolChoice, 'tools', count, calibration),
        // An uncovered model may have changed the hidden framing as gpt-5 did (~80 tokens more than gpt-4o).
        confidence: (prompt, tools) => boundOf(calibration.bound, prompt) + (family.calibrated ? 0 : 10 + (tools > 0 ? 100 : 0)),
      }
    }
    case 'harmony': {
      const { instructions, messages: turns } = harmonyMessages(messages)
      const render = (tools: readonly ToolDefinition[], emptyToolSection = false) =>
        countHarmonyParts(renderHarmonyConversation({ ...(instructions !== undefined ? { instructions } : {}), tools, messages: turns, emptyToolSection }), count)
      return {
        encoding: 'o200k_harmony',
        method: 'calibrated-render',
        rules: `harmony: gpt-oss${via}`,
        provenance: 'openai/harmony renderer port (byte-exact on its test render), Current date pinned to 2025-06-28; hosts\' templates differ by a few tokens',
        withoutTools: () => render([]),
        withTools: (tools) => render(tools, true),
        confidence: (prompt) => boundOf(harmonyBound, prompt),
      }
    }
    case 'anthropic': {
      const overhead = anthropicOverhead(family.model, toolChoice)
      const base = anthropicMessageTokens(family.model, messages, count, settings)
      return {
        encoding: 'proxy:o200k_base',
        method: 'estimate',
        rules: `anthropic: Claude${via}`,
        provenance: `dated overhead table (${overhead.source}) + key-sorted JSON proxy counted with o200k_base + fitted framing (${calibrationDate}); exact: --measure (count_tokens)`,
        withoutTools: () => base,
        withTools: (tools) => base + anthropicToolsTokens(family.model, tools, toolChoice, count),
        // The fitted bound; a model missing from the table adds the table's own uncertainty.
        confidence: (prompt, tools) => boundOf(anthropicCalibration.bound, prompt) + (overhead.fallback && tools > 0 ? overhead.uncertainty : 0),
      }
    }
    case 'default': {
      // docs/tokens.md "Everything else"
      const wire = openAiMessages(messages)
      return {
        encoding: family.encoding,
        method: 'estimate',
        rules: `other models: estimate (vendor ${family.vendor})`,
        provenance: `OpenAI namespace-functions render with o200k_base as a yardstick (vendor: ${family.vendor}); exact: --measure, or --tokenizer with the serving engine's chat template`,
        withoutTools: () => openAiPromptWithoutTools(wire, count),
        withTools: (tools) => openAiPromptWithTools(wire, tools, toolChoice, 'tools', count),
        confidence: (prompt, tools) => boundOf(defaultBound, prompt) + (tools > 0 ? defaultWithToolsBound : 0),
      }
    }
  }
}

/**
 * The open-model counter: the model's own chat template rendered with and without `tools` and tokenized with its
 * tokenizer.json. Exact for that template; the figure is only as right as the template is the serving engine's.
 * The template engine and tokenizer library load only when an open model is counted.
 */
export async function openModelCounter(files: OpenModelFiles, messages: readonly Message[]): Promise<PromptCounter> {
  const { loadOpenModel } = await import('./open-model.ts')
  const model = loadOpenModel(files)
  return {
    encoding: model.label,
    method: 'exact-render',
    rules: 'open model: its own chat template + tokenizer.json',
    provenance: 'chat template rendered with @huggingface/jinja, counted with @huggingface/tokenizers (dates pinned to 26 Jul 2024)',
    withoutTools: () => model.count(messages, undefined),
    withTools: (tools) => model.count(messages, tools),
    confidence: () => 0,
  }
}
