import type { CallOrder, ExpectedCall, Expectation, FinalAnswerExpectation, MatchingMode } from '../core/case.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { matcherProblem } from '../matchers/argument-matchers.ts'
import { schemaSlip } from '../matchers/schema-slips.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import type { Locate, Path } from './case-file.ts'
import { inlineFlagsProblem } from '../matchers/inline-flags.ts'
import { parseCustomChecks } from './check-fields.ts'

// A case's `expect:` (and a message's, in a conversation) read into an Expectation: expected calls with their
// matchers checked against each tool's schema, trajectory limits, the final answer and the suite's custom checks.

/** Default for `final.judge.threshold`: the lowest passing score. */
const defaultJudgeThreshold = 0.7

/** A case's or a message's `expect:` as an Expectation; matchers, trajectory limits and checks are checked here (file:line errors). */
export function parseExpectation(value: unknown, suiteMatching: MatchingMode, tools: ReadonlyMap<string, ToolDefinition>, base: string, path: Path, at: Locate): Expectation {
  const raw = (value ?? {}) as Record<string, unknown>
  const matching = (raw.matching as MatchingMode | undefined) ?? suiteMatching
  const calls = ((raw.calls as Record<string, unknown>[] | undefined) ?? []).map((call, index) =>
    suiteCall(call, [...path, 'calls', index], tools, matching, at, 'expected call to'))
  const noCall = raw.no_call === true
  if (noCall && calls.length > 0) throw at([...path, 'no_call'], 'no_call: true contradicts the expected calls')
  const final = raw.final as { contains?: string | string[]; regex?: string; flags?: string; judge?: { model: string; rubric: string; threshold?: number } } | undefined
  if (final?.regex !== undefined) {
    const inline = inlineFlagsProblem(final.regex)
    if (inline) throw at([...path, 'final', 'regex'], `expected a JavaScript regular expression: ${inline}`)
    try {
      new RegExp(final.regex, final.flags ?? '')
    } catch (error) {
      throw at([...path, 'final', 'regex'], `expected a valid regular expression (${(error as Error).message})`)
    }
  }
  const custom = parseCustomChecks(raw.custom, base)
  return {
    calls,
    order: (raw.order as CallOrder | undefined) ?? 'any',
    ...trajectoryLimits(raw, calls, noCall, tools, path, at),
    parallel: raw.parallel === true,
    noCall,
    ...(final ? { final: finalOf(final) } : {}),
    ...(custom ? { custom } : {}),
    matching,
    ...(raw.bfcl ? { bfcl: raw.bfcl as Expectation['bfcl'] & object } : {}),
  }
}

/** `final:` with `contains` as a list and `judge` with its threshold's default (0.7). */
function finalOf(final: { contains?: string | string[]; regex?: string; flags?: string; judge?: { model: string; rubric: string; threshold?: number } }): FinalAnswerExpectation {
  const { judge, ...rest } = final
  return {
    ...rest,
    contains: typeof final.contains === 'string' ? [final.contains] : final.contains,
    ...(judge ? { judge: { model: judge.model, rubric: judge.rubric, threshold: judge.threshold ?? defaultJudgeThreshold } } : {}),
  } as FinalAnswerExpectation
}

/**
 * `extra_calls`, `forbid` and `max_calls`, checked so a case that can never pass is bad input: a forbid names a
 * tool of the suite and its matchers fit it (toolgauge's matchers, under any `matching`), forbids no tool the
 * case expects outright, and `max_calls` leaves room for the expected calls.
 */
function trajectoryLimits(raw: Record<string, unknown>, calls: readonly ExpectedCall[], noCall: boolean, tools: ReadonlyMap<string, ToolDefinition>, path: Path, at: Locate): Pick<Expectation, 'extraCalls' | 'forbid' | 'maxCalls'> {
  if (raw.extra_calls !== undefined && noCall) throw at([...path, 'extra_calls'], 'extra_calls: allow contradicts no_call: true')
  const forbid = ((raw.forbid as Record<string, unknown>[] | undefined) ?? []).map((entry, index) => {
    const where = [...path, 'forbid', index]
    const call = suiteCall(entry, where, tools, 'default', at, 'forbids')
    if (!call.args && calls.some((expected) => expected.name === call.name)) throw at([...where, 'name'], `forbids every call to "${call.name}", which the case expects`)
    return call
  })
  const maxCalls = raw.max_calls as number | undefined
  if (maxCalls !== undefined && maxCalls < calls.length) throw at([...path, 'max_calls'], `max_calls: ${maxCalls} is fewer than the ${calls.length} expected calls`)
  return {
    ...(raw.extra_calls === 'allow' ? { extraCalls: 'allow' as const } : {}),
    ...(forbid.length > 0 ? { forbid } : {}),
    ...(maxCalls !== undefined ? { maxCalls } : {}),
  }
}

/** An entry of `calls:` or `forbid:` (`verb` in its message): a tool of the suite, its `args` matchers fitting its schema. */
function suiteCall(entry: Record<string, unknown>, where: Path, tools: ReadonlyMap<string, ToolDefinition>, matching: MatchingMode, at: Locate, verb: string): ExpectedCall {
  const name = entry.name as string
  const tool = tools.get(name)
  if (!tool) throw at([...where, 'name'], `${verb} "${name}", which is not a tool of this suite${didYouMean(name, tools.keys())}`)
  const args = entry.args as Record<string, unknown> | undefined
  if (args) checkMatchers(args, tool, [...where, 'args'], matching, at)
  // The tool's own name string, shared by every case (the parsed one is a copy per case).
  return args ? { name: tool.name, args } : { name: tool.name }
}

/**
 * A matcher must be well formed and fit the tool's schema: a case that can never pass is bad input. Imported BFCL
 * suites (`matching: bfcl`) are BFCL's ground truth, judged by BFCL's rules — including its known defects (an
 * answer naming a key the function lacks) — so only their form is checked.
 */
export function checkMatchers(matchers: Record<string, unknown>, tool: ToolDefinition, path: Path, matching: MatchingMode, at: Locate): void {
  const problem = matcherProblem(matchers)
  if (problem) throw at([...path, ...problem.path], `bad argument matcher: expected ${problem.expected}`)
  if (matching === 'bfcl') return
  const slip = schemaSlip(matchers, tool.parameters)
  if (slip) throw at([...path, ...slip.path], `${slip.message} (tool "${tool.name}")`)
}
