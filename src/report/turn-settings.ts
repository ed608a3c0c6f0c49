import type { Report } from '../core/report.ts'
import type { ResultTurn } from '../core/result.ts'

/** The tool sets of a report, by id (`report.toolSets`). */
export type ToolSetIndex = Report['toolSets']

/**
 * A stored turn's own request settings as short phrases — tool choice, parallel, how many tools the referenced set
 * held — shared by `show` and the HTML report so both read the same data. Turns of reports written before tool
 * sets existed carry `toolNames` instead.
 */
export function turnSettings(turn: ResultTurn, toolSets: ToolSetIndex): string[] {
  const request = turn.request as ResultTurn['request'] & { toolNames?: readonly string[] }
  const choice = typeof request.toolChoice === 'object' ? `{ name: ${request.toolChoice.name} }` : request.toolChoice
  const tools = toolSets?.[request.toolSet]?.length ?? request.toolNames?.length
  return [
    `tool_choice ${choice}`,
    ...(request.parallelToolCalls === false ? ['one call per turn'] : []),
    ...(tools !== undefined ? [`${tools} tool${tools === 1 ? '' : 's'}`] : []),
  ]
}
