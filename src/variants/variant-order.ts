import { baseVariantName } from './variant-spec.ts'

/** What is ordered: a summary row, a variant comparison — anything of one model and maybe one variant. */
type ModelRow = { readonly model: string; readonly variant?: unknown }

/**
 * Two rows of one model by variant: none or the base first, then the others by name (code-unit order, the same on
 * every machine). By name, not as declared: a merge of shards knows only the results, and lists them alike.
 */
export function compareVariants(a: ModelRow, b: ModelRow): number {
  const [x, y] = [variantKey(a), variantKey(b)]
  return x < y ? -1 : x > y ? 1 : 0
}

// The base's key is '', before every other: theirs are their names behind a prefix, so none ties with the base.
function variantKey(row: ModelRow): string {
  return row.variant === undefined || row.variant === baseVariantName ? '' : `~${String(row.variant)}`
}

/**
 * Rows by model as `models` lists them, then by variant (`compareVariants`): the summary, `--by suite` rows and the
 * variant comparisons of a run come in this order whichever of its results finished first, as its gates do.
 */
export function byModelThenVariant(models: readonly string[]): (a: ModelRow, b: ModelRow) => number {
  return (a, b) => models.indexOf(a.model) - models.indexOf(b.model) || compareVariants(a, b)
}
