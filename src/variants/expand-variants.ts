import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { readVariantFile, type VariantFile } from './load-variant.ts'
import { baseVariantName, checkUniqueNames, type VariantSpec } from './variant-spec.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** What variants are resolved from: a suite's tools and its own `variants:`. */
export type SuiteTools = Pick<Suite, 'tools' | 'variants'>

/** One variant of a suite's tools, resolved. */
export type ResolvedVariant = { readonly name: string; readonly tools: readonly ToolDefinition[] }

/**
 * The variants each suite runs with. Run-level variants (`--variant`, else the config's `variants:`) apply to
 * every suite; without them a suite's own `variants:` apply to it. When a suite has variants, its own tools run
 * too, first, as `base` — unless a variant is itself named `base`, which then replaces them. The first variant is
 * the base the others are compared with. Suites without variants map to an empty list.
 */
export function resolveVariants<S extends SuiteTools>(suites: readonly S[], runVariants: readonly VariantSpec[]): Map<S, ResolvedVariant[]> {
  checkUniqueNames(runVariants)
  const files = new Map<string, VariantFile>()
  const read = (spec: VariantSpec) => {
    const file = getOrCreate(files, spec.file, () => readVariantFile(spec))
    return file
  }
  const allTools = new Set(suites.flatMap((suite) => suite.tools.map((tool) => tool.name)))
  const resolved = new Map<S, ResolvedVariant[]>()
  for (const suite of suites) {
    const specs = runVariants.length > 0 ? runVariants : suite.variants ?? []
    if (runVariants.length === 0) checkUniqueNames(specs)
    if (specs.length === 0) {
      resolved.set(suite, [])
      continue
    }
    const known = runVariants.length > 0 ? allTools : new Set(suite.tools.map((tool) => tool.name))
    const variants = specs.map((spec): ResolvedVariant => {
      const file = read(spec)
      return { name: spec.name, tools: file.kind === 'tools' ? file.tools : file.apply(suite.tools, known) }
    })
    const hasBase = variants.some((variant) => variant.name === baseVariantName)
    resolved.set(suite, hasBase ? variants : [{ name: baseVariantName, tools: suite.tools }, ...variants])
  }
  return resolved
}

/**
 * The cases to run: each case once per variant of its suite, carrying `variant` and the variant's tools (all of
 * them when the case exposes all the suite's tools, else the same subset by name). A case whose subset or forced
 * tool_choice names a tool the variant lacks is bad input. Cases of suites without variants are unchanged.
 */
export function casesWithVariants(suites: readonly Suite[], runVariants: readonly VariantSpec[], cases: readonly Case[]): Case[] {
  const resolved = resolveVariants(suites, runVariants)
  const suiteOf = new Map(suites.map((suite) => [suite.file, suite]))
  return cases.flatMap((testCase) => {
    const suite = suiteOf.get(testCase.file)
    const variants = suite ? resolved.get(suite) ?? [] : []
    if (!suite || variants.length === 0) return [testCase]
    return variants.map((variant) => caseWithVariant(testCase, suite.tools, variant))
  })
}

/**
 * A case with a variant's tools: all of them when the case exposes all `suiteTools`, else the same subset by name.
 * A case whose subset, forced tool_choice, add_tools or expectations name a tool the variant lacks is bad input.
 */
export function caseWithVariant(testCase: Case, suiteTools: readonly ToolDefinition[], variant: ResolvedVariant): Case {
  const exposesAll = testCase.tools.length === suiteTools.length
  const byName = new Map(variant.tools.map((tool) => [tool.name, tool]))
  const wanted = exposesAll ? [] : testCase.tools.map((tool) => tool.name)
  const forced = typeof testCase.toolChoice === 'object' ? [testCase.toolChoice.name] : []
  checkAddedTools(testCase, variant.name, byName)
  const missing = [...wanted, ...forced].find((name) => !byName.has(name))
  if (missing) throw new InputError(`variant "${variant.name}" has no tool "${missing}", which case "${testCase.id}" exposes`, { file: testCase.file, field: `cases.${testCase.id}` })
  checkExpectedTools(testCase, variant.name, byName)
  const tools = exposesAll ? variant.tools : wanted.map((name) => byName.get(name) as ToolDefinition)
  return { ...testCase, tools, variant: variant.name }
}

/**
 * The rule a suite's own `add_tools` follow (suite/conversation-fields.ts): each names a tool the case can be offered.
 * A variant without one would run the conversation on, its later messages answered without the tool the suite adds
 * there (the add quietly does nothing): bad input, before any model call.
 */
function checkAddedTools(testCase: Case, variant: string, offered: ReadonlyMap<string, ToolDefinition>): void {
  for (const [index, message] of (testCase.conversation ?? []).entries()) {
    const position = (message.addTools ?? []).findIndex((name) => !offered.has(name))
    if (position === -1) continue
    const name = message.addTools![position]!
    throw new InputError(`variant "${variant}" has no tool "${name}", which case "${testCase.id}" adds at message ${index + 1} (add_tools): the variant's tools must offer every tool a conversation adds${didYouMean(name, offered.keys())}`, { file: testCase.file, field: `cases.${testCase.id}.conversation.${index}.add_tools.${position}` })
  }
}

/**
 * The rule a suite's own expectations follow (suite/expectation-fields.ts): an expected or forbidden call names a
 * tool the model is offered. A variant that drops one would leave the case to fail as the model's `missing_call`
 * when the harness's setup is at fault: bad input, found in the run's pass over its cases before any model call.
 */
function checkExpectedTools(testCase: Case, variant: string, offered: ReadonlyMap<string, ToolDefinition>): void {
  const expectations = [{ field: 'expect', expectation: testCase.expect }, ...(testCase.conversation ?? []).flatMap((message, index) => (message.expect ? [{ field: `conversation.${index}.expect`, expectation: message.expect }] : []))]
  for (const { field, expectation } of expectations) {
    for (const [list, calls, verb] of [['calls', expectation.calls, 'expects a call to'], ['forbid', expectation.forbid ?? [], 'forbids']] as const) {
      const index = calls.findIndex((call) => !offered.has(call.name))
      if (index === -1) continue
      const name = calls[index]!.name
      throw new InputError(`variant "${variant}" has no tool "${name}", which case "${testCase.id}" ${verb} (${field}.${list}[${index}]): the variant's tools must offer every tool a case expects or forbids${didYouMean(name, offered.keys())}`, { file: testCase.file, field: `cases.${testCase.id}.${field}.${list}.${index}.name` })
    }
  }
}
