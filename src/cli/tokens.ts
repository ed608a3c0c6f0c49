import { InputError } from '../core/errors.ts'
import { loadToolsFile } from '../suite/load-tools.ts'
import { countToolTokens } from '../tokens/count-tool-tokens.ts'
import { renderTokenTable } from '../tokens/format-table.ts'
import { loadMessagesFile } from '../tokens/messages-file.ts'
import { parseToolChoiceFlag } from '../tokens/tool-choice-flag.ts'
import type { ToolTokenCount } from '../tokens/types.ts'
import { exitCodes, type Command } from './command.ts'
import { parseFlags } from './flags.ts'

const usage = `toolgauge tokens --tools <tools file | suite file> --model <spec> [--model <spec> …] [options]

Counts the prompt tokens spent on tool definitions, per tool (leave-one-out) and in total.

  --tools <file>         tools file (JSON/YAML list or {tools: […]}) or a suite file
  --model <spec>         model spec, repeatable: openai:gpt-4o, anthropic:claude-sonnet-4-5, openai:gpt-oss-20b, baseline …
  --messages <file>      JSON array of chat messages (default: one short user message)
  --tool-choice <value>  auto | none | required | JSON such as '{"type":"function","function":{"name":"x"}}'
  --json                 print JSON (one object per model; an array when several --model are given)`

/** `toolgauge tokens`: thin layer over countToolTokens. */
export const command: Command = {
  name: 'tokens',
  summary: 'Count the prompt tokens spent on tool definitions, per tool',
  usage,
  async run(argv) {
    const { values, positionals } = parseFlags(argv, {
      tools: { type: 'string' },
      model: { type: 'string', multiple: true },
      messages: { type: 'string' },
      'tool-choice': { type: 'string' },
      json: { type: 'boolean' },
    })
    if (positionals.length > 0) throw new InputError(`unexpected argument "${positionals[0]}"`)
    if (!values.tools) throw new InputError('is required', { field: '--tools' })
    const models = values.model ?? []
    if (models.length === 0) throw new InputError('is required (e.g. --model openai:gpt-4o)', { field: '--model' })
    const tools = loadToolsFile(values.tools)
    const messages = values.messages ? loadMessagesFile(values.messages) : undefined
    const toolChoice = values['tool-choice'] !== undefined ? parseToolChoiceFlag(values['tool-choice'], tools) : undefined
    const counts: ToolTokenCount[] = []
    for (const model of models) {
      counts.push(await countToolTokens({ model, tools, ...(messages ? { messages } : {}), ...(toolChoice ? { toolChoice } : {}) }))
    }
    if (values.json) process.stdout.write(`${JSON.stringify(counts.length === 1 ? counts[0] : counts, null, 2)}\n`)
    else process.stdout.write(counts.map((count) => renderTokenTable(count, { color: process.stdout.isTTY === true })).join('\n'))
    return exitCodes.ok
  },
}
