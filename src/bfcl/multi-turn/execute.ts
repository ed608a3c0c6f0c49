import type { Expr } from '../python/ast.ts'
import { evaluate, PyEvalError } from '../python/evaluate.ts'
import { parseExpression } from '../python/parse.ts'
import { PySyntaxError } from '../python/syntax-error.ts'
import type { Environment, Method } from './environment.ts'
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
export function bindArguments(qualname: string, method: Method, positional: readonly Val[], keywords: readonly (readonly [string, Val])[]): Val[] {
  const params = method.params
  if (positional.length > params.length) {
    const required = params.filter((p) => !p.default).length
    const takes = required === params.length ? `${params.length + 1}` : `from ${required + 1} to ${params.length + 1}`
    const plural = params.length + 1 === 1 && required === params.length ? 'argument' : 'arguments'
    throw new PyException('TypeError', `${qualname}() takes ${takes} positional ${plural} but ${positional.length + 1} were given`)
  }
  const bound: (Val | undefined)[] = params.map((_, index) => positional[index])
  for (const [name, value] of keywords) {
    const index = params.findIndex((p) => p.name === name)
    if (index < 0) throw new PyException('TypeError', `${qualname}() got an unexpected keyword argument '${name}'`)
    if (bound[index] !== undefined) throw new PyException('TypeError', `${qualname}() got multiple values for argument '${name}'`)
    bound[index] = value
  }
  const missing = params.filter((p, index) => bound[index] === undefined && !p.default).map((p) => p.name)
  if (missing.length > 0) {
    throw new PyException('TypeError', `${qualname}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${listNames(missing)}`)
  }
  return bound.map((value, index) => (value === undefined ? params[index]!.default!() : value))
}

// Parsed call texts: every ground-truth call is executed once per model scored, and models repeat calls. The AST
// is never mutated (evaluate reads it; fromPy copies what it returns), so sharing it is safe. Bounded for long runs.
const parsedCalls = new Map<string, Expr>()
const parsedCallsLimit = 20_000

function callOf(source: string): Extract<Expr, { k: 'call' }> {
  let expr = parsedCalls.get(source)
  if (!expr) {
    expr = parseExpression(source)
    if (parsedCalls.size >= parsedCallsLimit) parsedCalls.clear()
    parsedCalls.set(source, expr)
  }
  if (expr.k !== 'call') throw new PyException('TypeError', 'not a call')
  return expr
}

/** How BFCL names an instance in the evaluated text (`<prefix>_<Class>_instance`); it shows only inside string literals. */
export type InstanceNaming = (className: string) => string

const defaultNaming: InstanceNaming = (className) => `${className}_instance`

/**
 * BFCL's rewrite before `eval`: every identifier directly followed by `(` (spaces allowed) loses those spaces, and
 * a method name gains its instance's name — over the whole text, string literals included (it is a regex).
 */
export function rewriteCall(source: string, owners: ReadonlyMap<string, Environment>, naming: InstanceNaming): string {
  return source.replace(/(?<![\p{L}\p{N}_])([a-zA-Z_][\p{L}\p{N}_]*)\s*(?=\()/gu, (_, name: string) => {
    const owner = owners.get(name)
    return owner ? `${naming(owner.className)}.${name}` : name
  })
}

/** Runs one call string against the instances and returns BFCL's text for its result. */
export function executeCall(source: string, owners: ReadonlyMap<string, Environment>, naming: InstanceNaming = defaultNaming): string {
  try {
    const call = callOf(rewriteCall(source, owners, naming))
    const target = call.func.k === 'attr' && call.func.value.k === 'name' ? instanceNamed(call.func.value.id, owners, naming) : undefined
    if (call.func.k !== 'attr' || !target) {
      throw new PyException('NameError', `name '${call.func.k === 'name' ? call.func.id : rootName(call.func)}' is not defined`)
    }
    const name = call.func.attr
    const owner = target.methods.has(name) ? target : undefined
    const positional = call.args.map((arg) => fromPy(evaluate(arg)))
    const keywords = call.keywords.map((kw) => [kw.arg ?? '**', fromPy(evaluate(kw.value))] as const)
    if (!owner) throw new PyException('NameError', `name '${name}' is not defined`)
    const method = owner.methods.get(name)!
    const args = bindArguments(`${owner.className}.${name}`, method, positional, keywords)
    return outputText(method.run(args))
  } catch (error) {
    if (error instanceof PySyntaxError) return 'Error during execution: invalid syntax (<string>, line 1)'
    if (error instanceof PyException || error instanceof PyEvalError) return `Error during execution: ${error.message}`
    throw error
  }
}

// The instance whose evaluated name is `name` (the last such, as in BFCL's globals dict). Owners come in runs of
// one instance, so naming each run once keeps this allocation-free on the hot path.
function instanceNamed(name: string, owners: ReadonlyMap<string, Environment>, naming: InstanceNaming): Environment | undefined {
  let found: Environment | undefined
  let previous: Environment | undefined
  for (const owner of owners.values()) {
    if (owner !== previous && naming(owner.className) === name) found = owner
    previous = owner
  }
  return found
}

function rootName(expr: Expr): string {
  while (expr.k === 'attr') expr = expr.value
  return expr.k === 'name' ? expr.id : expr.k
}

/** Runs a step's call strings in order; one text per call. */
export function executeCalls(sources: readonly string[], owners: ReadonlyMap<string, Environment>, naming: InstanceNaming = defaultNaming): string[] {
  return sources.map((source) => executeCall(source, owners, naming))
}
