import { UsageError } from '../core/errors.ts'
import type { LintedSet } from '../lint/format-findings.ts'
import { exitCodes } from './command.ts'
import { defineCommand, numberFlag } from './flags.ts'
import { mcpServerFlags, mcpServerFlagsUsage, toolsOfServer } from './mcp-flags.ts'

const usage = `toolgauge lint-tools <tools file | suite file | folder> [...] [--json] [--max-tool-tokens N] [--config <file>]
       toolgauge lint-tools --mcp "<command line | URL>" [options]

Checks tool definitions offline (no model): missing or vague descriptions, undocumented parameters, schema
mistakes, tools a model will confuse, costly tools, naming and set size. Rules: docs/lint-tools.md.

  --json                 print { findings: [{ file, tool, param?, rule, severity, message, score?, other? }], errors, warnings, tools }
  --max-tool-tokens <n>  heavy-tool: tokens one tool definition may cost (default 500; config lint.max_tool_tokens)
  --model <spec>         heavy-tool: whose token counter prices a tool (default openai:gpt-4o)
  --config <file>        toolgauge.config.{yaml,json,ts} with a lint: section (severities per rule, thresholds);
                         default: the one in the working directory
  --mcp "<command line>" lint the tools an MCP server lists (started for the check and closed), or an http(s) URL;
                         beside or instead of files
${mcpServerFlagsUsage}

Exit codes: 0 no error-severity finding, 1 at least one, 2 bad input.`

/** \`toolgauge lint-tools\`: thin layer over lintTools. */
export const command = defineCommand(usage, {
  json: { type: 'boolean' },
  'max-tool-tokens': { type: 'string' },
  model: { type: 'string' },
  config: { type: 'string' },
  mcp: { type: 'string' },
  ...mcpServerFlags,
}, async ({ values, positionals }) => {
  if (positionals.length === 0 && !values.mcp) throw new UsageError('expected a tools file, a suite file or a folder (or --mcp "<command line>")', { field: 'path' })
  const maxToolTokens = numberFlag('max-tool-tokens', values['max-tool-tokens'], { min: 1, integer: true })
  // The linter, the config loader and token counters load only when the command runs: `lint-tools --help` stays light.
  const [{ loadConfig }, { lintOptionsFromConfig }, { lintTargets }, { lintTools }, { countBySeverity, formatFindings }, { inertDeep, inertJson }] = await Promise.all([
    import('../config/load-config.ts'), import('../lint/lint-config.ts'), import('../lint/lint-inputs.ts'),
    import('../lint/lint-tools.ts'), import('../lint/format-findings.ts'), import('../report/terminal-text.ts'),
  ])
  const config = await loadConfig(values.config)
  const options = {
    ...lintOptionsFromConfig(config?.config.lint),
    ...(maxToolTokens !== undefined ? { maxToolTokens } : {}),
    ...(values.model ? { model: values.model } : {}),
  }
  const targets = positionals.flatMap((path) => lintTargets(path))
  if (values.mcp) targets.push({ file: `mcp: ${values.mcp}`, tools: await toolsOfServer(values.mcp, values) })
  const sets: LintedSet[] = []
  for (const target of targets) sets.push({ file: target.file, toolCount: target.tools.length, findings: await lintTools(target.tools, options) })
  const { errors, warnings } = countBySeverity(sets)
  if (values.json) {
    const findings = sets.flatMap((set) => set.findings.map((finding) => ({ file: set.file, ...finding })))
    const tools = sets.reduce((sum, set) => sum + set.toolCount, 0)
    process.stdout.write(`${inertJson(JSON.stringify({ findings, errors, warnings, tools }, null, 2))}\n`)
    // Tool names, parameters and the quoted descriptions are the files' and servers': printed from an inert copy.
  } else process.stdout.write(formatFindings(inertDeep(sets)))
  return errors > 0 ? exitCodes.gateFailed : exitCodes.ok
})
