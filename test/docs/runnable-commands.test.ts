// The commands the user docs show that need no key, server or file of the reader's own run as written: in the
// docs' order, after `npm start` (whose reports the Quick start's `show` reads), with every report folder moved
// into a temporary one. Each exits 0 or 1 — a verdict, never bad input (2) — and prints no stack trace. A command
// that needs a key, a network or an MCP server is left out by the rules below, not by a list.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'shell-quote'
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { commandLines } from '../helpers/doc-commands.ts'
import { hasSharedData, projectRoot } from '../helpers/shared-data.ts'

type Runnable = { readonly where: string; readonly args: readonly string[] }

/** The commands that write or read reports, and where each writes by default. */
const defaultOut: Record<string, string> = { run: 'reports/latest', conformance: 'reports/conformance', bfcl: 'reports/bfcl' }
const offlineCommands = new Set(['run', 'show', 'compare', 'merge', 'lint-tools', 'fuzz', 'plan', 'tokens', 'conformance', 'bfcl'])
const offlineModel = /^(baseline|scripted:.+)$/

/** A doc line's arguments, its comment, shell redirections and pipes cut off; undefined when it is not a plain command. */
function argumentsOf(text: string): string[] | undefined {
  const line = text.replace(/\\\n\s*/g, ' ').replace(/\s+#\s.*$/gm, '').split(/\s(?:\||>>|>)\s/)[0]!.trim()
  if (/[<…*$]|\[--/.test(line)) return undefined
  // No comments: shell-quote would read the '#' of module#export as one.
  const words = parse(line.replace(/#/g, '\u0000'))
  if (!words.every((word): word is string => typeof word === 'string')) return undefined
  return words.map((word) => word.replace(/\u0000/g, '#')).slice(words[0] === 'npx' ? 2 : 1)
}

/** Whether a command runs offline on the repository's own files. */
function offline(args: readonly string[], written: ReadonlySet<string>): boolean {
  const [command] = args
  if (!command || !offlineCommands.has(command)) return false
  if (args.some((arg) => ['--mcp', '--measure', '--record', '--replay', '--batch', '--base-url'].includes(arg))) return false
  const models = args.flatMap((arg, index) => (args[index - 1] === '--model' || args[index - 1] === '-m' ? [arg] : []))
  if ((command === 'run' || command === 'conformance') && !models.every((model) => offlineModel.test(model))) return false
  // A run without a suite path runs the reader's project, from its config (init's own test runs that one).
  if (command === 'run' && (args.length < 2 || args[1]!.startsWith('-'))) return false
  // A CI recipe's main/ and pr/ are checkouts of the reader's own branches; every other path must be there (a slip
  // in one fails below, never skips).
  if (args.some((arg) => /^(main|pr)\//.test(arg))) return false
  // docs/bfcl.md's parity check reads the public BFCL data beside the repository, which a clone may not have.
  if (args.some((arg) => arg.startsWith('../shared/data')) && !hasSharedData()) return false
  // A report it reads comes from a command above it (one left out, needing a key, leaves this one out too).
  return args.slice(1).every((arg, index) => !arg.startsWith('reports/') || /^(--out|-o)$/.test(args[index] ?? '') || [...written].some((folder) => arg === folder || arg.startsWith(`${folder}/`)))
}

/** `npm start`'s commands, then each offline command of the docs, with report folders under `into`. */
function runnable(into: string): Runnable[] {
  const start = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  const seed = start.split(' && ').map((part) => ({ where: 'package.json scripts.start', text: part.replace(/^node dist\/cli\/toolgauge\.js/, 'toolgauge') }))
  const written = new Set<string>()
  const found: Runnable[] = []
  for (const { where, text } of [...seed, ...commandLines().map((line) => ({ where: line.file, text: line.text }))]) {
    const args = argumentsOf(text)
    if (!args || !offline(args, written)) continue
    const command = args[0]!
    const out = defaultOut[command]
    const moved = args.map((arg, index) => (/^(--out|-o)$/.test(args[index - 1] ?? '') || (index > 0 && arg.startsWith('reports/') && !/^(--out|-o)$/.test(arg)) ? join(into, arg) : arg))
    if (out !== undefined) {
      const given = args.findIndex((arg) => arg === '--out' || arg === '-o')
      written.add(given === -1 ? out : args[given + 1]!.replace(/\/$/, ''))
      if (given === -1) moved.push('--out', join(into, out))
    }
    found.push({ where, args: moved })
  }
  return found
}

describe('the offline commands of the docs run as written', () => {
  const into = mkdtempSync(join(tmpdir(), 'toolgauge-doc-commands-'))
  const commands = runnable(into)

  it('finds them: npm start, the first suite, show, compare, the retail conversations, lint-tools, fuzz, plan, bfcl score', () => {
    const shown = commands.map((entry) => entry.args.join(' '))
    expect(commands.filter((entry) => entry.where === 'package.json scripts.start')).toHaveLength(2)
    const bfcl = hasSharedData('bfcl') ? ['bfcl score --data ../shared/data/bfcl'] : []
    for (const fragment of ['run examples/first-suite', 'show ', 'compare ', 'run suites/retail --model scripted:', 'run examples/mcp-filesystem', 'lint-tools suites/', 'fuzz --tools', 'plan --cases', ...bfcl]) {
      expect(shown.some((line) => line.includes(fragment)), fragment).toBe(true)
    }
  })

  it.each(commands.map((entry) => [`${entry.where}: toolgauge ${entry.args.join(' ').replaceAll(into, '<tmp>')}`, entry] as const))('%s', async (_name, entry) => {
    const previous = process.cwd()
    process.chdir(projectRoot)
    try {
      const result = await runMain(entry.args)
      expect([0, 1], `exit ${result.code}:\n${result.stderr}`).toContain(result.code)
      expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/)
    } finally {
      process.chdir(previous)
    }
  }, 120_000)
})

it("the Quick start's test command is the one CI runs: .ci/run ends with npm ci, then npm test (tsc and vitest)", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const quickStart = /## Quick start\n\n```\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
  expect(quickStart.split('\n').map((line) => line.replace(/\s+#.*$/, ''))).toEqual(['npm install && npm start', 'npm test', ''])
  const ci = readFileSync(join(projectRoot, '.ci/run'), 'utf8').trim().split('\n')
  expect(ci.slice(-2)).toEqual(['npm ci', 'npm test'])
  const scripts = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  expect(scripts.test).toBe('tsc --noEmit && vitest run')
})

it('examples/README.md lists every example folder, and its commands are among those run above', () => {
  const index = readFileSync(join(projectRoot, 'examples/README.md'), 'utf8')
  const folders = readdirSync(join(projectRoot, 'examples'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  expect(folders.filter((folder) => !index.includes(`| [\`${folder}/\`](${folder}/`))).toEqual([])
  const runs = runnable(mkdtempSync(join(tmpdir(), 'toolgauge-doc-commands-'))).filter((entry) => entry.where === 'examples/README.md')
  expect(runs.map((entry) => entry.args[0])).toEqual(['run', 'run', 'run', 'lint-tools', 'run', 'fuzz', 'run'])
})
