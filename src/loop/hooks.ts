import type { ToolCall } from '../core/message.ts'
import type { RequestContext } from '../core/provider.ts'
import type { SchemaIssue } from '../core/transcript.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { importUserModule } from '../io/load-module.ts'

/** What hooks and live stubs learn about the call they handle. */
export type ToolCallContext = RequestContext & {
  readonly toolName: string
  readonly callId: string
  /** Schema problems of the arguments as the model sent them (empty when valid). */
  readonly schemaIssues: readonly SchemaIssue[]
}

/** What `beforeToolCall` may return: nothing (go on), replacement arguments, a result that skips the stub, or a rejection. */
export type BeforeToolCallOutcome =
  | void
  | undefined
  | { readonly arguments: unknown }
  | { readonly result: unknown }
  | { readonly reject: string }

/** What `afterToolCall` may return: nothing (keep the result) or a replacement result. */
export type AfterToolCallOutcome = void | undefined | { readonly result: unknown }

/** A hooks module, as in agent frameworks: both functions are optional. */
export type ToolHooks = {
  readonly beforeToolCall?: (call: ToolCall, context: ToolCallContext) => BeforeToolCallOutcome | Promise<BeforeToolCallOutcome>
  readonly afterToolCall?: (call: ToolCall, result: unknown, context: ToolCallContext) => AfterToolCallOutcome | Promise<AfterToolCallOutcome>
}

/** The names a hooks module may export. */
const hookNames = ['beforeToolCall', 'afterToolCall'] as const

/**
 * Loads the hooks a suite names (`hooks: ./hooks.ts`); the module was checked to exist when the suite loaded. It
 * may export the two hook names only, as functions: anything else is an InputError (exit 2, before any model call)
 * naming the module and the export — a slip such as `beforeToolcall` would otherwise be a hook that never runs. A
 * CommonJS module's `module.exports` object (the namespace's `default`) is read the same way.
 */
export async function loadHooks(path: string | undefined): Promise<ToolHooks> {
  if (!path) return {}
  const module = await importUserModule(path, { field: 'hooks' })
  const fallback = typeof module.default === 'object' && module.default !== null ? module.default as Record<string, unknown> : {}
  const exported = [...Object.keys(module).filter((name) => name !== 'default' || typeof module.default !== 'object'), ...Object.keys(fallback)]
  for (const name of exported) {
    if ((hookNames as readonly string[]).includes(name)) continue
    throw new InputError(`exports "${name}", which is not a hook${didYouMean(name, hookNames)}; a hooks module exports beforeToolCall and/or afterToolCall`, { file: path, field: name })
  }
  const hooks: Record<string, unknown> = {}
  for (const name of hookNames) {
    const hook = module[name] ?? fallback[name]
    if (hook === undefined) continue
    if (typeof hook !== 'function') throw new InputError(`exports "${name}" as ${hook === null ? 'null' : `a ${typeof hook}`}; a hook is a function`, { file: path, field: name })
    hooks[name] = hook
  }
  return hooks as ToolHooks
}
