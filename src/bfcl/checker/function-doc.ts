import type { PyClass } from '../py/value.ts'
import { BfclCrash } from './result.ts'

/** A parameter of a BFCL function doc, as the checker reads it. */
export type ParamDoc = { readonly type?: unknown; readonly items?: { readonly type?: unknown }; readonly [key: string]: unknown }

/** A BFCL function doc, as the checker reads it (un-hinted, dotted names). */
export type FunctionDoc = {
  readonly name: string
  readonly parameters: {
    readonly properties?: { readonly [name: string]: ParamDoc }
    readonly required?: readonly string[]
    readonly [key: string]: unknown
  }
  readonly [key: string]: unknown
}

// BFCL's PYTHON_TYPE_MAPPING: the exact Python class a value of each declared type must have.
const pythonTypes: { readonly [type: string]: PyClass } = {
  string: 'str', integer: 'int', float: 'float', boolean: 'bool', array: 'list', tuple: 'list', dict: 'dict', any: 'str',
}

/** The expected Python class of a declared BFCL (Python) type; BFCL raises on an unknown type. */
export function expectedClass(type: unknown): PyClass {
  if (typeof type === 'string' && Object.hasOwn(pythonTypes, type)) return pythonTypes[type]!
  throw new BfclCrash(`unknown parameter type ${JSON.stringify(type)} (KeyError in BFCL's type mapping)`)
}

/** The types whose items BFCL type-checks one level deep. */
export function hasNestedCheck(type: unknown): boolean {
  return type === 'array' || type === 'tuple'
}

/** The doc whose name equals `name` exactly (BFCL's find_description). */
export function findDoc(docs: readonly FunctionDoc[], name: string): FunctionDoc | undefined {
  return docs.find((doc) => doc.name === name)
}
