import type { PyValue } from '../py/value.ts'
import type { Key, Val } from './values.ts'

/** One parameter of a Python method: no default means required (a default is a thunk, see `opt`). */
export type Param = { readonly name: string; readonly default?: () => Val }

/**
 * A public method of class `S`: its Python signature (after self) and its body over the bound arguments, in
 * signature order, and the instance. One table per class, shared by its instances: BFCL scoring makes two instances
 * per entry and class, and a factory that built its closures per instance was hot and large enough to be compiled
 * by V8's optimizing tier in every scoring process.
 */
export type Method<S> = {
  readonly params: readonly Param[]
  // Method syntax (bivariant in `self`): an Environment's table types its own class, and execute passes the owner.
  run(args: readonly Val[], self: S): Val
}

/** One BFCL environment instance (a Python class instance in BFCL). */
export interface Environment {
  /** The Python class name (`TradingBot`). */
  readonly className: string
  /** Public methods by name; `run` them with this instance. */
  readonly methods: ReadonlyMap<string, Method<this>>
  /** `_load_scenario(config, long_context)`. */
  load(config: PyValue, longContext: boolean): void
  /** `vars(self)` without `_`-prefixed names, in attribute order (live data: convert before keeping it). */
  state(): readonly (readonly [string, Val])[]
}

/**
 * An environment whose state is its BFCL instance attributes by name (`s`, private ones included); `state()` lists
 * the public ones, `attributes`, in BFCL's order.
 */
export abstract class AttributeEnvironment implements Environment {
  abstract readonly className: string
  abstract readonly methods: ReadonlyMap<string, Method<this>>
  readonly s = new Map<string, Val>()

  constructor(private readonly attributes: readonly string[]) {}

  abstract load(config: PyValue, longContext: boolean): void

  /** The attribute `name`. */
  get(name: string): Val {
    return this.s.get(name)!
  }

  /** The attribute `name`, a dict. */
  dict(name: string): Map<Key, Val> {
    return this.s.get(name) as Map<Key, Val>
  }

  /** The attribute `name`, a list. */
  list(name: string): Val[] {
    return this.s.get(name) as Val[]
  }

  state(): (readonly [string, Val])[] {
    return this.attributes.map((name) => [name, this.s.get(name)!] as const)
  }
}

/** Process-wide state BFCL keeps in module globals (mutable default arguments, shared extension dicts). */
export type ProcessState = Map<string, unknown>

/** Makes a fresh instance of an environment class in a process. */
export type EnvironmentFactory = (process: ProcessState) => Environment

/** A required parameter (the same object shape as an optional one keeps argument binding monomorphic). */
export const req = (name: string): Param => ({ name, default: undefined })
/** An optional parameter with a default (a thunk, so each call gets a fresh value unless the thunk shares one). */
export const opt = (name: string, value: Val = null): Param => ({ name, default: () => value })

/** Builds a class's method table from `[name, params, body]` rows. */
export function methodTable<S>(rows: readonly (readonly [string, readonly Param[], (args: readonly Val[], self: S) => Val])[]): Map<string, Method<S>> {
  return new Map(rows.map(([name, params, run]) => [name, { params, run }]))
}
