import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './shared-data.ts'

/** A `toolgauge <command> …` line in a code block of the user docs, with the lines continuing it. */
export type DocCommand = { readonly file: string; readonly command: string; readonly text: string }

/**
 * The user docs: README.md and docs/ (not the generated api.md, not architecture.md), docs/providers/ too, and the
 * READMEs of the folders a newcomer opens (examples/ and each example, suites/ and each suite, fixtures/, reports/).
 */
export function userDocs(): string[] {
  const readmes = ['examples', 'suites'].flatMap((folder) => [folder, ...readdirSync(join(projectRoot, folder)).map((name) => `${folder}/${name}`)])
    .concat('fixtures', 'reports').map((folder) => `${folder}/README.md`).filter((file) => existsSync(join(projectRoot, file)))
  return ['README.md', ...readdirSync(join(projectRoot, 'docs')).filter((name) => name.endsWith('.md') && name !== 'api.md' && name !== 'architecture.md').map((name) => `docs/${name}`),
    ...readdirSync(join(projectRoot, 'docs/providers')).map((name) => `docs/providers/${name}`), ...readmes]
}

const commandHead = /(?:^|npx |run: )toolgauge ([a-z-]+)/

/** The `toolgauge <command> …` lines of one block of shell text, each with the lines continuing it. */
function commandsIn(file: string, block: string): DocCommand[] {
  const found: { file: string; command: string; text: string }[] = []
  let open = false
  for (const line of block.split('\n')) {
    const head = commandHead.exec(line)
    // A line right below a command's that continues it (a synopsis' indented options, a shell line after a backslash).
    const continues: boolean = open && /^\s+[[(-]/.test(line)
    if (head) found.push({ file, command: head[1]!, text: line.slice(head.index) })
    else if (continues) found[found.length - 1]!.text += `\n${line}`
    open = head !== null || continues
  }
  return found
}

/** Every command line in a code block of the user docs: `toolgauge <command> …` (or `npx toolgauge`), with its continuation lines. */
export function commandLines(): DocCommand[] {
  return userDocs().flatMap((file) => [...readFileSync(join(projectRoot, file), 'utf8').matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((block) => commandsIn(file, block[1]!)))
}

/**
 * The commands the docs show outside their code blocks, which no test runs: an inline code span of the prose that
 * holds `toolgauge <command> …` (from `toolgauge` on), and the steps of the ready-made workflow,
 * docs/github-actions-example.yml.
 */
export function otherCommands(): DocCommand[] {
  const spans = userDocs().flatMap((file) => {
    const prose = readFileSync(join(projectRoot, file), 'utf8').replace(/```[\s\S]*?```/g, '')
    return [...prose.matchAll(/`([^`]+)`/g)].flatMap((span) => {
      const head = /\btoolgauge ([a-z-]+)/.exec(span[1]!)
      return head ? [{ file, command: head[1]!, text: span[1]!.slice(head.index) }] : []
    })
  })
  const workflow = 'docs/github-actions-example.yml'
  return [...spans, ...commandsIn(workflow, readFileSync(join(projectRoot, workflow), 'utf8'))]
}
