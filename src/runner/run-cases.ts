import type { Case } from '../core/case.ts'
import type { VariantSpec } from '../core/variant.ts'
import type { StreamedSuite } from '../suite/load-suite.ts'
import { caseWithVariant, resolveVariants, type ResolvedVariant } from '../variants/expand-variants.ts'
import { caseSelector, checkSelected, type CaseSelection } from './load-run.ts'

/** One case of a run: its suite, its index in the suite, and the variant it runs with (suites with variants). */
type RunCase = { readonly suite: StreamedSuite; readonly index: number; readonly variant?: ResolvedVariant }

/**
 * The cases a run runs, in order — the selected cases of each suite (`--filter`, `--shard`), each once per variant
 * of its suite. Each is read from its suite (a case file is read again) when `at` asks for it, not held.
 */
export class RunCases {
  private last: { index: number; testCase: Promise<Case> } | undefined

  private constructor(
    private readonly cases: readonly RunCase[],
    /** The run's cases are every case of the suites, once each, in order (no selection, no variants). */
    readonly everyCase: boolean,
  ) {}

  /**
   * Selects and expands the cases of the suites, checking each against its variants (a variant lacking a tool a case
   * exposes is an InputError, as `casesWithVariants` says), and calls `visit` with each run case in order: the run's
   * one pass over its cases before the first model call.
   */
  static async select(suites: readonly StreamedSuite[], selection: CaseSelection, runVariants: readonly VariantSpec[], visit: (testCase: Case) => Promise<void>): Promise<RunCases> {
    const selected = caseSelector(selection)
    const cases: RunCase[] = []
    let variants: Map<StreamedSuite, ResolvedVariant[]> | undefined
    // Resolved when the first case is selected (or after: a filter that matches nothing is the error to report first).
    const resolve = () => (variants ??= resolveVariants(suites, runVariants))
    let total = 0
    for (const suite of suites) {
      total += suite.cases.count
      for (let index = 0; index < suite.cases.count; index++) {
        const testCase = await suite.cases.at(index)
        if (!selected(testCase)) continue
        const own = resolve().get(suite) ?? []
        if (own.length === 0) {
          cases.push({ suite, index })
          await visit(testCase)
        }
        for (const variant of own) {
          cases.push({ suite, index, variant })
          await visit(caseWithVariant(testCase, suite.tools, variant))
        }
      }
    }
    checkSelected(cases.length, selection)
    resolve()
    return new RunCases(cases, cases.length === total && cases.every((entry) => entry.variant === undefined))
  }

  /** The number of run cases. */
  get size(): number {
    return this.cases.length
  }

  /** The name of run case `index`'s suite (without reading the case). */
  suiteAt(index: number): string {
    return this.cases[index]!.suite.name
  }

  /** Run case `index` (the same object for consecutive calls with one index: a case's tasks come one after another). */
  at(index: number): Promise<Case> {
    if (this.last?.index !== index) this.last = { index, testCase: this.read(index) }
    return this.last.testCase
  }

  private async read(index: number): Promise<Case> {
    const { suite, index: caseIndex, variant } = this.cases[index]!
    const testCase = await suite.cases.at(caseIndex)
    return variant ? caseWithVariant(testCase, suite.tools, variant) : testCase
  }
}
