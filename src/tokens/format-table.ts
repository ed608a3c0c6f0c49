import Table from 'cli-table3'
import type { ToolTokenCount } from './types.ts'

/** A console table without row separators, the first column left-aligned and the figures right-aligned. */
export function tokenTable(head: readonly string[], color = false): Table.Table {
  return new Table({
    head: [...head],
    colAligns: head.map((_, index) => (index === 0 ? 'left' : 'right')),
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
  })
}

/** Renders one count as a console table: tools by marginal cost (largest first), fixed overhead, totals. */
export function renderTokenTable(count: ToolTokenCount, options: { color?: boolean } = {}): string {
  const share = (tokens: number) => (count.toolTokens > 0 ? `${((tokens / count.toolTokens) * 100).toFixed(1)}%` : '—')
  const table = tokenTable(['tool', 'tokens', 'share'], options.color)
  for (const tool of [...count.perTool].sort((a, b) => b.tokens - a.tokens)) table.push([tool.name, String(tool.tokens), share(tool.tokens)])
  table.push(['(fixed overhead)', String(count.fixedOverhead), share(count.fixedOverhead)])
  table.push(['tool definitions total', String(count.toolTokens), count.toolTokens > 0 ? '100%' : '—'])
  table.push(['whole prompt', String(count.promptTokens), ''])
  const bound = count.confidence === 0 ? 'exact' : `±${count.confidence}`
  const header = `${count.model}: ${count.method}, ${count.encoding}, ${bound}`
  const note = 'per-tool figures are leave-one-out marginals; with the fixed overhead they need not add up to the total'
  const rules = count.rules ? `  rules: ${count.rules}\n` : ''
  return `${header}\n${table.toString()}\n${note}\n${rules}  ${count.provenance}\n`
}
