// A case's checks beyond the scorer's as a suite writes them (`expect.custom`, README "Custom checks"): each names
// a module (resolved against the suite file) and an export, checked when the suite loads — a missing module or an
// export that is no function is bad input (exit 2, with "did you mean") before any model call.
import { resolve } from 'node:path'
import type { Case, CustomCheckSpec } from '../core/case.ts'
import { exportMiss, importUserModule } from '../io/load-module.ts'
import type { Locate, Path } from './case-file.ts'

/** `custom:` (one `{ module, export }` or a list of them) with each module resolved against the suite's folder. */
export function parseCustomChecks(value: unknown, base: string): readonly CustomCheckSpec[] | undefined {
  if (value === undefined) return undefined
  const list = (Array.isArray(value) ? value : [value]) as { module: string; export: string }[]
  return list.map((entry) => ({ module: resolve(base, entry.module), export: entry.export }))
}

/** Every custom check of a case (the case-level expect's and each conversation message's) names a function export. */
export async function checkCustomExports(rawCase: Record<string, unknown>, testCase: Case, at: Locate): Promise<void> {
  const listed = (value: unknown): boolean => Array.isArray(value)
  const where: { spec: CustomCheckSpec; path: Path }[] = []
  const rawExpect = rawCase.expect as Record<string, unknown> | undefined
  testCase.expect.custom?.forEach((spec, index) => where.push({ spec, path: listed(rawExpect?.custom) ? ['expect', 'custom', index] : ['expect', 'custom'] }))
  testCase.conversation?.forEach((message, position) => {
    const raw = ((rawCase.conversation as Record<string, unknown>[] | undefined)?.[position]?.expect ?? {}) as Record<string, unknown>
    message.expect?.custom?.forEach((spec, index) => where.push({ spec, path: listed(raw.custom) ? ['conversation', position, 'expect', 'custom', index] : ['conversation', position, 'expect', 'custom'] }))
  })
  for (const { spec, path } of where) {
    let module: Record<string, unknown>
    try {
      module = await importUserModule(spec.module, {})
    } catch (error) {
      throw at([...path, 'module'], (error as Error).message)
    }
    const miss = exportMiss(module, spec.export)
    if (miss !== undefined) throw at([...path, 'export'], `custom check module ${spec.module} ${miss}`)
  }
}
