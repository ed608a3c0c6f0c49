import { isDeepStrictEqual } from 'node:util'
import type { ToolDefinition } from '../core/tool.ts'

/** A group of items whose tools never disagree: one tool definition per name. */
export type Shard<T> = { readonly items: T[]; readonly tools: Map<string, ToolDefinition> }

/**
 * Splits items into as few groups as a greedy pass gives, so that within a group every tool name has exactly one
 * definition. BFCL reuses names with different docs across entries, and a toolgauge suite defines each tool once.
 */
export function shardByTools<T>(items: readonly T[], toolsOf: (item: T) => readonly ToolDefinition[]): Shard<T>[] {
  const shards: Shard<T>[] = []
  for (const item of items) {
    const tools = toolsOf(item)
    let shard = shards.find((candidate) => tools.every((tool) => {
      const existing = candidate.tools.get(tool.name)
      return !existing || isDeepStrictEqual(existing, tool)
    }))
    if (!shard) {
      shard = { items: [], tools: new Map() }
      shards.push(shard)
    }
    shard.items.push(item)
    for (const tool of tools) shard.tools.set(tool.name, tool)
  }
  return shards
}
