import type { ToolDefinition } from '../../core/tool.ts'
import { contentWords } from './text.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

const k1 = 1.2
const b = 0.75

// Cases share their suite's (frozen) tool objects, and each case ranks every tool several times: a tool's words are
// worked out once per tool, not once per ranking.
const documents = new WeakMap<ToolDefinition, readonly string[]>()

/** The words a tool is known by: its name, description, and its parameters' names, descriptions and enum values. */
export function toolDocument(tool: ToolDefinition): readonly string[] {
  return getOrCreate(documents, tool, () => documentOf(tool))
}

function documentOf(tool: ToolDefinition): string[] {
  const parts = [tool.name, tool.name, tool.description ?? '']
  const properties = (tool.parameters.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>
  for (const [name, schema] of Object.entries(properties)) {
    parts.push(name, typeof schema.description === 'string' ? schema.description : '')
    if (Array.isArray(schema.enum)) parts.push(schema.enum.filter((v) => typeof v === 'string').join(' '))
  }
  return contentWords(parts.join(' '))
}

/** BM25 relevance of each tool to the query (same order as `tools`). */
export function bm25Scores(query: readonly string[], tools: readonly ToolDefinition[]): number[] {
  const ranked = tools.map(toolDocument)
  const averageLength = ranked.reduce((sum, document) => sum + document.length, 0) / Math.max(1, ranked.length)
  const documentFrequency = new Map<string, number>()
  for (const document of ranked) {
    for (const word of new Set(document)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1)
  }
  const n = ranked.length
  return ranked.map((document) => {
    let score = 0
    for (const word of new Set(query)) {
      const frequency = document.filter((candidate) => candidate === word).length
      if (frequency === 0) continue
      const df = documentFrequency.get(word) ?? 0
      const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1)
      score += idf * (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + b * document.length / Math.max(1, averageLength)))
    }
    return score
  })
}
