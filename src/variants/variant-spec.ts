import { isAbsolute, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { VariantOrigin, VariantSpec } from '../core/variant.ts'

export type { VariantOrigin, VariantSpec }

/** The name of the suite's own tools when variants run: the base every other variant is compared with. */
export const baseVariantName = 'base'

const namePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/

/** Checks a variant name (letters, digits, `_`, `.`, `-`): it appears in reports, tables and file-free labels. */
function checkVariantName(name: string, origin: VariantOrigin): string {
  if (!namePattern.test(name)) throw new InputError(`variant name "${name}" must be letters, digits, _, . or - (starting with a letter or digit)`, origin)
  return name
}

/** Parses `--variant <name>=<file>`; the file is relative to the working directory. */
export function parseVariantFlag(value: string): VariantSpec {
  const equals = value.indexOf('=')
  const origin = { field: '--variant' }
  if (equals <= 0 || equals === value.length - 1) throw new InputError(`expected <name>=<tools or patch file>, got "${value}"`, origin)
  const name = checkVariantName(value.slice(0, equals), origin)
  const file = value.slice(equals + 1)
  return { name, file: isAbsolute(file) ? file : resolve(file), origin }
}

/** Variants from a `variants: { name: file }` map (suite or config), files relative to `base`, in declaration order. */
export function variantsFromMap(map: unknown, base: string, origin: (name: string) => VariantOrigin): VariantSpec[] {
  if (map === undefined) return []
  return Object.entries(map as Record<string, string>).map(([name, file]) => {
    const where = origin(name)
    return { name: checkVariantName(name, where), file: resolve(base, file), origin: where }
  })
}

/** Rejects a name declared twice (the later would silently win). */
export function checkUniqueNames(specs: readonly VariantSpec[]): void {
  const seen = new Set<string>()
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new InputError(`variant "${spec.name}" is declared twice`, spec.origin)
    seen.add(spec.name)
  }
}
