import type { PyValue } from '../py/value.ts'
import type { Expr } from '../python/ast.ts'
import { evaluate } from '../python/evaluate.ts'
import { parseExpression } from '../python/parse.ts'
import { PyEvalError, PySyntaxError } from '../python/errors.ts'
import type { Environment, Param } from './environment.ts'
import { PyException } from './py-error.ts'
import { fromPy, outputText, type Val } from './values.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

// BFCL's execute_multi_turn_func_call: each call string is evaluated with the instances' methods in scope; the
// result becomes text (str as is, dict via json.dumps, else str()), an exception `Error during execution: <str(e)>`.

/** Public method name → the instance that owns it (a later class wins on a clash, as in BFCL's mapping). */
export function methodOwners(instances: readonly Environment[]): Map<string, Environment> {
  const owners = new Map<string, Environment>()
  for (const instance of instances) for (const name of instance.methods.keys()) owners.set(name, instance)
  return owners
}

function listNames(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`)
  if (quoted.length === 1) return quoted[0]!
  if (quoted.length === 2) return `${quoted[0]} and ${quoted[1]}`
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted[quoted.length - 1]}`
}

/**
 * Python's argument binding for `Class.method(self, …)`, with CPython's TypeError wording. Plain loops: this runs
 * for every call scored, and array callbacks over arrays of varying kinds (an empty array is a different kind in V8)
 * made the optimizing compiler throw its code away and compile it again several times per scoring process.
 */
function bindArguments(qualname: string, params: readonly Param[], positional: readonly Val[], keywords: readonly (readonly [string, Val])[]): Val[] {
  if (positional.length > params.length) throw tooManyPositional(qualname, params, positional.length)
  const bound: (Val | undefined)[] = []
  for (let index = 0; index < params.length; index++) bound.push(positional[index])
  for (let k = 0; k < keywords.length; k++) {
    const name = keywords[k]![0]
    let index = 0
    while (index < params.length && params[index]!.name !== name) index++
    if (index === params.length) throw new PyException('TypeError', `${qualname}() got an unexpected keyword argument '${name}'`)
    if (bound[index] !== undefined) throw new PyException('TypeError', `${qualname}() got multiple values for argument '${name}'`)
    bound[index] = keywords[k]![1]
  }
  let missing: string[] | undefined
  for (let index = 0; index < params.length; index++) {
    if (bound[index] === undefined && !params[index]!.default) (missing ??= []).push(params[index]!.name)
  }
  if (missing !== undefined) {
    throw new PyException('TypeError', `${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${listNames(missing)}`)
  }
  const args: Val[] = []
  for (let index = 0; index < params.length; index++) {
    const value = bound[index]
    args.push(value === undefined ? params[index]!.default!() : value)
  }
  return args
}

function tooManyPositional(qualname: string, params: readonly Param[], given: number): PyException {
  const required = params.filter((p) => !p.default).length
  const takes = required === params.length ? `${params.length + 1}` : `from ${required + 1} to ${params.length + 1}`
  const plural = params.length + 1 === 1 && required === params.length ? 'argument' : 'arguments'
  return new PyException('TypeError', `${qualname}() takes ${takes} positional ${plural} but ${given + 1} were given`)
}

// Parsed call texts: every ground-truth call is executed once per model scored, and models repeat calls (12,420
// calls, 1,448 distinct texts, on the six published multi-turn files). The AST and the arguments' values are never
// mutated (evaluate reads the AST; fromPy copies the values for each execution), so sharing them is safe, and
// evaluating argument literals is pure: each text's arguments are evaluated once. Bounded for long runs.
type Evaluated =
  | { readonly ok: true; readonly positional: readonly PyValue[]; readonly keywords: readonly (readonly [string, PyValue])[] }
  | { readonly ok: false; readonly error: unknown }
type ParsedCall = { readonly call: Extract<Expr, { k: 'call' }>; evaluated: Evaluated | undefined }

const parsedCalls = new Map<string, ParsedCall>()
const parsedCallsLimit = 20_000

