import { InputError, UsageError } from '../core/errors.ts'
import { parseModelSpec, specForms } from '../providers/model-spec.ts'
import { optionNames } from '../core/option-names.ts'
import { resolveModels } from '../runner/model-entries.ts'
import { lockOutFolder } from '../runner/out-lock.ts'
import { inert, inertJson } from '../report/terminal-text.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { defineCommand, describeFlags, flagSpec, numberFlag, type DescribedFlag } from './flags.ts'

/** Every flag of `conformance`, with its one-line help. */
const conformanceFlags = {
  model: { type: 'string', multiple: true, short: 'm', value: '<spec>', help: 'model (host) to probe, repeatable' },
  stream: { type: 'string', value: 'off|on|both', help: 'make the requests streamed (on), not (off, default), or each both ways (both: adds stream_equivalence)' },
  json: { type: 'boolean', help: 'print { "models": [ { "spec", "probes": [ { "id", "stream", "passed", "required", "message", "verdict" } ], "totals" } ], "totals" } instead of the table' },
  format: { type: 'string', value: '<list>', help: 'md: print the table as Markdown (a PR comment); html, junit: also write those reports to --out' },
  out: { type: 'string', short: 'o', value: '<dir>', help: 'where report.json and results.jsonl go (default reports/conformance)' },
  repeat: { type: 'string', value: '<N>', help: 'run every probe N times: a probe passes when every repeat does' },
  concurrency: { type: 'string', value: '<N>', help: 'probes in flight at once (default 4)' },
  'base-url': { type: 'string', value: '<url>', help: 'host of the openai-compatible: models' },
  'api-key-env': { type: 'string', value: '<NAME>', help: 'env var holding the openai-compatible: models\' key (default: no key is sent)' },
  retries: { type: 'string', value: '<N>', help: 'retries of a failed request (default 4)' },
  timeout: { type: 'string', value: '<seconds>', help: 'per-request timeout (default 600)' },
  set: { type: 'string', multiple: true, value: '<key=value>', help: 'request setting for every model (temperature=0, reasoning_effort=low, thinking …)' },
  help: { type: 'boolean', short: 'h', help: 'print this help' },
} as const satisfies Record<string, DescribedFlag>

const usage = `toolgauge conformance --model <spec> [--model <spec> ...] [--stream off|on|both] [--json | --format md]

Probes what each host gets right about tool calling — tool_choice, parallel calls, call ids, arguments, schemas,
unicode, 128 tools, reasoning state, streaming, finish reasons, usage — with one small case per probe, and prints a
table (probe × model). The probes run as an ordinary run: <out>/report.json works with show, compare and merge.
Probe list and what each failure means for an app: docs/conformance.md.

${describeFlags(conformanceFlags)}

Model specs: ${specForms().join(' | ')}
Exit codes: 0 every required probe passed · 1 a required probe failed · 2 bad input ·
            3 a required probe errored (not answered, or not sent) · 130 interrupted.`

const streamModes = ['off', 'on', 'both'] as const
const offlinePrefixes: ReadonlySet<string> = new Set(['baseline', 'scripted'])
const extraFormats = ['md', 'html', 'junit'] as const

/** `toolgauge conformance`: the built-in probes against each model, as a table, JSON or Markdown. */
export const command = defineCommand(usage, flagSpec(conformanceFlags), async ({ values, positionals }) => {
  if (positionals.length > 0) throw new UsageError(`conformance takes no positional arguments (got "${inert(positionals[0]!)}"); name hosts with --model`)
  const models = values.model ?? []
  if (models.length === 0) throw new UsageError('give at least one --model (e.g. --model openai-compatible:qwen3:8b --base-url http://localhost:11434/v1)', { field: '--model' })
  const specs = models.map((spec) => parseModelSpec(spec, optionNames({ optionNames: 'cli' })))
  resolveModels(models, '--model')
  const stream = values.stream ?? 'off'
  if (!(streamModes as readonly string[]).includes(stream)) throw new UsageError(`expected off, on or both, got "${inert(stream)}"${didYouMean(stream, streamModes)}`, { field: '--stream' })
  const formats = (values.format ?? '').split(',').map((format) => format.trim()).filter((format) => format !== '')
  for (const format of formats) {
    if (!(extraFormats as readonly string[]).includes(format)) throw new UsageError(`unknown format "${inert(format)}"${didYouMean(format, extraFormats)}; expected md, html or junit`, { field: '--format' })
  }
  if (values.json && formats.includes('md')) throw new UsageError('--json and --format md exclude each other: choose what to print', { field: '--format' })
  // An offline model answers without a host, so no probe could say anything about it: refused, not shown failing.
  const offline = specs.find((spec) => offlinePrefixes.has(spec.prefix))
  if (offline) throw new InputError(`"${inert(offline.spec)}" is offline: conformance probes what a host's API does with tool calls, and no host answers baseline or scripted: models; give a host's model spec (e.g. --model openai-compatible:qwen3:8b --base-url http://localhost:11434/v1)`, { field: '--model' })
  const [{ runConformance }, { parseSetFlags }, { conformanceTable, conformanceMarkdown }, { writeFormats }] = await Promise.all([
    import('../conformance/run-conformance.ts'), import('./set-flag.ts'), import('../conformance/format-table.ts'), import('../report/formats.ts'),
  ])
  const settings = parseSetFlags(values.set)
  const retries = numberFlag('retries', values.retries, { min: 0, max: 20, integer: true })
  const timeout = numberFlag('timeout', values.timeout, { min: 0.001, unit: 'seconds' })
  const outDir = values.out ?? 'reports/conformance'
  const outLock = lockOutFolder(outDir, (message) => process.stderr.write(`warning: ${inert(message)}\n`), 'cli')
  const controller = new AbortController()
  const onSigint = () => controller.abort()
  process.on('SIGINT', onSigint)
  try {
    const outcome = await runConformance({
      models,
      stream: stream as (typeof streamModes)[number],
      outDir,
      repeat: numberFlag('repeat', values.repeat, { min: 1, max: 1000, integer: true }) ?? 1,
      concurrency: numberFlag('concurrency', values.concurrency, { min: 1, max: 1000, integer: true }) ?? 4,
      outLock,
      providerOptions: {
        optionNames: 'cli',
        ...(settings ? { settings } : {}),
        ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
        ...(values['api-key-env'] ? { apiKeyEnv: values['api-key-env'] } : {}),
        ...(retries !== undefined ? { retries } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
      },
      signal: controller.signal,
    })
    const written = writeFormats(outDir, outcome.run.stream, formats.filter((format): format is 'html' | 'junit' => format !== 'md'))
    // The probe messages quote what the host answered: JSON with the controls JSON.stringify leaves raw \u-escaped.
    if (values.json) process.stdout.write(`${inertJson(JSON.stringify(outcome.document, null, 2))}\n`)
    else if (formats.includes('md')) process.stdout.write(conformanceMarkdown(outcome.rows, outcome.outcomes))
    else {
      process.stdout.write(`${conformanceTable(outcome.rows, outcome.outcomes, process.stdout.isTTY === true)}\n`)
      process.stdout.write(`\nReport: ${inert(outcome.run.reportFile)}${written.length > 0 ? ` (+ ${inert(written.join(', '))})` : ''}\n`)
    }
    return outcome.exitCode
  } finally {
    process.off('SIGINT', onSigint)
    outLock.release()
  }
})
