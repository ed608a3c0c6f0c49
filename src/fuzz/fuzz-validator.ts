import fc from 'fast-check'
import type { ToolDefinition, ToolInput } from '../core/tool.ts'
import { InputError } from '../core/errors.ts'
import { thrownMessage } from '../core/thrown.ts'
import { optionNames, type OptionSurface } from '../core/option-names.ts'
import { normalizeTool } from '../suite/normalize-tools.ts'
import { schemaContradictions } from './contradictions.ts'
import { invalidArguments, oracleAccepts, validArguments, wireMutants } from './inputs.ts'
import type { MutationKind } from './mutant.ts'
import { familyOf } from './value-mutations.ts'
import type { Check, FuzzContext, PropertyName, PropertySpec, ToolInputs } from './probe.ts'
import { properties } from './properties/index.ts'
import type { Parser, Validator } from './subject.ts'

/** Options of a fuzz run. */
export type FuzzOptions = {
  /** The tools whose arguments the validator checks, in any form a suite takes (OpenAI, bare, Anthropic). */
  readonly tools: readonly ToolInput[]
  readonly validator: Validator
  /** The raw-string argument parser, when the application has its own (enables raw-wire inputs and `parser_totality`). */
  readonly parser?: Parser
  /** Runs per tool and property (default 200). */
  readonly runs?: number
  /** fast-check seed (default: random); printed with every finding so a run can be replayed. */
  readonly seed?: number
  /** Count an accepted invalid input as a repair (not a finding) when the value passed on is valid. */
  readonly allowRepair?: boolean
  /** Only these properties (default: all). */
  readonly properties?: readonly PropertyName[]
  /**
   * Mutation kinds the application deliberately tolerates (e.g. `duplicate-key`, `markdown-fence`): inputs of these
   * kinds are not drawn. Value kinds, `schema:*` kinds and wire kinds alike.
   */
  readonly skipKinds?: readonly string[]
  /** Replay one counterexample: fast-check's path, printed with a finding (use with `seed` and one tool/property). */
  readonly path?: string
  /** Whose names a finding gives options in (core/option-names.ts): the library's unless the CLI says `'cli'`. */
  readonly optionNames?: OptionSurface
}

/** A property violation, with what is needed to replay it. */
export type Finding = {
  readonly tool: string
  readonly property: PropertyName
  /** The shrunk input: the arguments, or the raw string for parser inputs. */
  readonly counterexample: unknown
  readonly seed: number
  readonly message: string
  /** fast-check's replay path (pass it back with the seed). */
  readonly path: string
}

/** The result of one property on one tool. */
export type PropertyResult = {
  readonly tool: string
  readonly property: PropertyName
  readonly status: 'pass' | 'finding' | 'skipped'
  /** Inputs the property actually judged (draws that did not apply are not counted). */
  readonly exercised: number
  /** Accepted invalid inputs counted as repairs (with allowRepair), by mutation kind. */
  readonly repairs: Readonly<Record<string, number>>
  readonly reason?: string
}

/** The report of a fuzz run: `{ findings, runs, tools }` is the stable `--json` core. */
export type FuzzReport = {
  readonly findings: readonly Finding[]
  /** Runs per tool and property. */
  readonly runs: number
  /** Number of tools fuzzed. */
  readonly tools: number
  readonly seed: number
  readonly results: readonly PropertyResult[]
}

class PropertyFailure extends Error {}

/** The arbitraries of one tool, shared by its properties; mutants of a skipped kind become non-applicable draws. */
function toolInputs(tool: ToolDefinition, skipKinds: readonly string[] = []): ToolInputs {
  const valid = validArguments(tool.parameters)
  const keep = <T extends { readonly kind: string }>(mutant: T | undefined): T | undefined =>
    mutant && (skipKinds.includes(mutant.kind) || skipKinds.includes(familyOf(mutant.kind as MutationKind)) ? undefined : mutant)
  return {
    valid,
    invalid: invalidArguments(tool.parameters, valid).map(keep),
    wire: wireMutants(tool.parameters, valid).map(keep),
  }
}

