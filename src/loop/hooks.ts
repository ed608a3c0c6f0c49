import type { ToolCall } from '../core/message.ts'
import type { RequestContext } from '../core/provider.ts'
import type { SchemaIssue } from '../core/transcript.ts'
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

/** Loads the hooks a suite names (`hooks: ./hooks.ts`); the module was checked to exist when the suite loaded. */
export async function loadHooks(path: string | undefined): Promise<ToolHooks> {
  if (!path) return {}
  const module = await importUserModule(path, { field: 'hooks' })
  return {
    ...(typeof module.beforeToolCall === 'function' ? { beforeToolCall: module.beforeToolCall as ToolHooks['beforeToolCall'] } : {}),
    ...(typeof module.afterToolCall === 'function' ? { afterToolCall: module.afterToolCall as ToolHooks['afterToolCall'] } : {}),
  }
}
