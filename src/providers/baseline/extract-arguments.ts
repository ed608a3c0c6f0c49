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
  const emails = findAll(prompt, /[\w.+-]+@[\w-]+\.[\w.]+/g)
  const dates = findAll(prompt, /\d{4}-\d{2}-\d{2}/g)
  const paths = findAll(prompt, /(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+|[\w-]+\.[a-z0-9]{2,4}\b/g).filter((f) => !String(f.value).includes('@'))
  const entities = capitalizedNames(prompt)
  const used = new Set<Found>()
  const args: Record<string, unknown> = {}
  let fanOut: { key: string; values: Found[] } | undefined

  for (const [key, schema] of Object.entries(properties)) {
    const hints = contentWords(`${key} ${typeof schema.description === 'string' ? schema.description : ''}`)
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
    if (Array.isArray(schema.enum)) {
      const value = mentionedEnum(prompt, schema.enum)
      if (value !== undefined) args[key] = value
      continue
    }
    if (type === 'integer' || type === 'number') {
      const pick = closest(numbers.filter((n) => !used.has(n) && (type === 'number' || Number.isInteger(n.value))), hints, prompt)
      if (pick) {
        used.add(pick)
        args[key] = pick.value
      }
      continue
    }
    if (type === 'boolean') {
      if (required.has(key)) args[key] = hints.some((hint) => contentWords(prompt).includes(hint))
      continue
    }
    if (type !== 'string' && type !== undefined) continue
    const pool = schema.format === 'email' || /email/i.test(key) ? emails
      : schema.format === 'date' || /date|day/i.test(key) ? dates
        : /path|file|dir|folder/i.test(key) ? paths
          : quoted.some((q) => !used.has(q)) ? quoted : entities
    const candidates = pool.filter((candidate) => !used.has(candidate))
    if (candidates.length === 0) continue
    if (!fanOut && candidates.length > 1 && pool === entities && required.has(key)) fanOut = { key, values: candidates }
    const first = candidates[0] as Found
    used.add(first)
    args[key] = first.value
  }
  if (!fanOut) return [args]
  return fanOut.values.map((found) => ({ ...args, [fanOut.key]: found.value }))
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

function mentionedEnum(prompt: string, values: readonly unknown[]): unknown {
  const lower = prompt.toLowerCase()
  let best: { value: unknown; at: number } | undefined
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue
    const needle = String(value).toLowerCase().replace(/_/g, ' ')
    const at = lower.search(new RegExp(`\\b${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    if (at !== -1 && (!best || at < best.at)) best = { value, at }
  }
  return best?.value
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
