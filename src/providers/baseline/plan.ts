import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import { bm25Scores, toolDocument } from './bm25.ts'
import { extractArgumentSets } from './extract-arguments.ts'
import { contentWords } from './text.ts'

/**
 * Minimum number of distinct prompt words found in a tool's document for the baseline to call it on its own
 * (tool_choice auto). BM25 ranks the tools; this absolute floor decides irrelevance, since BM25 scores shrink
 * with the number of tools and would make any fixed score threshold depend on the suite's size.
 */
const callThreshold = 1

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

/** The best-ranked tool (BM25) and how many distinct prompt words its document shares (its `score`). */
function bestTool(text: string, tools: readonly ToolDefinition[]): { tool: ToolDefinition; score: number } | undefined {
  const words = contentWords(text)
  const scores = bm25Scores(words, tools)
  let best: { index: number; rank: number } | undefined
  scores.forEach((rank, index) => {
    if (!best || rank > best.rank) best = { index, rank }
  })
  if (!best) return undefined
  const tool = tools[best.index] as ToolDefinition
  const document = new Set(toolDocument(tool))
  return { tool, score: new Set(words.filter((word) => document.has(word))).size }
}

function callsFor(prompt: string, tool: ToolDefinition): PlannedCall[] {
  return extractArgumentSets(prompt, tool).map((args) => ({ name: tool.name, arguments: args }))
}
