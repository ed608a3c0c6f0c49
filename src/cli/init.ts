import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { UsageError } from '../core/errors.ts'
import { packageFile, packageManifest } from '../package-files.ts'
import { inert } from '../report/terminal-text.ts'
import { exitCodes } from './command.ts'
import { defineCommand } from './flags.ts'

const usage = `toolgauge init [<project folder>]

Scaffolds toolgauge in a project (default: this folder), never overwriting a file:
  toolgauge.config.ts              models, suites, reports and gates (typed by defineConfig from toolgauge/config)
  evals/example/suite.yaml         six cases, one per style of expectation
  evals/example/tools.json         the tools they use
  evals/example/scripted-model.yaml  a scripted model answering them, so the first run passes offline
  .github/workflows/toolgauge.yml  CI: run with gates, JUnit, a Markdown summary, compare with the default branch
A file that already exists is skipped and named. Then (once toolgauge is installed in the project): npx toolgauge run`

/** `toolgauge init`: writes the example suite, config and CI workflow into a project. */
export const command = defineCommand(usage, {}, async ({ positionals }) => {
  if (positionals.length > 1) throw new UsageError(`give at most one project folder, got ${positionals.length}`)
  const root = resolve(positionals[0] ?? '.')
  if (!existsSync(root)) throw new UsageError(`no such folder: ${root}`)
  const { writeScaffold } = await import('../init/scaffold.ts')
  const { created, skipped } = writeScaffold(root)
  const out = (line: string) => process.stdout.write(`${line}\n`)
  if (created.length > 0) {
    out(`Created in ${inert(root)}:`)
    for (const path of created) out(`  ${path}`)
  }
  if (skipped.length > 0) {
    out(`Skipped (left as they are):`)
    for (const { path, reason } of skipped) out(`  ${path} — ${inert(reason)}`)
  }
  const { nextSteps, projectState } = await import('../init/next-steps.ts')
  for (const line of nextSteps(projectState(root, packageFile(''), packageManifest.version))) out(inert(line))
  return exitCodes.ok
})
