import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import { bm25Scores } from './bm25.ts'
import { extractArgumentSets } from './extract-arguments.ts'
import { contentWords } from './text.ts'

/** Minimum BM25 score for the baseline to call a tool on its own (tool_choice auto). */
export const callThreshold = 1.5

/** The calls the baseline decides on for a prompt, in order. */
export type PlannedCall = { readonly name: string; readonly arguments: Record<string, unknown> }

/**
 * Decides, deterministically, which tools to call for a prompt: the best BM25 match above the threshold (or the
 * forced / required one), plus a second tool when the prompt joins two requests ("… and …") and that tool also
 * clears the threshold on its own half of the prompt.
 */
export function planCalls(prompt: string, tools: readonly ToolDefinition[], toolChoice: ToolChoice): PlannedCall[] {
  if (toolChoice === 'none' || tools.length === 0) return []
  if (typeof toolChoice === 'object') {
    const forced = tools.find((tool) => tool.name === toolChoice.name)
    return forced ? callsFor(prompt, forced) : []
  }
  const halves = prompt.split(/\b(?:and also|and then|then|also|, and| and)\b/i).filter((part) => part.trim().length > 0)
  const chosen: { tool: ToolDefinition; part: string }[] = []
  const best = bestTool(prompt, tools)
  if (best && (best.score >= callThreshold || toolChoice === 'required')) chosen.push({ tool: best.tool, part: prompt })
  if (chosen.length === 1 && halves.length > 1) {
    for (const half of halves) {
      const candidate = bestTool(half, tools)
      if (candidate && candidate.score >= callThreshold && !chosen.some((entry) => entry.tool === candidate.tool)) {
        chosen.push({ tool: candidate.tool, part: half })
      }
    }
    // With two tools, each one's arguments come from its own half of the prompt.
    if (chosen.length > 1) {
      const first = chosen[0] as { tool: ToolDefinition; part: string }
      chosen[0] = { tool: first.tool, part: halves.find((half) => bestTool(half, tools)?.tool === first.tool) ?? prompt }
    }
  }
  return chosen.flatMap(({ tool, part }) => callsFor(part, tool))
}

function bestTool(text: string, tools: readonly ToolDefinition[]): { tool: ToolDefinition; score: number } | undefined {
  const scores = bm25Scores(contentWords(text), tools)
  let best: { tool: ToolDefinition; score: number } | undefined
  scores.forEach((score, index) => {
    if (!best || score > best.score) best = { tool: tools[index] as ToolDefinition, score }
  })
  return best
}

function callsFor(prompt: string, tool: ToolDefinition): PlannedCall[] {
  return extractArgumentSets(prompt, tool).map((args) => ({ name: tool.name, arguments: args }))
}
