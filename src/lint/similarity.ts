// TF-IDF cosine similarity between tools, for similar-descriptions and no-usage-guidance. Hand-written: it is
// ~40 lines, and the measure must stay transparent (docs/lint-tools.md states it exactly); the npm TF-IDF
// packages either pull a whole NLP toolkit (natural) or are unmaintained.
import type { ToolDefinition } from '../core/tool.ts'
import { contentWords } from '../providers/baseline/text.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/**
 * The words a tool is compared by: its name, description and parameter names (top level), lowercased, split on
 * snake_case / camelCase, stopwords removed and lightly stemmed — the same tokenizer as the `baseline` model.
 */
function similarityTerms(tool: ToolDefinition): string[] {
  const properties = tool.parameters.properties
  const paramNames = typeof properties === 'object' && properties !== null ? Object.keys(properties) : []
  return contentWords([tool.name, tool.description ?? '', ...paramNames].join(' '))
}

/** Similarity lookups over one tool set (indexes into the set). */
export type SimilarityIndex = {
  /** Cosine similarity of two tools' TF-IDF vectors, in [0, 1]. */
  score(a: number, b: number): number
  /** The terms two tools share, heaviest first (what makes them similar), at most `limit`. */
  sharedTerms(a: number, b: number, limit: number): string[]
}

/**
 * Pairwise cosine similarity of TF-IDF vectors over the set: tf = raw count, idf = ln((1 + n) / (1 + df)) + 1
 * (smoothed, so a word every tool shares still counts a little).
 */
export function tfidfSimilarity(tools: readonly ToolDefinition[]): SimilarityIndex {
  const documents = tools.map(similarityTerms)
  const documentFrequency = new Map<string, number>()
  for (const document of documents) for (const term of new Set(document)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  const n = documents.length
  // Unit-length vectors, so a dot product is the cosine.
  const vectors = documents.map((document) => {
    const weights = new Map<string, number>()
    for (const term of document) weights.set(term, (weights.get(term) ?? 0) + 1)
    let norm = 0
    for (const [term, count] of weights) {
      const weight = count * (Math.log((1 + n) / (1 + (documentFrequency.get(term) ?? 0))) + 1)
      weights.set(term, weight)
      norm += weight * weight
    }
    norm = Math.sqrt(norm)
    if (norm > 0) for (const [term, weight] of weights) weights.set(term, weight / norm)
    return weights
  })
  // All pairs at once through an inverted index: only pairs that share a term are touched.
  const matrix = new Float64Array(n * n)
  const postings = new Map<string, { docs: number[]; weights: number[] }>()
  vectors.forEach((weights, doc) => {
    for (const [term, weight] of weights) {
      const list = getOrCreate(postings, term, () => ({ docs: [], weights: [] }))
      list.docs.push(doc)
      list.weights.push(weight)
    }
  })
  for (const { docs, weights } of postings.values()) {
    for (let i = 0; i < docs.length; i++) {
      const row = (docs[i] as number) * n // docs are in increasing order: postings are filled document by document
      const weight = weights[i] as number
      for (let j = i + 1; j < docs.length; j++) {
        const cell = row + (docs[j] as number)
        matrix[cell] = (matrix[cell] as number) + weight * (weights[j] as number)
      }
    }
  }
  const score = (a: number, b: number): number => (a === b ? 1 : Math.min(1, matrix[Math.min(a, b) * n + Math.max(a, b)] ?? 0))
  const sharedTerms = (a: number, b: number, limit: number): string[] => {
    const left = vectors[a] ?? new Map<string, number>()
    const right = vectors[b] ?? new Map<string, number>()
    return [...left]
      .filter(([term]) => right.has(term))
      .map(([term, weight]) => ({ term, product: weight * (right.get(term) ?? 0) }))
      .sort((x, y) => y.product - x.product || x.term.localeCompare(y.term))
      .slice(0, limit)
      .map((entry) => entry.term)
  }
  return { score, sharedTerms }
}

/** A similarity as findings print it: two decimals. */
export function round(value: number): number {
  return Math.round(value * 100) / 100
}
