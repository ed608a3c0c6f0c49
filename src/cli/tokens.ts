import { ProviderError, UsageError } from '../core/errors.ts'
import { parseModelSpec } from '../providers/model-spec.ts'
import { optionNames } from '../core/option-names.ts'
import { resolveModels } from '../runner/model-entries.ts'
import { defaultMessages, type ToolTokenCount } from '../tokens/types.ts'
import { defaultDiffModel, diffToolTokens, renderTokenDiff, type ToolTokenDiff } from '../tokens/tool-token-diff.ts'
import { exitCodes } from './command.ts'
import { defineCommand } from './flags.ts'
import { inertDeep, inertJson, inertMessage } from '../report/terminal-text.ts'
import { mcpServerFlags, toolsOfServer } from './mcp-flags.ts'
import { looksLikeFile, strayArgument } from './stray-argument.ts'
import { refuseToolsFolder } from './tools-file-flag.ts'

const usage = `toolgauge tokens (--tools <tools file | suite file> | --mcp "<command line | URL>") --model <spec> [--model <spec> …] [options]

Counts the prompt tokens spent on tool definitions, per tool (leave-one-out) and in total.

  --tools <file>         tools file (JSON/YAML list or {tools: […]}) or a suite file
  --mcp "<command line>" the tools of an MCP server, started for the count (or an http(s) URL); with
                         --env NAME=value, --header "Name: value", --connect-timeout <s> as in \`toolgauge mcp list\`
  --model <spec>         model spec, repeatable: openai:gpt-4o, anthropic:claude-sonnet-4-5, openai:gpt-oss-20b, baseline …
  --messages <file>      JSON array of chat messages (default: one short user message)
  --tool-choice <value>  auto | none | required | JSON such as '{"type":"function","function":{"name":"x"}}'
  --cache-tools          warn when the tool definitions and system prompt stay below the model's caching
                         threshold (anthropic: its minimum cacheable length; openai: 1024), as a run does
  --reasoning            the request turns reasoning on (Anthropic thinking, OpenAI reasoning effort): some
                         providers add prompt text for it
  --tokenizer <file>     an open model's tokenizer.json: count exactly with its chat template (no downloads)
  --tokenizer-config <file>  its tokenizer_config.json (special tokens and, usually, the chat template)
  --chat-template <file> a Jinja chat template overriding the config's (use the serving engine's own)
  --json                 print JSON (one object per model; an array when several figures are printed)
  --measure              also measure against the provider's API (needs its *_API_KEY; honours *_BASE_URL):
                         Anthropic count_tokens, OpenAI Responses input_tokens, or Chat Completions usage of
                         the same request with and without tools (n + 3 small requests for the breakdown)
  --base-url <url>       API host for --measure (default: the SDK's *_BASE_URL variable or the provider)
  --record <file>        with --measure: append the measurements to this oracle file (JSON)
  --diff <old file>      per-tool token deltas from this old tools/suite file to --tools (offline; default model
                         ${defaultDiffModel}); --markdown prints a table for a pull-request comment
  --markdown             with --diff: a Markdown table

Exit codes: 0 ok, 2 bad input, 3 the provider could not be reached.`

