import type { Message } from '../core/message.ts'
import type { Bound } from './calibration-2026-11.ts'
import type { TextCounter } from './encodings.ts'
import type { FamilyCounter, PromptSettings } from './family-counters.ts'
import { openAiMessages } from './message-views.ts'
import type { ModelFamily } from './model-family.ts'
import { openAiPromptWithTools, openAiPromptWithoutTools } from './openai-chat.ts'

// Models of unknown templates and tokenizers (Llama, Qwen, Mistral, DeepSeek, GLM, Gemini … behind hosts):
// the OpenAI render with o200k_base as a yardstick. Recorded traffic (calibration-2026-11.ts) puts the truth
// anywhere from 0.9× to 14× of it — hosts inject their own tool prompts (Groq's Llama 4: ~700 tokens) and
// tokenizers differ by up to ~40% on long text, DeepSeek's API adds ~76 tokens to every request — so the stated
// bound is wide on purpose.
const bound: Bound = { base: 80, share: 0.4 }
const withToolsBound = 700

/** The estimate for `default` specs (see docs/tokens.md "Everything else"). */
export function defaultEstimate(family: ModelFamily & { family: 'default' }, messages: readonly Message[], settings: PromptSettings, count: TextCounter): FamilyCounter {
  const wire = openAiMessages(messages)
  return {
    encoding: family.encoding,
    method: 'estimate',
    rules: `other models: estimate (vendor ${family.vendor})`,
    provenance: `OpenAI namespace-functions render with o200k_base as a yardstick (vendor: ${family.vendor}); exact: --measure, or --tokenizer with the serving engine's chat template`,
    withoutTools: () => openAiPromptWithoutTools(wire, count),
    withTools: (tools) => openAiPromptWithTools(wire, tools, settings.toolChoice, 'tools', count),
    confidence: (prompt, tools) => bound.base + Math.ceil(bound.share * prompt) + (tools > 0 ? withToolsBound : 0),
  }
}
