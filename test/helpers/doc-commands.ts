import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './shared-data.ts'

/** A `toolgauge <command> …` line in a code block of the user docs, with the lines continuing it. */
export type DocCommand = { readonly file: string; readonly command: string; readonly text: string }

/** The user docs: README.md and docs/ (not the generated api.md, not architecture.md), docs/providers/ too, and examples/README.md. */
export function userDocs(): string[] {
  return ['README.md', ...readdirSync(join(projectRoot, 'docs')).filter((name) => name.endsWith('.md') && name !== 'api.md' && name !== 'architecture.md').map((name) => `docs/${name}`),
    ...readdirSync(join(projectRoot, 'docs/providers')).map((name) => `docs/providers/${name}`), 'examples/README.md']
}

/** Every command line in a code block of the user docs: `toolgauge <command> …` (or `npx toolgauge`), with its continuation lines. */
export function commandLines(): DocCommand[] {
  return userDocs().flatMap((file) => {
    const text = readFileSync(join(projectRoot, file), 'utf8')
    return [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((block) => {
      const found: { file: string; command: string; text: string }[] = []
      for (const line of block[1]!.split('\n')) {
        const head = /(?:^|npx |run: )toolgauge ([a-z-]+)/.exec(line)
        // A line continuing the previous command (a synopsis' indented options, a shell line after a backslash).
        const continues = found.length > 0 && /^\s+[[(-]/.test(line)
        if (head) found.push({ file, command: head[1]!, text: line.slice(head.index) })
        else if (continues) found[found.length - 1]!.text += `\n${line}`
      }
      return found
    })
  })
}
