import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Provider } from '../core/provider.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import type { ModelSettings } from '../providers/settings/model-settings.ts'
import type { OutLock } from '../runner/out-lock.ts'
import { runEvaluation } from '../runner/run-evaluation.ts'
import type { RunOutcome } from '../runner/run-options.ts'
import type { CaseCheckSet } from '../scoring/score-case.ts'
import { conformanceProvider } from './paired-provider.ts'
import { conformanceDocument, conformanceExitCode, probeOutcomes, type ConformanceDocument, type ConformanceRow, type ProbeOutcome } from './probe-results.ts'
import { probeSuiteName, writeProbeSuite } from './probe-suite.ts'
import { probes, probeSetVersion } from './probes.ts'

/** Which requests a conformance run streams: none, all, or each probe both ways (`stream_equivalence` needs both). */
export type StreamMode = 'off' | 'on' | 'both'

/** What `runConformance` needs; the CLI builds it from its flags. */
export type ConformanceOptions = {
  /** Model specs, each probed in every mode of `stream`. */
  readonly models: readonly string[]
  readonly stream: StreamMode
  /** Where report.json and results.jsonl go: a normal run's report, so `compare`, `show` and the formats read it. */
  readonly outDir: string
  /** The out folder's lock when the caller holds it (until its other formats are written). */
  readonly outLock?: OutLock
  readonly repeat?: number
  readonly concurrency?: number
  /** Settings for every model (base URL and key variable of openai-compatible hosts, retries, `--set` settings …). */
  readonly providerOptions?: ProviderOptions
  readonly signal?: AbortSignal
}

/** A conformance run: the probe outcomes, the `--json` document, the run's own outcome (its report) and the exit code. */
export type ConformanceOutcome = {
  readonly rows: readonly ConformanceRow[]
  readonly outcomes: readonly ProbeOutcome[]
  readonly document: ConformanceDocument
  readonly run: RunOutcome
  readonly exitCode: 0 | 1 | 3 | 130
}

/** The rows of a run: every spec in each mode, a streamed row labelled `<spec> (stream)` so both modes sit in one report. */
function conformanceRows(models: readonly string[], stream: StreamMode): ConformanceRow[] {
  const modes = stream === 'both' ? [false, true] : [stream === 'on']
  return models.flatMap((spec) => modes.map((streams) => ({ spec, stream: streams, id: streams ? `${spec} (stream)` : spec })))
}

/** The probes' own checks, for the probe suite's cases only (caseChecks of the run), named by the probe set's version. */
const probeChecks: CaseCheckSet = {
  id: probeSetVersion,
  check: (testCase, transcript) => {
    if (testCase.suite !== probeSuiteName) return []
    return probes.find((probe) => probe.id === testCase.id)?.check?.(transcript) ?? []
  },
}

/**
 * Runs the built-in probes against each model as one ordinary run (runner/): the probe suite is written to a
 * temporary file, its cases scored by the usual scorer plus the probes' checks, the report written to `outDir`.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceOutcome> {
  const rows = conformanceRows(options.models, options.stream)
  const both = options.stream === 'both'
  const base = options.providerOptions ?? {}
  const built = await Promise.all(rows.map((row) => createProvider(row.spec, optionsForRow(row, base))))
  const providers: Provider[] = rows.map((row, index) => {
    const other = both ? rows.findIndex((candidate) => candidate.spec === row.spec && candidate.stream !== row.stream) : -1
    return conformanceProvider(built[index]!, other === -1 ? undefined : built[other], row.stream)
  })
  const suiteFile = writeProbeSuite(both)
  try {
    const run = await runEvaluation({
      suitePaths: [suiteFile],
      models: rows.map((row) => (row.id === row.spec ? row.spec : { spec: row.spec, label: row.id })),
      providers,
      outDir: options.outDir,
      ...(options.outLock ? { outLock: options.outLock } : {}),
      repeat: options.repeat ?? 1,
      concurrency: options.concurrency ?? 4,
      providerOptions: base,
      caseChecks: probeChecks,
      ...(options.signal ? { signal: options.signal } : {}),
    })
    const outcomes = probeOutcomes(run.eachResult(), rows)
    const exitCode = run.exitCode === 130 ? 130 : conformanceExitCode(outcomes)
    return { rows, outcomes, document: conformanceDocument(outcomes, options.models), run, exitCode }
  } finally {
    rmSync(dirname(suiteFile), { recursive: true, force: true })
  }
}

function optionsForRow(row: ConformanceRow, base: ProviderOptions): ProviderOptions {
  const settings: ModelSettings = { ...base.settings, ...(row.stream ? streamOn : {}) }
  return { ...base, ...(row.id !== row.spec ? { label: row.id } : {}), ...(Object.keys(settings).length > 0 ? { settings } : {}) }
}

/** The model setting that makes an adapter stream (README "Streaming"). */
const streamOn = { stream: true } as ModelSettings
