import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { lintTools, type LintOptions } from '../../src/lint/lint-tools.ts'
import { lintRuleIds, type LintRuleId } from '../../src/lint/types.ts'
import { projectRoot } from '../helpers/shared-data.ts'

// docs/lint-tools.md documents each rule with a bad and a good example; they are linted here so the docs stay true.
const docs = readFileSync(join(projectRoot, 'docs/lint-tools.md'), 'utf8')
const optionsFor: Partial<Record<LintRuleId, LintOptions>> = { 'heavy-tool': { maxToolTokens: 40 }, 'too-many-tools': { maxTools: 2 } }

function example(rule: string, label: 'Bad' | 'Good'): ToolDefinition[] {
  const section = docs.split(/^### /m).find((part) => part.startsWith(`${rule} (`))
  if (!section) throw new Error(`docs/lint-tools.md has no section for ${rule}`)
  const block = new RegExp(`${label}:\\n\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(section)?.[1]
  if (!block) throw new Error(`docs/lint-tools.md: ${rule} has no ${label} example`)
  return JSON.parse(block) as ToolDefinition[]
}

describe('docs/lint-tools.md examples', () => {
  it.each(lintRuleIds.map((rule) => [rule]))('%s: the bad example is flagged, the good one is clean', async (rule) => {
    const options = optionsFor[rule] ?? {}
    const bad = await lintTools(example(rule, 'Bad'), options)
    expect(bad.map((finding) => finding.rule)).toContain(rule)
    const good = await lintTools(example(rule, 'Good'), options)
    expect(good).toEqual([])
  })
})
