import type { Expr } from '../python/ast.ts'
import { evaluate } from '../python/evaluate.ts'
import { parseExpression } from '../python/parse.ts'
import { PyEvalError, PySyntaxError } from '../python/errors.ts'
import type { Environment, Param } from './environment.ts'
import { PyException } from './py-error.ts'
import { fromPy, outputText, type Val } from './values.ts'

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

/** Python's argument binding for `Class.method(self, …)`, with CPython's TypeError wording. */
function bindArguments(qualname: string, params: readonly Param[], positional: readonly Val[], keywords: readonly (readonly [string, Val])[]): Val[] {
  if (positional.length > params.length) throw tooManyPositional(qualname, params, positional.length)
  const bound: (Val | undefined)[] = params.map((_, index) => positional[index])
  for (const [name, value] of keywords) {
    const index = params.findIndex((param) => param.name === name)
    if (index < 0) throw new PyException('TypeError', `${qualname}() got an unexpected keyword argument '${name}'`)
    if (bound[index] !== undefined) throw new PyException('TypeError', `${qualname}() got multiple values for argument '${name}'`)
    bound[index] = value
  }
  const missing = params.filter((param, index) => bound[index] === undefined && !param.default).map((param) => param.name)
  if (missing.length > 0) {
    throw new PyException('TypeError', `${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${listNames(missing)}`)
  }
  // None is a value (null), so only undefined takes the default.
  return params.map((param, index) => {
    const value = bound[index]
    return value === undefined ? param.default!() : value
  })
}

function tooManyPositional(qualname: string, params: readonly Param[], given: number): PyException {
  const required = params.filter((p) => !p.default).length
  const takes = required === params.length ? `${params.length + 1}` : `from ${required + 1} to ${params.length + 1}`
  const plural = params.length + 1 === 1 && required === params.length ? 'argument' : 'arguments'
  return new PyException('TypeError', `${qualname}() takes ${takes} positional ${plural} but ${given + 1} were given`)
}

// The call's arguments in Python's evaluation order (positional, then keywords), as environment data.
function evaluateArguments(call: Extract<Expr, { k: 'call' }>): { positional: Val[]; keywords: [string, Val][] } {
  return {
    positional: call.args.map((arg) => fromPy(evaluate(arg))),
    keywords: call.keywords.map((keyword) => [keyword.arg ?? '**', fromPy(evaluate(keyword.value))]),
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
    const call = parseExpression(rewriteCall(source, owners))
    if (call.k !== 'call') throw new PyException('TypeError', 'not a call')
    const target = call.func.k === 'attr' && call.func.value.k === 'name' ? instanceNamed(call.func.value.id, owners) : undefined
    if (call.func.k !== 'attr' || !target) {
      throw new PyException('NameError', `name '${call.func.k === 'name' ? call.func.id : rootName(call.func)}' is not defined`)
    }
    const name = call.func.attr
    const { positional, keywords } = evaluateArguments(call)
    const method = target.methods.get(name)
    if (!method) throw new PyException('NameError', `name '${name}' is not defined`)
    return outputText(method.run(bindArguments(`${target.className}.${name}`, method.params, positional, keywords), target))
  } catch (error) {
    if (error instanceof PySyntaxError) return 'Error during execution: invalid syntax (<string>, line 1)'
    if (error instanceof PyException || error instanceof PyEvalError) return `Error during execution: ${error.message}`
    throw error
  }
}

// The instance whose evaluated name is `name` (the last such, as in BFCL's globals dict).
function instanceNamed(name: string, owners: ReadonlyMap<string, Environment>): Environment | undefined {
  let found: Environment | undefined
  for (const owner of owners.values()) if (instanceName(owner.className) === name) found = owner
  return found
}

function rootName(expr: Expr): string {
  while (expr.k === 'attr') expr = expr.value
  return expr.k === 'name' ? expr.id : expr.k
}
