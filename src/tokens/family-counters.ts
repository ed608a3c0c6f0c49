import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { anthropicMessageTokens, anthropicOverhead, anthropicToolsTokens } from './anthropic-estimate.ts'
import { textCounter } from './encodings.ts'
import { countHarmonyParts, renderHarmonyConversation } from './harmony-chat.ts'
import { harmonyMessages, openAiMessages } from './message-views.ts'
import type { ModelFamily } from './model-family.ts'
import { loadOpenModel, type OpenModelFiles } from './open-model.ts'
import { openAiPromptWithTools, openAiPromptWithoutTools } from './openai-chat.ts'
import type { CountMethod } from './types.ts'

/** One family's counting rules bound to a conversation: the two prompt counts the difference method needs. */
export type FamilyCounter = {
  readonly encoding: string
  readonly method: Exclude<CountMethod, 'measured'>
  readonly provenance: string
  /** Prompt tokens of the conversation with no tools and no tool_choice. */
  withoutTools(): number
  /** Prompt tokens with these tools and the tool_choice; an empty list gives the tool machinery alone. */
  withTools(tools: readonly ToolDefinition[]): number
  /** Expected error bound, in tokens, for a request whose tools cost `toolTokens`. */
  confidence(toolTokens: number): number
}

/** Builds the counter for a model family (loads its encoding once per process). */
export async function familyCounter(family: ModelFamily, messages: readonly Message[], toolChoice: ToolChoice | undefined): Promise<FamilyCounter> {
  const count = await textCounter(family.encoding)
  switch (family.family) {
    case 'openai-chat':
    case 'default': {
      const wire = openAiMessages(messages)
      const validated = family.family === 'openai-chat' && family.validated
      return {
        encoding: family.encoding,
        method: validated ? 'exact-render' : 'estimate',
        provenance: 'namespace-functions render (tools dialect) + hmarr/pamelafox constants',
        withoutTools: () => openAiPromptWithoutTools(wire, count),
        withTools: (tools) => openAiPromptWithTools(wire, tools, toolChoice, 'tools', count),
        // Validated: the pamelafox set is 0…+3 over. Newer OpenAI models have no public oracle and changed their
        // wrappers (ai-tokenizer saw gpt-5.1 20% off); other families' templates cost 1–3× this render.
        confidence: (toolTokens) => validated ? 3 : family.family === 'openai-chat' ? 3 + Math.ceil(toolTokens * 0.2) : Math.max(10, 2 * toolTokens),
      }
    }
    case 'harmony': {
      const { instructions, messages: turns } = harmonyMessages(messages)
      const render = (tools: readonly ToolDefinition[], emptyToolSection = false) =>
        countHarmonyParts(renderHarmonyConversation({ ...(instructions !== undefined ? { instructions } : {}), tools, messages: turns, emptyToolSection }), count)
      return {
        encoding: 'o200k_harmony',
        method: 'exact-render',
        provenance: 'openai/harmony renderer port (byte-exact on its test render), Current date pinned to 2025-06-28',
        withoutTools: () => render([]),
        withTools: (tools) => render(tools, true),
        confidence: () => 0,
      }
    }
    case 'anthropic': {
      const overhead = anthropicOverhead(family.model, toolChoice)
      const base = anthropicMessageTokens(family.model, messages, count)
      return {
        encoding: 'proxy:o200k_base',
        method: 'estimate',
        provenance: `dated overhead table (${overhead.source}) + key-sorted JSON proxy counted with o200k_base`,
        withoutTools: () => base,
        withTools: (tools) => base + anthropicToolsTokens(family.model, tools, toolChoice, count),
        // Table disagreement plus ~25% for counting Claude's text with another tokenizer.
        confidence: (toolTokens) => overhead.uncertainty + Math.ceil(Math.max(0, toolTokens - overhead.tokens) * 0.25),
      }
    }
  }
}

/**
 * The open-model counter: the model's own chat template rendered with and without `tools` and tokenized with its
 * tokenizer.json. Exact for that template; the figure is only as right as the template is the serving engine's.
 */
export function openModelCounter(files: OpenModelFiles, messages: readonly Message[]): FamilyCounter {
  const model = loadOpenModel(files)
  return {
    encoding: model.label,
    method: 'exact-render',
    provenance: 'chat template rendered with @huggingface/jinja, counted with @huggingface/tokenizers (dates pinned to 26 Jul 2024)',
    withoutTools: () => model.count(messages, undefined),
    withTools: (tools) => model.count(messages, tools),
    confidence: () => 0,
  }
}
