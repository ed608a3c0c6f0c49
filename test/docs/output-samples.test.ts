// An output sample in the docs is what the command above it prints: a block holding one `npx toolgauge …` line,
// followed at once by a block of output, is run and its output must hold the sample's lines in order ('…' stands
// for lines left out). The `reports/…` folders the commands name are in a temporary folder, not the checkout: a test
// must not write into the clone it tests.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/** The checkout's report.json of each folder a sample runs `--out` into: its modification time, or absent. */
function checkoutReports(): Record<string, number | 'absent'> {
  const outs = samples().flatMap((sample) => sample.command.split(/\s+/).flatMap((arg, i, args) => (args[i - 1] === '--out' ? [arg] : [])))
  return Object.fromEntries(outs.map((out) => {
    const file = join(projectRoot, out, 'report.json')
    return [file, existsSync(file) ? statSync(file).mtimeMs : 'absent']
  }))
}

describe('output samples in the docs', () => {
  let reportsDir = ''
  let before: ReturnType<typeof checkoutReports> = {}
  beforeAll(() => {
    reportsDir = mkdtempSync(join(tmpdir(), 'toolgauge-doc-samples-'))
    before = checkoutReports()
  })
  afterAll(() => rmSync(reportsDir, { recursive: true, force: true }))

  it('finds the samples (the first suite and the fuzz example in README.md, two models compared in docs/ci.md, docs/fuzzing.md)', () => {
    expect(samples().map((sample) => sample.file)).toEqual(['README.md', 'README.md', 'README.md', 'README.md', 'README.md', 'docs/ci.md', 'docs/ci.md', 'docs/ci.md', 'docs/fuzzing.md'])
  })

  it.each(samples().map((sample) => [`${sample.file}: ${sample.command}`, sample] as const))('%s prints its sample', async (_name, sample) => {
    // No quoting in these commands; shell-quote would read the '#' of module#export as a comment.
    // The commands' own paths are the checkout's (examples/, suites/, fixtures/); the reports they write and read are
    // the temporary folder's. No sample prints a report's path, so the output is the same.
    const args = sample.command.split(/\s+/).slice(2).map((arg) => (arg.startsWith('reports/') ? join(reportsDir, arg.slice('reports/'.length)) : arg))
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

  it('leaves the checkout\'s reports/ as it was', () => {
    expect(checkoutReports()).toEqual(before)
  })
})
