// A suite's cases as the runner reads them: held in memory, or read line by line from a JSON Lines case file
// (`cases: ./cases.jsonl`), each line checked before anything runs and read again when its case runs.
import { existsSync } from 'node:fs'
import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import { firstInexactNumber } from '../core/exact-number.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import { fileStamp, LineReader, type TextLine } from '../io/read-lines.ts'
import { didYouMeanFile } from '../io/similar-file.ts'
import { inexactNumberMessage, jsonSyntaxProblem } from '../io/read-document.ts'
import { validateCaseShape } from '../schema/validate-document.ts'

/** A field's path inside a case. */
export type Path = (string | number)[]
/** The InputError for a field of a case, by its path inside the case. */
export type Locate = (path: Path, message: string) => InputError
/** Builds a case from its parsed (schema-valid) value; a problem is the InputError `at` gives for its field. */
export type BuildCase = (rawCase: Record<string, unknown>, at: Locate) => Promise<Case>

/** A suite's cases, one at a time: held in memory (inline cases), or read again from the suite's case file. */
export type SuiteCases = {
  readonly count: number
  /** Case `index`; a case file is read forward, so asking in increasing order reads it once. */
  at(index: number): Promise<Case>
}

/** Case ids seen so far in a suite: a repeated one is an InputError at the second use. */
export class CaseIds {
  private readonly seen = new Map<string, string>()

  /** Records a case's id (the case described as `where`), or throws if an earlier case has it. */
  add(rawCase: Record<string, unknown>, where: string, at: Locate): void {
    const id = rawCase.id as string
    const first = this.seen.get(id)
    if (first !== undefined) throw at(['id'], `duplicate case id "${id}" (first used by ${first})`)
    this.seen.set(id, where)
  }
}

/**
 * The cases of a case file, one JSON object per line (blank lines skipped): every line is parsed, validated and
 * built once, in order, before anything runs (ids checked across lines). Then they are held (`stream` false), or
 * only counted, and each is read again from its line, with the same checks, when the run asks for it.
 */
export async function caseFileCases(file: string, buildCase: BuildCase, stream: boolean, atCases: (message: string) => InputError): Promise<Case[] | SuiteCases> {
  if (!existsSync(file)) throw atCases(`case file not found: ${file}${didYouMeanFile(file)}`)
  const stamp = fileStamp(file)
  const ids = new CaseIds()
  const held: Case[] = []
  let count = 0
  const reader = new LineReader(file, stamp)
  for (let line = nextCaseLine(reader); line; line = nextCaseLine(reader)) {
    const rawCase = parseCaseLine(file, line)
    const at = lineLocator(file, line)
    ids.add(rawCase, `line ${line.line}`, at)
    const testCase = await buildCase(rawCase, at)
    if (!stream) held.push(testCase)
    count++
  }
  if (count === 0) throw atCases(`the case file has no cases (one JSON object per line): ${file}`)
  if (!stream) return held
  let cursor = new LineReader(file, stamp)
  let next = 0
  return {
    count,
    // Reads forward from the last case asked for; an earlier case starts again from the top of the file.
    async at(index) {
      if (index < next) {
        cursor = new LineReader(file, stamp)
        next = 0
      }
      let line: TextLine | undefined
      for (; next <= index; next++) line = nextCaseLine(cursor)
      if (!line) throw new InputError(`the file changed after it was checked: it has no case ${index + 1}`, { file })
      return buildCase(parseCaseLine(file, line), lineLocator(file, line))
    },
  }
}

/** The next line that is not blank. */
function nextCaseLine(reader: LineReader): TextLine | undefined {
  let line = reader.next()
  while (line && line.text.trim() === '') line = reader.next()
  return line
}

/** A case file's line as a schema-valid case. */
function parseCaseLine(file: string, line: TextLine): Record<string, unknown> {
  const value = parseJsonLine(line.text, file, line.line)
  // JSON.parse keeps the last value of a repeated key; a suite document rejects one, so does a case line.
  if (hasRepeatedKey(line.text)) throw new InputError('an object names the same key twice', { file, line: line.line })
  validateCaseShape(value, file, line.line)
  // A case file is read again line by line during a run: one line is one case, so rows are written as lines.
  if ((value as Record<string, unknown>).vars !== undefined) throw new InputError('vars: (a case matrix) is for cases listed in the suite file; in a case file, write one line per row', { file, line: line.line, field: 'vars' })
  return value as Record<string, unknown>
}

/**
 * One line of a JSON Lines file, parsed: text that is no JSON is an InputError at its line, and so is a number
 * JavaScript would hold as another (`inexactNumberMessage`).
 */
export function parseJsonLine(text: string, file: string, line: number): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    const { reason, column } = jsonSyntaxProblem(text)
    throw new InputError(`invalid JSON at column ${column}: ${reason}`, { file, line })
  }
  const inexact = firstInexactNumber(text)
  if (inexact) throw new InputError(`${inexactNumberMessage(inexact.token)} (column ${inexact.index + 1})`, { file, line })
  return value
}

function lineLocator(file: string, line: TextLine): Locate {
  return (path, message) => new InputError(message, { file, line: line.line, field: path.length > 0 ? path.join('.') : '(root)' })
}

/** Cases held in memory, as a run reads them. */
export function heldCases(cases: readonly Case[]): SuiteCases {
  return { count: cases.length, at: async (index) => cases[index]! }
}
