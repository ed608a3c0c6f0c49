import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { readDocument } from '../io/read-document.ts'
import { toolsFromList } from '../suite/load-tools.ts'
import { applyToolPatch } from './apply-patch.ts'
import type { VariantSpec } from './variant-spec.ts'

/** A variant file as read: a full tools list, or a patch over the base tools. */
export type VariantFile =
  | { readonly kind: 'tools'; readonly tools: readonly ToolDefinition[] }
  | { readonly kind: 'patch'; apply(base: readonly ToolDefinition[], knownTools: ReadonlySet<string>): ToolDefinition[] }

/**
 * Reads a variant file: a list of tools (or `{ tools: [...] }`, a tools file) replaces the suite's tools; an object
 * keyed by tool names is a patch deep-merged over them. Read once per run; `apply` checks the patch per suite.
 */
export function readVariantFile(spec: VariantSpec): VariantFile {
  const document = readDocument(spec.file)
  const value = document.value
  if (Array.isArray(value)) return { kind: 'tools', tools: toolsFromList(value, document, []) }
  if (typeof value !== 'object' || value === null) {
    throw new InputError(`variant "${spec.name}": expected a tools list, { tools: [...] }, or a patch { <tool>: { description: … } }`, { file: spec.file, line: 1 })
  }
  if ('tools' in value && Array.isArray((value as { tools: unknown }).tools)) {
    return { kind: 'tools', tools: toolsFromList((value as { tools: unknown }).tools, document, ['tools']) }
  }
  const patch = value as Record<string, unknown>
  return { kind: 'patch', apply: (base, knownTools) => applyToolPatch(base, patch, document, knownTools) }
}