/**
 * Fuzzes an argument validator (and optionally a parser) against every tool's schema: valid inputs from the schema,
 * invalid ones from mutations the strict oracle confirms, judged by the seven properties. Never throws for findings.
 */
export async function fuzzValidator(options: FuzzOptions): Promise<FuzzReport> {
  const runs = options.runs ?? 200
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const wanted = options.properties ?? properties.map((property) => property.name)
  const findings: Finding[] = []
  const results: PropertyResult[] = []
  const tools = options.tools.map(toolDefinition)
  for (const tool of tools) {
    const contradictions = schemaContradictions(tool.parameters)
    if (contradictions.length > 0) {
      // No valid arguments exist: every property would judge the schema, not the validator.
      const reason = `the schema cannot be satisfied: ${contradictions.join('; ')}`
      for (const name of wanted) results.push({ tool: tool.name, property: name, status: 'skipped', exercised: 0, repairs: {}, reason })
      continue
    }
    const context: FuzzContext = {
      tool,
      validator: options.validator,
      ...(options.parser ? { parser: options.parser } : {}),
      allowRepair: options.allowRepair ?? false,
      names: optionNames(options),
      oracle: (value) => oracleAccepts(tool.parameters, value),
      inputs: toolInputs(tool, options.skipKinds),
    }
    for (const property of properties.filter((candidate) => wanted.includes(candidate.name))) {
      if (property.needsParser && !options.parser) {
        results.push({ tool: tool.name, property: property.name, status: 'skipped', exercised: 0, repairs: {}, reason: 'no parser given' })
        continue
      }
      const outcome = await checkProperty(property, context, { runs, seed, ...(options.path !== undefined ? { path: options.path } : {}) })
      results.push({ tool: tool.name, property: property.name, ...outcome.result })
      if (outcome.finding) {
        const { counterexample, message, path } = outcome.finding
        findings.push({ tool: tool.name, property: property.name, counterexample, seed, message, path })
      }
    }
  }
  return { findings, runs, tools: tools.length, seed, results }
}

type Settings = { readonly runs: number; readonly seed: number; readonly path?: string }

async function checkProperty(
  property: PropertySpec<unknown>,
  context: FuzzContext,
  settings: Settings,
): Promise<{ result: Omit<PropertyResult, 'tool' | 'property'>; finding?: Omit<Finding, 'tool' | 'property' | 'seed'> }> {
  let exercised = 0
  let failing = false
  const repairs: Record<string, number> = {}
  const tally = (check: Check): void => {
    // Counts stop at the first failure: shrinking re-runs inputs that are not part of the sample.
    if (failing || check.status === 'vacuous') return
    exercised++
    if (check.status === 'repaired') repairs[check.kind] = (repairs[check.kind] ?? 0) + 1
  }
  const predicate = fc.asyncProperty(property.arbitrary(context), async (input) => {
    const check = await property.check(input, context)
    tally(check)
    if (check.status === 'fail') {
      failing = true
      throw new PropertyFailure(check.message)
    }
  })
  const details = await fc.check(predicate, {
    seed: settings.seed,
    numRuns: settings.runs,
    ...(settings.path !== undefined ? { path: settings.path } : {}),
  })
  if (!details.failed || details.counterexample === null) {
    const status = exercised === 0 ? 'skipped' : 'pass'
    return { result: { status, exercised, repairs, ...(status === 'skipped' ? { reason: 'no applicable inputs for this schema' } : {}) } }
  }
  const error = details.errorInstance
  const message = error instanceof PropertyFailure ? error.message : `unexpected error: ${thrownMessage(error)}`
  return {
    result: { status: 'finding', exercised, repairs },
    finding: { counterexample: property.show(details.counterexample[0]), message, path: details.counterexamplePath ?? '' },
  }
}

/** One tool of `tools` as a definition; a malformed one is an InputError naming its index and field. */
function toolDefinition(tool: ToolInput, index: number): ToolDefinition {
  const normalized = normalizeTool(tool)
  if ('message' in normalized) throw new InputError(normalized.message, { field: `tools.${index}${normalized.field ? `.${normalized.field}` : ''}` })
  return normalized
}
