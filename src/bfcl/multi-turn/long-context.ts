import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { didYouMean } from '../../core/did-you-mean.ts'
import { InputError } from '../../core/errors.ts'
import type { OptionNames } from '../../core/option-names.ts'
import type { Expr } from '../python/ast.ts'
import { lineAt, parseAssignments } from '../python/module.ts'
import { PySyntaxError } from '../python/errors.ts'
import type { ProcessState } from './environment.ts'
import { copyVal, fromPy, isMap, isNumber, type Key, type PyObject, type Val } from './values.ts'

// multi_turn_long_context differs from base only in BFCL's environments loading `long_context.py` (the filler
// text, file lists and extension dicts). toolgauge never ships that file: it reads the user's copy (`--bfcl-source
// <bfcl_eval folder>`) with its own Python parser, in memory only. The dicts BFCL hands out by reference (travel's
// extension cards and bookings, the vehicle's weather dict it mutates) are module globals: one copy per BFCL
// process, shared by the model's and the ground truth's instances and by every later entry (installLongContext).

/** Where BFCL keeps the long-context constants, relative to its `bfcl_eval` folder. */
export const longContextFile = 'eval_checker/multi_turn_eval/func_source_code/long_context.py'

/** The constants the environments read, and the kind each must be. */
const expectedKinds = {
  FILE_CONTENT_EXTENSION: 'str',
  FILES_TAIL_USED: 'list',
  POPULATE_FILE_EXTENSION: 'list',
  WATCH_LIST_EXTENSION: 'list',
  TRANSACTION_HISTORY_EXTENSION: 'list',
  MA_5_EXTENSION: 'list',
  MA_20_EXTENSION: 'list',
  TECHNOLOGY_EXTENSION: 'list',
  AUTOMOBILE_EXTENSION: 'list',
  ORDER_DETAIL_EXTENSION: 'dict',
  CAR_STATUS_METADATA_EXTENSION: 'str',
  LONG_WEATHER_EXTENSION: 'dict',
  PARKING_BRAKE_INSTRUCTION: 'str',
  INTERMEDIARY_CITIES: 'list',
  CREDIT_CARD_EXTENSION: 'dict',
  BOOKING_RECORD_EXTENSION: 'dict',
} as const

type Kinds = typeof expectedKinds
type KindValue = { readonly list: Val[]; readonly dict: Map<Key, Val>; readonly str: string }

/** BFCL's long-context constants as environment data (the module's values, by name). */
export type LongContextConstants = { readonly [Name in keyof Kinds]: KindValue[Kinds[Name]] }

/** Python's `Ellipsis` (`...` closes one of BFCL's lists): printed as its repr, equal only to itself. */
class PyEllipsis implements PyObject {
  pyRepr(): string {
    return 'Ellipsis'
  }
  eqValue() {
    return { t: 'tuple', items: ['Ellipsis'] } as const
  }
  equals(other: PyObject): boolean {
    return other instanceof PyEllipsis
  }
}

/** The one `Ellipsis`. */
const pyEllipsis: PyObject = new PyEllipsis()

class NotLiteral extends Error {}

// `ast.literal_eval` as far as long_context.py needs it: literals, lists, dicts with str/int keys, `...`, signs.
function literal(node: Expr): Val {
  switch (node.k) {
    case 'const': return fromPy(node.value)
    case 'ellipsis': return pyEllipsis
    case 'list': return node.elts.map(literal)
    case 'dict': {
      const out = new Map<Key, Val>()
      node.keys.forEach((key, index) => {
        const k = key === null ? undefined : literal(key)
        if (typeof k !== 'string' && !(isNumber(k) && k.t === 'int')) throw new NotLiteral('a dict key that is not a str or int')
        out.set(typeof k === 'string' ? k : k.v as bigint, literal(node.values[index]!))
      })
      return out
    }
    case 'unary': {
      const operand = literal(node.operand)
      if ((node.op !== '-' && node.op !== '+') || !isNumber(operand)) throw new NotLiteral(`a unary ${node.op} on a non-number`)
      if (node.op === '+') return operand
      return operand.t === 'int' ? { t: 'int', v: -operand.v } : { t: 'float', v: -operand.v }
    }
    default: throw new NotLiteral(`a ${node.k === 'opaque' ? node.what : node.k} expression`)
  }
}

