// The README's CLI synopsis is where a newcomer looks for a command's options: it must name every option each
// command's --help describes, and no option the command lacks.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { settingNames } from '../../src/providers/settings/model-settings.ts'
import { commandLines, otherCommands, userDocs, type DocCommand } from '../helpers/doc-commands.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')

/** The first code block under `## CLI`, by command: `toolgauge <command>` lines and the lines continuing them. */
function synopsis(): Map<string, string> {
  const section = readme.slice(readme.indexOf('\n## CLI\n'))
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  const byCommand = new Map<string, string>()
  let command = ''
  for (const line of block.split('\n')) {
    const head = /^toolgauge (\S+)/.exec(line)
    if (head) command = head[1]!
    if (command) byCommand.set(command, `${byCommand.get(command) ?? ''}\n${line}`)
  }
  return byCommand
}

const flagsIn = (text: string) => new Set(text.match(/--[a-z][a-z-]*/g) ?? [])

/** The options a help text describes: the lines that start with a flag (`  --out <dir>  …`, `  -m, --model …`). */
function describedOptions(help: string): Set<string> {
  const options = help.split('\n').flatMap((line) => /^\s+(?:-\w, )?(--[a-z][a-z-]*)/.exec(line)?.[1] ?? [])
  return new Set(options.filter((flag) => flag !== '--help'))
}

describe('the README CLI synopsis', () => {
  const commands = synopsis()

  it('lists every command of `toolgauge --help`', async () => {
    const help = await runMain(['--help'])
    const listed = help.stdout.split('\n').flatMap((line) => /^ {2}([a-z][a-z-]+) +[a-z]/.exec(line)?.[1] ?? [])
    expect(listed.length).toBeGreaterThan(8)
    expect([...commands.keys()].sort()).toEqual([...listed].sort())
  })

  it.each([...synopsis().keys()])('`toolgauge %s`: every option its --help describes, and none it lacks', async (command) => {
    const help = await runMain([command, '--help'])
    expect(help.code, help.stderr).toBe(0)
    const documented = flagsIn(commands.get(command)!)
    const missing = [...describedOptions(help.stdout)].filter((flag) => !documented.has(flag))
    const unknown = [...documented].filter((flag) => !flagsIn(help.stdout).has(flag))
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] })
  })
})

describe('command lines in the docs', () => {
  it('finds them in README.md and the guides', () => {
    const files = new Set(commandLines().map((line) => line.file))
    for (const file of ['README.md', 'docs/ci.md', 'docs/tokens.md', 'docs/fuzzing.md', 'docs/bfcl.md', 'docs/conformance.md', 'docs/providers/openai.md']) expect(files).toContain(file)
  })

  it('use only options their command has', async () => {
    expect(await staleFlags(commandLines())).toEqual([])
  })

  it("so do the prose's inline commands and the workflow example's steps", async () => {
    const commands = await runMain(['--help'])
    const known = new Set(commands.stdout.split('\n').flatMap((line) => /^ {2}([a-z][a-z-]+) +[a-z]/.exec(line)?.[1] ?? []))
    const others = otherCommands().filter((line) => known.has(line.command))
    const files = new Set(others.map((line) => line.file))
    for (const file of ['README.md', 'docs/ci.md', 'docs/tokens.md', 'docs/fuzzing.md', 'docs/lint-tools.md']) expect(files).toContain(file)
    expect(others.filter((line) => line.file === 'docs/github-actions-example.yml').map((line) => line.command)).toEqual(['run', 'merge', 'compare'])
    expect(await staleFlags(others)).toEqual([])
  })

  it('every `--set <key>=…` names a setting --set takes', () => {
    const files = [...userDocs(), 'docs/github-actions-example.yml']
    // `k=v` and `key=value` stand for any setting; `reasoning.effort=high` sets a key of `reasoning`.
    const keys = files.flatMap((file) => [...readFileSync(join(projectRoot, file), 'utf8').matchAll(/--set ([A-Za-z_]+)[.=]/g)].map((match) => ({ file, key: match[1]! })))
    expect(keys.length).toBeGreaterThan(5)
    expect(keys.filter(({ key }) => !['k', 'key', ...settingNames].includes(key))).toEqual([])
  })
})

/** `file: toolgauge <command> --flag` for each flag a doc command gives that its command's --help does not name. */
async function staleFlags(lines: readonly DocCommand[]): Promise<string[]> {
  const helps = new Map<string, Set<string>>()
  const stale: string[] = []
  for (const { file, command, text } of lines) {
    if (!helps.has(command)) helps.set(command, flagsIn((await runMain([command, '--help'])).stdout))
    const known = helps.get(command)!
    // Flags after a pipe into another program or a redirection are not toolgauge's (a synopsis' `a | b` is).
    for (const flag of flagsIn(text.split(/\s(?:\|\s*(?:jq|head|tee|grep)\b|>>)/)[0]!)) if (!known.has(flag)) stale.push(`${file}: toolgauge ${command} ${flag}`)
  }
  return stale
}