/** `toolgauge tokens`: thin layer over countToolTokens. */
export const command = defineCommand(usage, {
  tools: { type: 'string' },
  mcp: { type: 'string' },
  ...mcpServerFlags,
  model: { type: 'string', multiple: true },
  messages: { type: 'string' },
  'tool-choice': { type: 'string' },
  reasoning: { type: 'boolean' },
  'cache-tools': { type: 'boolean' },
  json: { type: 'boolean' },
  measure: { type: 'boolean' },
  'base-url': { type: 'string' },
  record: { type: 'string' },
  tokenizer: { type: 'string' },
  'tokenizer-config': { type: 'string' },
  'chat-template': { type: 'string' },
  diff: { type: 'string' },
  markdown: { type: 'boolean' },
}, async ({ values, positionals }) => {
  if (positionals.length > 0) throw strayArgument(positionals[0]!, !values.tools && !values.mcp && looksLikeFile(positionals[0]!) ? '--tools' : undefined)
  if (values.tools && values.mcp) throw new UsageError('--tools and --mcp exclude each other', { field: '--mcp' })
  if (!values.tools && !values.mcp) throw new UsageError('is required (or --mcp "<command line>")', { field: '--tools' })
  const models = values.model ?? (values.diff ? [defaultDiffModel] : [])
  if (models.length === 0) throw new UsageError('is required (e.g. --model openai:gpt-4o)', { field: '--model' })
  // An unknown spec (`opnai:gpt-4o`) would otherwise fall back to the rough default estimate without a word.
  for (const spec of models) parseModelSpec(spec, optionNames({ optionNames: 'cli' }))
  resolveModels(models, '--model')
  // Tokenizers, schema loading and (with --measure) the provider SDKs load only when the command runs.
  const [{ loadToolsFile }, { countToolTokens }, { renderTokenTable }, { loadMessagesFile }, { recordOracle }, { parseToolChoiceFlag }] = await Promise.all([
    import('../suite/load-tools.ts'), import('../tokens/count-tool-tokens.ts'), import('../tokens/format-table.ts'),
    import('../tokens/messages-file.ts'), import('../tokens/oracle-record.ts'), import('../tokens/tool-choice-flag.ts'),
  ])
  if (values.tools) refuseToolsFolder(values.tools, '--tools')
  if (values.diff) refuseToolsFolder(values.diff, '--diff')
  const tools = values.mcp ? await toolsOfServer(values.mcp, values) : loadToolsFile(values.tools as string)
  const messages = values.messages ? loadMessagesFile(values.messages) : undefined
  const toolChoice = values['tool-choice'] !== undefined ? parseToolChoiceFlag(values['tool-choice'], tools) : undefined
  if (values.record && !values.measure) throw new UsageError('needs --measure', { field: '--record' })
  // The measuring requests carry no reasoning settings, so a measurement would silently omit what --reasoning adds.
  if (values.reasoning && values.measure) throw new UsageError('cannot be measured yet: --measure sends no reasoning settings; drop one of the two', { field: '--reasoning' })
  if (!values.tokenizer && (values['tokenizer-config'] || values['chat-template'])) throw new UsageError('needs --tokenizer', { field: values['chat-template'] ? '--chat-template' : '--tokenizer-config' })
  const openModel = values.tokenizer
    ? { tokenizer: values.tokenizer, ...(values['tokenizer-config'] ? { tokenizerConfig: values['tokenizer-config'] } : {}), ...(values['chat-template'] ? { chatTemplate: values['chat-template'] } : {}) }
    : undefined
  const requestFor = (model: string) => ({ model, ...(messages ? { messages } : {}), ...(toolChoice ? { toolChoice } : {}), ...(openModel ? { openModel } : {}) })
  if (values.diff) {
    if (values.measure) throw new UsageError('cannot be combined with --diff (the diff is offline)', { field: '--measure' })
    const oldTools = loadToolsFile(values.diff)
    const diffs: ToolTokenDiff[] = []
    for (const model of models) {
      diffs.push(diffToolTokens(await countToolTokens({ ...requestFor(model), tools: oldTools }), await countToolTokens({ ...requestFor(model), tools })))
    }
    // Tool names are the files' and servers': inert text, and JSON with its controls \u-escaped.
    if (values.json) process.stdout.write(`${inertJson(JSON.stringify(diffs.length === 1 ? diffs[0] : diffs, null, 2))}\n`)
    else process.stdout.write(diffs.map((diff) => renderTokenDiff(inertDeep(diff), { markdown: values.markdown === true, color: process.stdout.isTTY === true })).join('\n'))
    return exitCodes.ok
  }
  if (values.markdown) throw new UsageError('needs --diff', { field: '--markdown' })
  if (values['cache-tools']) {
    // Before any --measure request, as a run warns before its first.
    const { cacheablePrefixTokens, cacheToolsWarning, systemPrefix } = await import('../tokens/cache-threshold.ts')
    const system = systemPrefix(messages ?? [])
    const subject = values.tools ?? 'the MCP server\'s tools'
    for (const model of models) {
      const warning = cacheToolsWarning(subject, model, model, await cacheablePrefixTokens(model, tools, system, toolChoice), system.length > 0)
      if (warning) process.stderr.write(`warning: ${inertMessage(warning)}\n`)
    }
  }
  const counts: ToolTokenCount[] = []
  for (const model of models) {
    const request = { ...requestFor(model), tools, ...(values.reasoning ? { reasoning: true } : {}) }
    const offline = await countToolTokens(request)
    if (values.measure) {
      let measured: ToolTokenCount
      try {
        const { measureToolTokens } = await import('../tokens/measure-tool-tokens.ts')
        measured = await measureToolTokens(request, { optionNames: 'cli', ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}) })
      } catch (error) {
        if (!ProviderError.isInstance(error)) throw error
        process.stderr.write(`toolgauge tokens: ${inertMessage(error.message)}\n`)
        return exitCodes.infrastructure
      }
      counts.push(measured)
      if (values.record) {
        recordOracle(values.record, {
          model, tools, messages: messages ?? defaultMessages, ...(toolChoice ? { toolChoice } : {}),
          measured: pick(measured, ['promptTokens', 'toolTokens', 'fixedOverhead', 'perTool', 'provenance']),
          offline: pick(offline, ['promptTokens', 'toolTokens', 'method', 'confidence', 'encoding']),
        })
      }
    }
    counts.push(offline)
  }
  if (values.json) process.stdout.write(`${inertJson(JSON.stringify(counts.length === 1 ? counts[0] : counts, null, 2))}\n`)
  else process.stdout.write(counts.map((count) => renderTokenTable(inertDeep(count), { color: process.stdout.isTTY === true })).join('\n'))
  return exitCodes.ok
})

function pick<T, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>
}