function parsedCall(source: string): ParsedCall {
  return getOrCreate(parsedCalls, source, () => {
    const expr = parseExpression(source)
    if (expr.k !== 'call') throw new PyException('TypeError', 'not a call')
    if (parsedCalls.size >= parsedCallsLimit) parsedCalls.clear()
    return { call: expr, evaluated: undefined }
  })
}

// The arguments' values in Python's evaluation order (positional, then keywords); the first error is kept and
// thrown again on every later execution, as evaluating the same text again would throw it.
function evaluateArguments(call: Extract<Expr, { k: 'call' }>): Evaluated {
  try {
    const positional: PyValue[] = []
    for (let index = 0; index < call.args.length; index++) positional.push(evaluate(call.args[index]!))
    const keywords: (readonly [string, PyValue])[] = []
    for (let index = 0; index < call.keywords.length; index++) keywords.push([call.keywords[index]!.arg ?? '**', evaluate(call.keywords[index]!.value)])
    return { ok: true, positional, keywords }
  } catch (error) {
    return { ok: false, error }
  }
}

// How BFCL names an instance in the evaluated text; it shows only inside string literals.
const instanceName = (className: string) => `${className}_instance`

/**
 * BFCL's rewrite before `eval`: every identifier directly followed by `(` (spaces allowed) loses those spaces, and
 * a method name gains its instance's name — over the whole text, string literals included (it is a regex).
 */
function rewriteCall(source: string, owners: ReadonlyMap<string, Environment>): string {
  return source.replace(/(?<![\p{L}\p{N}_])([a-zA-Z_][\p{L}\p{N}_]*)\s*(?=\()/gu, (_, name: string) => {
    const owner = owners.get(name)
    return owner ? `${instanceName(owner.className)}.${name}` : name
  })
}

/** Runs one call string against the instances and returns BFCL's text for its result. */
export function executeCall(source: string, owners: ReadonlyMap<string, Environment>): string {
  try {
    const parsed = parsedCall(rewriteCall(source, owners))
    const call = parsed.call
    const target = call.func.k === 'attr' && call.func.value.k === 'name' ? instanceNamed(call.func.value.id, owners) : undefined
    if (call.func.k !== 'attr' || !target) {
      throw new PyException('NameError', `name '${call.func.k === 'name' ? call.func.id : rootName(call.func)}' is not defined`)
    }
    const name = call.func.attr
    const owner = target.methods.has(name) ? target : undefined
    const evaluated = (parsed.evaluated ??= evaluateArguments(call))
    if (!evaluated.ok) throw evaluated.error
    if (!owner) throw new PyException('NameError', `name '${name}' is not defined`)
    const positional: Val[] = []
    for (let index = 0; index < evaluated.positional.length; index++) positional.push(fromPy(evaluated.positional[index]!))
    const keywords: (readonly [string, Val])[] = []
    for (let index = 0; index < evaluated.keywords.length; index++) keywords.push([evaluated.keywords[index]![0], fromPy(evaluated.keywords[index]![1])])
    const method = owner.methods.get(name)!
    return outputText(method.run(bindArguments(`${owner.className}.${name}`, method.params, positional, keywords), owner))
  } catch (error) {
    if (error instanceof PySyntaxError) return 'Error during execution: invalid syntax (<string>, line 1)'
    if (error instanceof PyException || error instanceof PyEvalError) return `Error during execution: ${error.message}`
    throw error
  }
}

// The instance whose evaluated name is `name` (the last such, as in BFCL's globals dict). Owners come in runs of
// one instance, so naming each run once keeps this allocation-free on the hot path.
function instanceNamed(name: string, owners: ReadonlyMap<string, Environment>): Environment | undefined {
  let found: Environment | undefined
  let previous: Environment | undefined
  for (const owner of owners.values()) {
    if (owner !== previous && instanceName(owner.className) === name) found = owner
    previous = owner
  }
  return found
}

function rootName(expr: Expr): string {
  while (expr.k === 'attr') expr = expr.value
  return expr.k === 'name' ? expr.id : expr.k
}