function kindOf(v: Val | undefined): string {
  if (typeof v === 'string') return 'str'
  if (Array.isArray(v)) return 'list'
  if (isMap(v)) return 'dict'
  return v === null ? 'None' : typeof v === 'boolean' ? 'bool' : isNumber(v) ? v.t : 'another value'
}

/** Parses long_context.py text into the constants; `file` names it in errors. */
function parseLongContext(source: string, file: string): LongContextConstants {
  let statements
  try {
    statements = parseAssignments(source)
  } catch (error) {
    if (error instanceof PySyntaxError) {
      throw new InputError(`expected BFCL's long_context.py, module-level NAME = <Python literal> assignments only: ${error.message}`, { file, line: lineAt(source, error.position) })
    }
    throw error
  }
  const values = new Map<string, { value: Val; line: number }>()
  for (const { name, value, line } of statements) {
    try {
      values.set(name, { value: literal(value), line })
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error
      // Names the environments never read may hold anything; the ones they read must be literals.
      if (name in expectedKinds) throw new InputError(`expected ${name} to be a Python literal, found ${error.message}`, { file, line })
    }
  }
  const out: Record<string, Val> = {}
  for (const [name, kind] of Object.entries(expectedKinds)) {
    const found = values.get(name)
    if (!found) throw new InputError(`expected BFCL's long_context.py to define ${name} (a ${kind})${didYouMean(name, values.keys())}`, { file })
    if (kindOf(found.value) !== kind) throw new InputError(`expected ${name} to be a ${kind}, got a ${kindOf(found.value)}`, { file, line: found.line })
    out[name] = found.value
  }
  return out as unknown as LongContextConstants
}

const read = new Map<string, LongContextConstants>()

/**
 * The constants `what` (a category imported, a result file scored) needs, from the folder given as the options'
 * `bfclSource` (named in `names`, the CLI's flag or the library's option): bad input without one.
 */
export function givenLongContext(bfclSource: string | undefined, what: string, names: OptionNames): LongContextConstants {
  if (bfclSource === undefined) {
    throw new InputError(`${what} needs BFCL's long-context constants: give BFCL's bfcl_eval folder as ${names.bfclSource} (the folder holding ${longContextFile})`, { field: names.bfclSource })
  }
  return readLongContext(bfclSource, names.bfclSource)
}

/**
 * BFCL's long-context constants from its `bfcl_eval` folder (read once per folder and process, never written
 * anywhere). A folder without the file, an unreadable file or an unexpected one is bad input naming the file
 * (and `field`, the option that gave the folder).
 */
export function readLongContext(bfclSource: string, field?: string): LongContextConstants {
  const file = join(resolve(bfclSource), longContextFile)
  const known = read.get(file)
  if (known) return known
  if (!existsSync(file)) throw new InputError(`expected BFCL's bfcl_eval folder, with ${longContextFile} in it`, { file: bfclSource, ...(field !== undefined ? { field } : {}) })
  let source: string
  try {
    source = readFileSync(file, 'utf8')
  } catch (error) {
    throw new InputError(`cannot read BFCL's long_context.py: ${(error as Error).message}`, { file })
  }
  const constants = parseLongContext(source, file)
  read.set(file, constants)
  return constants
}

const processKey = 'bfcl.long_context'

/** Makes the constants BFCL's long_context module holds visible to one process's environments (own copies of the dicts BFCL mutates or shares). */
export function installLongContext(process: ProcessState, constants: LongContextConstants): void {
  const own: Record<string, Val> = { ...constants }
  for (const name of ['CREDIT_CARD_EXTENSION', 'BOOKING_RECORD_EXTENSION', 'LONG_WEATHER_EXTENSION'] as const) own[name] = copyVal(constants[name])
  process.set(processKey, own)
}

/** A new process (BFCL's module globals) holding the long-context constants. */
export function longContextProcess(constants: LongContextConstants): ProcessState {
  const process: ProcessState = new Map()
  installLongContext(process, constants)
  return process
}

/** The long-context constants of a process; a long-context load without them is a wiring error. */
export function longContextOf(process: ProcessState): LongContextConstants {
  const constants = process.get(processKey) as LongContextConstants | undefined
  if (!constants) throw new Error("a long-context environment needs BFCL's long-context constants (installLongContext) in its process")
  return constants
}
