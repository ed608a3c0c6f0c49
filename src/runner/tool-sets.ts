import stableStringify from 'safe-stable-stringify'
import type { ToolDefinition } from '../core/tool.ts'
import { redactDeep } from '../http/redact.ts'
import { hashText } from '../core/hash-text.ts'

/**
 * The distinct tool sets of a run, each kept once under a content-hash id (report.json `toolSets`); turns refer
 * to the id instead of repeating 30 definitions on every request. Ids are computed once per tools array (cases
 * of a suite share theirs). The sets are handed out (`pick`, `toJSON`) redacted of the run's secrets: tool
 * definitions an MCP server listed may quote its `${VAR}` values, and both report.json (toolgauge run) and the
 * vitest reporter's (describeSuite) write them.
 */
export class ToolSets {
  private readonly ids = new WeakMap<readonly ToolDefinition[], string>()
  private readonly sets = new Map<string, readonly ToolDefinition[]>()

  /** `secrets`: the run's secret values, replaced in the sets handed out. */
  constructor(private readonly secrets: readonly string[]) {}

  /** The id of a tool set (registering it). */
  idOf(tools: readonly ToolDefinition[]): string {
    let id = this.ids.get(tools)
    if (id === undefined) {
      id = toolSetId(tools)
      this.ids.set(tools, id)
      if (!this.sets.has(id)) this.sets.set(id, tools)
    }
    return id
  }

  /** The id of the tools a turn sent, by name: the case's set itself, or the subset it names. */
  idOfNames(caseTools: readonly ToolDefinition[], names: readonly string[]): string {
    const all = this.idOf(caseTools)
    if (names.length === caseTools.length && names.every((name, index) => caseTools[index]?.name === name)) return all
    return this.idOf(names.flatMap((name) => caseTools.filter((tool) => tool.name === name)))
  }

  /** The registered sets with these ids, redacted (a result's own sets, for the vitest reporter). */
  pick(ids: Iterable<string>): Record<string, readonly ToolDefinition[]> {
    const picked: Record<string, readonly ToolDefinition[]> = {}
    for (const id of ids) {
      const tools = this.sets.get(id)
      if (tools) picked[id] = tools
    }
    return redactDeep(picked, this.secrets)
  }

  /** Every registered set, by id, redacted, for report.json. */
  toJSON(): Record<string, readonly ToolDefinition[]> {
    return redactDeep(Object.fromEntries(this.sets), this.secrets)
  }
}

/** A tool set's id: the first 16 hex digits of the SHA-256 of its canonical JSON (key order does not matter). */
function toolSetId(tools: readonly ToolDefinition[]): string {
  return hashText(stableStringify(tools) ?? '[]').slice(0, 16)
}
