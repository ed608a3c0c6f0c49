// An output sample in the docs is what the command above it prints: a block holding one `npx toolgauge …` line,
// followed at once by a block of output, is run and its output must hold the sample's lines in order ('…' stands
// for lines left out).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

type Sample = { readonly file: string; readonly command: string; readonly output: readonly string[] }

/** Every command block directly followed by its output block, in README.md and docs/*.md. */
function samples(): Sample[] {
  const files = ['README.md', 'docs/ci.md', 'docs/fuzzing.md']
  return files.flatMap((file) => {
    const text = readFileSync(join(projectRoot, file), 'utf8')
    return [...text.matchAll(/```\n(npx toolgauge (?:[^\n#]|#(?! ))+)\n```\n\n?```\n([\s\S]*?)```/g)].map((match) => ({
      file,
      command: match[1]!.trim(),
      output: match[2]!.split('\n').filter((line) => line.trim() !== '' && line.trim() !== '…'),
    }))
  })
}

describe('output samples in the docs', () => {
  it('finds the samples (the first suite and the fuzz example in README.md, two models compared in docs/ci.md, docs/fuzzing.md)', () => {
    expect(samples().map((sample) => sample.file)).toEqual(['README.md', 'README.md', 'README.md', 'README.md', 'README.md', 'docs/ci.md', 'docs/ci.md', 'docs/ci.md', 'docs/fuzzing.md'])
  })

  it.each(samples().map((sample) => [`${sample.file}: ${sample.command}`, sample] as const))('%s prints its sample', async (_name, sample) => {
    // No quoting in these commands; shell-quote would read the '#' of module#export as a comment.
    const args = sample.command.split(/\s+/).slice(2)
    const previous = process.cwd()
    process.chdir(projectRoot)
    try {
      const result = await runMain(args)
      const lines = result.stdout.split('\n')
      let at = 0
      for (const line of sample.output) {
        const found = lines.indexOf(line, at)
        expect(found, `${sample.file}: "${line}" not printed (in order) by ${sample.command} (exit ${result.code}):\n${result.stdout}${result.stderr}`).toBeGreaterThanOrEqual(0)
        at = found + 1
      }
    } finally {
      process.chdir(previous)
    }
  })
})
