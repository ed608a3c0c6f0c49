import { didYouMean } from '../core/did-you-mean.ts'
import { InputError, UsageError } from '../core/errors.ts'
import { propertyNames, type PropertyName } from '../fuzz/probe.ts'
import type { Parser, Validator } from '../fuzz/subject.ts'
import { exitCodes } from './command.ts'
import { defineCommand, numberFlag } from './flags.ts'
import { looksLikeFile, strayArgument } from './stray-argument.ts'
import { refuseToolsFolder } from './tools-file-flag.ts'
import { inertDeep, inertJson } from '../report/terminal-text.ts'

const usage = `toolgauge fuzz --tools <tools file | suite file> --validator <module>#<export> [options]

Property-fuzzes an argument validator against each tool's JSON Schema: valid arguments must be accepted unchanged,
invalid ones (numeric strings, enum casing, dropped required keys, hallucinated keys, …) rejected.

Options:
  --tools <file>          tools file (JSON/YAML list or {tools: [...]}) or a suite file
  --validator <ref>       module#export: (args, tool) => boolean | { valid, value? }, sync or async
  --parser <ref>          module#export: (raw, tool) => { ok: true, value } | { ok: false, error }; adds raw-wire inputs
  --runs <n>              runs per tool and property (default 200)
  --seed <n>              fast-check seed (default random; printed for replay)
  --allow-repair          an accepted invalid input repaired into a valid value is a repair, not a finding
  --skip-kind <kind>      do not draw inputs of this mutation kind (repeatable), e.g. duplicate-key, markdown-fence
  --tool <name>           only this tool (repeatable)
  --property <name>       only this property (repeatable): ${propertyNames.join(', ')}
  --path <path>           replay one counterexample (with --seed, --tool and --property)
  --json                  print { findings, runs, tools, seed, results } as JSON

Exit code: 0 no findings, 1 findings, 2 bad input.`

/** `toolgauge fuzz`: property-fuzz a user's argument validator (and parser) with fast-check. */
export const command = defineCommand(usage, {
  tools: { type: 'string' },
  validator: { type: 'string' },
  parser: { type: 'string' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  'allow-repair': { type: 'boolean' },
  'skip-kind': { type: 'string', multiple: true },
  tool: { type: 'string', multiple: true },
  property: { type: 'string', multiple: true },
  path: { type: 'string' },
  json: { type: 'boolean' },
}, async ({ values, positionals }) => {
  // An argument without a flag would otherwise be dropped without a word, and --tools reported missing.
  if (positionals.length > 0) throw strayArgument(positionals[0]!, !values.tools && looksLikeFile(positionals[0]!) ? '--tools' : undefined)
  if (!values.tools) throw new UsageError('missing --tools <tools file | suite file>', { field: '--tools' })
  if (!values.validator) throw new UsageError('missing --validator <module>#<export>', { field: '--validator' })
  const runs = numberFlag('runs', values.runs, { min: 1, max: 1_000_000, integer: true })
  const seed = numberFlag('seed', values.seed, { min: -(2 ** 31), max: 2 ** 31 - 1, integer: true })
  const wantedProperties = (values.property ?? []).map((name) => {
    if (!(propertyNames as readonly string[]).includes(name)) {
      throw new UsageError(`unknown property "${name}"${didYouMean(name, propertyNames)}; expected one of ${propertyNames.join(', ')}`, { field: '--property' })
    }
    return name as PropertyName
  })
  if (values.path !== undefined && (seed === undefined || values.tool?.length !== 1 || wantedProperties.length !== 1)) {
    throw new UsageError('replaying a --path needs --seed, one --tool and one --property', { field: '--path' })
  }
  // fast-check, the mutations and schema loading load only when the command runs: `fuzz --help` stays light.
  const [{ formatFuzzReport }, { fuzzValidator }, { loadExportedFunction }, { mutationFamilies }, { wireKinds }, { loadToolsFile }] = await Promise.all([
    import('../fuzz/format-report.ts'), import('../fuzz/fuzz-validator.ts'), import('../fuzz/load-export.ts'),
    import('../fuzz/value-mutations.ts'), import('../fuzz/wire-mutations.ts'), import('../suite/load-tools.ts'),
  ])
  for (const kind of values['skip-kind'] ?? []) {
    if (!knownKind(kind, mutationFamilies, wireKinds)) {
      const kinds = [...mutationFamilies, ...wireKinds, ...schemaKinds]
      const close = didYouMean(kind, kinds)
      throw new UsageError(`unknown mutation kind "${kind}"${close || `; expected one of ${kinds.join(', ')}`} (docs/fuzzing.md describes each)`, { field: '--skip-kind' })
    }
  }
  refuseToolsFolder(values.tools, '--tools')
  let tools = loadToolsFile(values.tools)
  for (const name of values.tool ?? []) {
    const names = tools.map((tool) => tool.name)
    if (!names.includes(name)) throw new InputError(`no tool named "${name}"${didYouMean(name, names)}; its tools are ${names.join(', ')}`, { file: values.tools, field: '--tool' })
  }
  if (values.tool) tools = tools.filter((tool) => values.tool!.includes(tool.name))
  const validator = (await loadExportedFunction(values.validator, '--validator')) as Validator
  const parser = values.parser ? ((await loadExportedFunction(values.parser, '--parser')) as Parser) : undefined
  const report = await fuzzValidator({
    tools,
    validator,
    ...(parser ? { parser } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(wantedProperties.length > 0 ? { properties: wantedProperties } : {}),
    ...(values.path !== undefined ? { path: values.path } : {}),
    ...(values['skip-kind'] ? { skipKinds: values['skip-kind'] } : {}),
    allowRepair: values['allow-repair'] ?? false,
    optionNames: 'cli',
  })
  // Findings quote tool names, generated values and what the user's validator said: printed inert.
  process.stdout.write(values.json ? `${inertJson(JSON.stringify(report, null, 2))}\n` : formatFuzzReport(inertDeep(report), inertDeep(replayCommand(values))))
  return report.findings.length > 0 ? exitCodes.gateFailed : exitCodes.ok
})

/**
 * How a finding's replay line starts: this command with every flag of the run that shapes the inputs drawn or the
 * verdict (the tools, validator, parser, runs, --allow-repair, --skip-kind); the line adds --seed, --tool, --property
 * and --path. Without one of them the path walks other inputs, or the property does not run.
 */
function replayCommand(values: { tools?: string; validator?: string; parser?: string; runs?: string; 'allow-repair'?: boolean; 'skip-kind'?: string[] }): string[] {
  return [
    'npx', 'toolgauge', 'fuzz', '--tools', values.tools!, '--validator', values.validator!,
    ...(values.parser !== undefined ? ['--parser', values.parser] : []),
    ...(values.runs !== undefined ? ['--runs', values.runs] : []),
    ...(values['allow-repair'] === true ? ['--allow-repair'] : []),
    ...(values['skip-kind'] ?? []).flatMap((kind) => ['--skip-kind', kind]),
  ]
}

const schemaKinds = ['schema:negate-constraint', 'schema:change-type', 'schema:remove-required-property']

const knownKind = (kind: string, mutationFamilies: readonly string[], wireKinds: readonly string[]): boolean =>
  mutationFamilies.includes(kind) || wireKinds.includes(kind) || schemaKinds.includes(kind) || /^format-[\w-]+-violation$/.test(kind)
