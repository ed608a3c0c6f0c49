import type { Case } from '../core/case.ts'
import type { VariantSpec } from '../core/variant.ts'
import type { SuiteHead } from '../suite/load-suite.ts'
import type { SuiteSource } from '../suite/open-suite.ts'
import { caseWithVariant, resolveVariants, type ResolvedVariant } from '../variants/expand-variants.ts'
import { caseSelector, checkSelected, type CaseSelection } from './load-run.ts'

/**
 * The cases a run runs, in order — the selected cases of each suite (`--filter`, `--shard`), each once per variant
 * of its suite — held as three numbers each (suite, case index in the suite file, variant), not as Case objects:
 * `at` builds a case again from its suite's source when its tasks run. A 20,000-case run keeps 240 KB here
 * instead of ~12 MiB of cases.
 */
export class RunCases {
  private last: { index: number; testCase: Promise<Case> } | undefined

  private constructor(
    private readonly sources: readonly SuiteSource[],
    private readonly variants: ReadonlyMap<SuiteHead, ResolvedVariant[]>,
    private readonly suiteOf: Uint32Array,
    private readonly caseOf: Uint32Array,
    /** Variant index + 1; 0 for a suite without variants. */
    private readonly variantOf: Uint32Array,
    readonly size: number,
    /** The run's cases are every case of the suites, once each, in order (no selection, no variants). */
    readonly everyCase: boolean,
  ) {}

  /**
   * Selects and expands the cases of the suites, checking each against its variants (a variant lacking a tool a case
   * exposes is an InputError, as `casesWithVariants` says), and calls `visit` with the tools of each run case in
   * order — once for a suite whose cases all run as they are, with the suite's own tools (nothing to build then).
   */
  static async select(sources: readonly SuiteSource[], selection: CaseSelection, runVariants: readonly VariantSpec[], visit: (tools: Case['tools']) => void): Promise<RunCases> {
    const selected = caseSelector(selection)
    const selectsAll = selection.filter === undefined && (selection.shard === undefined || selection.shard.count === 1)
    const entries = new Growing(3)
    let variants: Map<SuiteHead, ResolvedVariant[]> | undefined
    // Resolved when the first case is selected (or after: a filter that matches nothing is the error to report first).
    const resolve = () => (variants ??= resolveVariants(sources.map((source) => source.suite), runVariants))
    for (const [suiteIndex, source] of sources.entries()) {
      if (selectsAll && source.count > 0 && source.sharesTools && (resolve().get(source.suite) ?? []).length === 0) {
        for (let caseIndex = 0; caseIndex < source.count; caseIndex++) entries.push(suiteIndex, caseIndex, 0)
        visit(source.suite.tools)
        continue
      }
      for (let caseIndex = 0; caseIndex < source.count; caseIndex++) {
        const testCase = await source.caseAt(caseIndex)
        if (!selected(testCase)) continue
        const own = resolve().get(source.suite) ?? []
        if (own.length === 0) {
          entries.push(suiteIndex, caseIndex, 0)
          visit(testCase.tools)
          continue
        }
        for (const [variantIndex, variant] of own.entries()) {
          entries.push(suiteIndex, caseIndex, variantIndex + 1)
          visit(caseWithVariant(testCase, source.suite.tools, variant).tools)
        }
      }
    }
    checkSelected(entries.count, selection)
    resolve()
    let total = 0
    for (const source of sources) total += source.count
    const everyCase = entries.count === total && entries.column(2).every((variant) => variant === 0)
    return new RunCases(sources, variants!, entries.column(0), entries.column(1), entries.column(2), entries.count, everyCase)
  }

  /** Run case `index` (the same object for consecutive calls with one index: a case's tasks come one after another). */
  at(index: number): Promise<Case> {
    if (this.last?.index !== index) this.last = { index, testCase: this.build(index) }
    return this.last.testCase
  }

  private async build(index: number): Promise<Case> {
    const source = this.sources[this.suiteOf[index]!]!
    const testCase = await source.caseAt(this.caseOf[index]!)
    const variant = this.variantOf[index]!
    return variant === 0 ? testCase : caseWithVariant(testCase, source.suite.tools, this.variants.get(source.suite)![variant - 1]!)
  }
}

/** Rows of `width` unsigned 32-bit numbers, appended to arrays that double as they fill. */
class Growing {
  private data = new Uint32Array(192)
  count = 0

  constructor(private readonly width: number) {}

  push(...row: number[]): void {
    if ((this.count + 1) * this.width > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data.set(row, this.count * this.width)
    this.count++
  }

  /** Column `index` of the rows, as an array of exactly `count` numbers. */
  column(index: number): Uint32Array {
    const column = new Uint32Array(this.count)
    for (let row = 0; row < this.count; row++) column[row] = this.data[row * this.width + index]!
    return column
  }
}
