import type { JsonSchema, ToolDefinition } from '../../core/tool.ts'
import { contentWords } from './text.ts'

type PropertySchema = JsonSchema & { type?: unknown; enum?: unknown[]; format?: unknown; description?: unknown }

/** Values found in a prompt, by kind, each with its position so nearby words can decide which parameter gets it. */
type Found = { readonly value: string | number; readonly at: number }

/**
 * Fills the arguments it can find in the prompt: enum values mentioned, numbers (preferring the one next to a
 * word of the parameter's name or description), quoted strings, emails, dates, paths, and capitalized names for
 * other string parameters. When the main string parameter has several candidates (a list of cities, say) it
 * returns one argument set per candidate, which the baseline emits as parallel calls.
 */
export function extractArgumentSets(prompt: string, tool: ToolDefinition): Record<string, unknown>[] {
  const properties = (tool.parameters.properties ?? {}) as Record<string, PropertySchema>
  const required = new Set(Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : [])
  const numbers = findAll(prompt, /(?<![\w.:/-])-?\d+(?:\.\d+)?(?![\w:/-]|\.\d)/g).map((f) => ({ ...f, value: Number(f.value) }))
  const quoted = findAll(prompt, /["“']([^"”']{1,200})["”']/g, 1)
  const tokens = findAll(prompt, /[^\s,;!?()"“”]+/g).map((f) => ({ ...f, value: String(f.value).replace(/[.:]+$/, '') }))
  const entities = capitalizedNames(prompt)
  // Positions already taken: one stretch of the prompt feeds one parameter.
  const usedAt = new Set<number>()
  const used = { has: (found: Found) => usedAt.has(found.at), add: (found: Found) => usedAt.add(found.at) }
  const args: Record<string, unknown> = {}
  const pools: { key: string; pool: readonly Found[]; picked: Found }[] = []

  for (const [key, schema] of Object.entries(properties)) {
    const hints = contentWords(`${key} ${typeof schema.description === 'string' ? schema.description : ''}`)
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
    if (type === 'boolean') {
      if (required.has(key)) args[key] = hints.some((hint) => contentWords(prompt).includes(hint))
      continue
    }
    if (type === 'array') {
      const shaped = shapedTokens(tokens, key, (schema.items ?? {}) as PropertySchema)
      const values = (shaped ?? []).filter((found) => !used.has(found))
      values.forEach((found) => used.add(found))
      if (values.length > 0) args[key] = values.map((found) => found.value)
      continue
    }
    let pool: readonly Found[]
    let pick: Found | undefined
    if (Array.isArray(schema.enum)) {
      pool = enumMentions(prompt, schema.enum)
      pick = nextTo(pool.filter((found) => !used.has(found)), key, prompt)
    } else if (type === 'integer' || type === 'number') {
      pool = numbers.filter((n) => type === 'number' || Number.isInteger(n.value))
      pick = closest(pool.filter((n) => !used.has(n)), hints, prompt)
    } else if (type === 'string' || type === undefined) {
      pool = shapedTokens(tokens, key, schema) ?? (quoted.some((q) => !used.has(q)) ? quoted : entities)
      pick = pool.find((candidate) => !used.has(candidate))
    } else continue
    if (!pick) continue
    used.add(pick)
    args[key] = pick.value
    if (required.has(key) && pool !== quoted && typeof pick.value === 'string') pools.push({ key, pool, picked: pick })
  }
  // Candidates no parameter took ("checking and savings", "Paris and Tokyo") become parallel calls.
  const fanOut = pools
    .map(({ key, pool, picked }) => ({ key, values: [picked, ...pool.filter((found) => !used.has(found) && found.value !== picked.value)] }))
    .find((entry) => entry.values.length > 1)
  if (!fanOut) return [args]
  return fanOut.values.map((found) => ({ ...args, [fanOut.key]: found.value }))
}

/** Shapes a string can be told by: JSON Schema formats and the parameter names that imply them. */
const shapes: readonly { test: (key: string, schema: PropertySchema) => boolean; pattern: RegExp }[] = [
  { test: (key, schema) => schema.format === 'email' || /email/i.test(key), pattern: /^[\w.+-]+@[\w-]+\.[\w.]+$/ },
  { test: (key, schema) => schema.format === 'date' || /(^|_)date$/i.test(key), pattern: /^\d{4}-\d{2}-\d{2}$/ },
  { test: (key, schema) => schema.format === 'time' || /time$/i.test(key), pattern: /^\d{1,2}:\d{2}(:\d{2})?$/ },
  { test: (key, schema) => schema.format === 'uri' || /url|uri/i.test(key), pattern: /^[a-z]+:\/\/\S+$/ },
  { test: (key) => /path|file|dir|folder/i.test(key), pattern: /^(?:~|\.{1,2})?\/?[\w.-]+(?:\/[\w.-]*)*$/ },
]

/** Prompt tokens shaped like the parameter (its `pattern`, format or name), or undefined when nothing shapes it. */
function shapedTokens(tokens: readonly Found[], key: string, schema: PropertySchema): Found[] | undefined {
  if (typeof schema.pattern === 'string') {
    let pattern: RegExp | undefined
    try {
      pattern = new RegExp(schema.pattern, 'u')
    } catch {
      pattern = undefined
    }
    if (pattern) return tokens.filter((token) => pattern.test(String(token.value)))
  }
  const shape = shapes.find((candidate) => candidate.test(key, schema))
  if (!shape) return undefined
  // Paths must look like paths (a slash or an extension), not any word.
  return tokens.filter((token) => shape.pattern.test(String(token.value)) && (!/path|file|dir|folder/i.test(key) || /[/.]/.test(String(token.value))))
}

function findAll(text: string, pattern: RegExp, group = 0): Found[] {
  return [...text.matchAll(pattern)].map((match) => ({ value: match[group] ?? match[0], at: match.index ?? 0 }))
}

/** Capitalized word runs that are not sentence starts: the names, places and titles of a prompt. */
function capitalizedNames(prompt: string): Found[] {
  const found: Found[] = []
  for (const match of prompt.matchAll(/\b[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|de|of|la|le|van|von))*(?:\s+[A-Z][\w'-]*)?/g)) {
    const at = match.index ?? 0
    const before = prompt.slice(0, at).trimEnd()
    const sentenceStart = before === '' || /[.!?:]$/.test(before)
    let words = match[0].split(/\s+/)
    if (sentenceStart) words = words.slice(1)
    const name = words.join(' ').replace(/['’]s$/, '')
    if (name && name !== 'I') found.push({ value: name, at })
  }
  return found
}

/** Every mention of an enum value in the prompt (underscores read as spaces), in prompt order. */
function enumMentions(prompt: string, values: readonly unknown[]): Found[] {
  const lower = prompt.toLowerCase()
  const found: Found[] = []
  for (const value of values) {
    if (typeof value !== 'string') continue
    const needle = value.toLowerCase().replace(/_/g, ' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const match of lower.matchAll(new RegExp(`\\b${needle}\\b`, 'g'))) found.push({ value, at: match.index ?? 0 })
  }
  return found.sort((a, b) => a.at - b.at)
}

/** Prefers the candidate right after a word of the parameter's name ("from savings" for from_account). */
function nextTo(candidates: readonly Found[], key: string, prompt: string): Found | undefined {
  const parts = key.toLowerCase().split(/[_\W]+/).filter(Boolean)
  const lower = prompt.toLowerCase()
  return candidates.find((found) => {
    const before = lower.slice(Math.max(0, found.at - 12), found.at).split(/\W+/).filter(Boolean)
    return before.some((word) => parts.includes(word))
  }) ?? candidates[0]
}

/** The number whose neighbouring words share the most with the parameter's hints (first one on ties). */
function closest(numbers: readonly Found[], hints: readonly string[], prompt: string): Found | undefined {
  let best: { found: Found; score: number } | undefined
  for (const found of numbers) {
    const around = contentWords(prompt.slice(Math.max(0, found.at - 30), found.at + 30))
    const score = around.filter((word) => hints.includes(word)).length
    if (!best || score > best.score) best = { found, score }
  }
  return best?.found
}
