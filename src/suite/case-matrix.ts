// Case matrices (`vars:`, README "Case matrices"): a case written once with `{{name}}` placeholders and a list of
// rows — inline maps, or a CSV / JSON Lines file next to the suite — becomes one ordinary case per row, `<id>[<row>]`
// (0-based), before anything else sees it: every runner feature then reads ordinary cases.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { readTextFile } from '../io/read-text.ts'
import { didYouMeanFile } from '../io/similar-file.ts'
import { parseJsonLine, type Locate, type Path } from './case-file.ts'

/** One row of a matrix: placeholder name → value. */
export type MatrixRow = { readonly [name: string]: unknown }

/** The keys of a case whose strings may hold `{{name}}` (what the model is sent and what is expected of it). */
const templatedKeys = ['system', 'prompt', 'messages', 'conversation', 'user', 'expect'] as const

const placeholder = /\{\{\s*([^{}\s]+)\s*\}\}/g
const wholePlaceholder = /^\{\{\s*([^{}\s]+)\s*\}\}$/

/**
 * The cases a raw case stands for: itself when it has no `vars:`, else one per row with its id `<id>[<row>]` and
 * every `{{name}}` replaced (a string that is only `{{name}}` takes the row's value as it is — a number stays a
 * number in a matcher —, anywhere else its text). A placeholder no row names, a row without one of them, or a
 * vars file that cannot be read as rows is an InputError at the field or line.
 */
export function expandCase(rawCase: Record<string, unknown>, base: string, at: Locate): { readonly rawCase: Record<string, unknown>; readonly at: Locate }[] {
  if (rawCase.vars === undefined) return [{ rawCase, at }]
  const rows = matrixRows(rawCase.vars, base, at)
  const { vars: _vars, ...template } = rawCase
  return rows.map((row, index) => {
    const expanded: Record<string, unknown> = { ...template, id: `${String(template.id)}[${index}]` }
    for (const key of templatedKeys) {
      if (template[key] !== undefined) expanded[key] = substitute(template[key], row, index, [key], at)
    }
    const rowAt: Locate = (path, message) => at(path, `${message} (vars row ${index})`)
    return { rawCase: expanded, at: rowAt }
  })
}

/** The rows of `vars:`: an inline list of maps, or a `.csv` (header row) / `.jsonl` file relative to the suite. */
function matrixRows(value: unknown, base: string, at: Locate): readonly MatrixRow[] {
  if (Array.isArray(value)) return value as MatrixRow[]
  const file = resolve(base, value as string)
  if (!existsSync(file)) throw at(['vars'], `vars file not found: ${file}${didYouMeanFile(value as string, base)}`)
  const rowsOf = file.endsWith('.csv') ? csvRows : file.endsWith('.jsonl') ? jsonlRows : undefined
  // Named before it is read: a folder (`vars: ./data`) is told what a vars file is, not EISDIR with a stack.
  if (!rowsOf) throw at(['vars'], `a vars file is .csv (a header row, then one row per case) or .jsonl (one object per line): ${file}`)
  const rows = rowsOf(readTextFile(file, 'vars'), file)
  if (rows.length === 0) throw new InputError('the vars file has no rows', { file })
  return rows
}

/** A JSON Lines file's objects (blank lines skipped). */
function jsonlRows(text: string, file: string): MatrixRow[] {
  const rows: MatrixRow[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return
    const value = parseJsonLine(line, file, index + 1)
    if (!isPlainObject(value)) throw new InputError('expected one JSON object per line (placeholder name → value)', { file, line: index + 1 })
    rows.push(value as MatrixRow)
  })
  return rows
}

/**
 * A CSV file's rows (RFC 4180: commas, double-quoted fields with `""` for a quote, line breaks inside quotes), keyed
 * by the header row; every value is a string. A row with more or fewer fields than the header is an error at its line.
 */
function csvRows(text: string, file: string): MatrixRow[] {
  const records = csvRecords(text, file)
  const header = records.shift()
  if (!header) return []
  const names = header.fields.map((name) => name.trim())
  return records.filter((record) => !(record.fields.length === 1 && record.fields[0] === '')).map((record) => {
    if (record.fields.length !== names.length) throw new InputError(`a row of ${record.fields.length} field${record.fields.length === 1 ? '' : 's'} where the header has ${names.length} (${names.join(', ')})`, { file, line: record.line })
    return Object.fromEntries(names.map((name, index) => [name, record.fields[index]]))
  })
}

function csvRecords(text: string, file: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let start = 1
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') { field += '"'; index++ }
      else if (char === '"') quoted = false
      else { if (char === '\n') line++; field += char }
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') { fields.push(field); field = '' }
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      fields.push(field)
      records.push({ line: start, fields })
      fields = []
      field = ''
      line++
      start = line
    } else field += char
  }
  if (quoted) throw new InputError('a quoted field is not closed', { file, line: start })
  if (field !== '' || fields.length > 0) { fields.push(field); records.push({ line: start, fields }) }
  return records
}

/** `value` with every `{{name}}` in its strings replaced from the row. */
function substitute(value: unknown, row: MatrixRow, index: number, path: Path, at: Locate): unknown {
  if (typeof value === 'string') {
    const whole = wholePlaceholder.exec(value)
    if (whole) return lookup(whole[1]!, row, index, path, at)
    return value.replace(placeholder, (_, name: string) => {
      const found = lookup(name, row, index, path, at)
      return typeof found === 'string' ? found : JSON.stringify(found)
    })
  }
  if (Array.isArray(value)) return value.map((item, position) => substitute(item, row, index, [...path, position], at))
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) copy[key] = substitute(item, row, index, [...path, key], at)
    return copy
  }
  return value
}

function lookup(name: string, row: MatrixRow, index: number, path: Path, at: Locate): unknown {
  if (Object.hasOwn(row, name)) return row[name]
  throw at(path, `{{${name}}} is not a name of vars row ${index}${didYouMean(name, Object.keys(row))} (its names: ${Object.keys(row).join(', ') || 'none'})`)
}
