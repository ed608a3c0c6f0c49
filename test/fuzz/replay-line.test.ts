// A finding's `replay:` line is a whole command: pasted into a shell where the fuzz ran, it reproduces the same
// counterexample — the tools file, validator, parser and every flag that shapes the inputs or the verdict
// (--skip-kind, --allow-repair, --runs) carried over, where it gave --seed/--tool/--property/--path alone and a
// --skip-kind run's replay drew another input.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const tools = 'examples/fuzz/tools.json'
const validator = 'examples/fuzz/validate.ts#coercingValidateArgs'

/** The `replay:` lines and the counterexample above each, from fuzz's text output. */
function replays(stdout: string): { counterexample: string; command: string }[] {
  return [...stdout.matchAll(/counterexample: (.*)\n\s+replay: (.*)\n/g)].map((match) => ({ counterexample: match[1]!, command: match[2]! }))
}

/** Runs a printed command in bash as a user would, `npx toolgauge` being this checkout's CLI. */
function inShell(command: string) {
  const cli = join(projectRoot, 'bin/toolgauge.mjs')
  const result = spawnSync('bash', ['-c', `npx() { shift; "${process.execPath}" "${cli}" "$@"; }\n${command}`], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 120_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

it.each([
  // Replayed without --skip-kind, the path drew a numeric-string input, not the number-for-string one that failed.
  { flags: ['--skip-kind', 'numeric-string'], carried: '--runs 50 --skip-kind numeric-string', property: 'rejection' },
  // Replayed without --parser, parser_totality was skipped: exit 0.
  { flags: ['--parser', 'examples/fuzz/parse.ts#naiveParseArgs', '--allow-repair', '--skip-kind', 'numeric-string'], carried: "--parser 'examples/fuzz/parse.ts#naiveParseArgs' --runs 50 --allow-repair --skip-kind numeric-string", property: 'parser_totality' },
])('the replay line of a run with $flags is a command that reproduces its counterexample as printed', ({ flags, carried, property }) => {
  const run = runCli(['fuzz', '--tools', tools, '--validator', validator, '--runs', '50', ...flags, '--seed', '1', '--tool', 'get_forecast', '--property', property])
  expect(run.code, run.stderr).toBe(1)
  const [found, ...more] = replays(run.stdout)
  expect(more).toEqual([])
  expect(found!.command).toMatch(new RegExp(`^npx toolgauge fuzz --tools examples/fuzz/tools\\.json --validator 'examples/fuzz/validate\\.ts#coercingValidateArgs' ${escapeRegExp(carried)} --seed 1 --tool get_forecast --property ${property} --path [\\d:]+$`))
  const replayed = inShell(found!.command)
  expect(replayed.code, replayed.stderr).toBe(1)
  expect(replays(replayed.stdout).map((entry) => entry.counterexample)).toEqual([found!.counterexample])
})

it('a tools file whose path a shell would split is one quoted word in the replay line', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'toolgauge-fuzz-')), 'my tools')
  mkdirSync(dir)
  copyFileSync(join(projectRoot, tools), join(dir, 'tools.json'))
  const run = runCli(['fuzz', '--tools', join(dir, 'tools.json'), '--validator', validator, '--runs', '30', '--seed', '1', '--tool', 'get_forecast', '--property', 'rejection'])
  expect(run.code, run.stderr).toBe(1)
  const [first] = replays(run.stdout)
  expect(first!.command).toContain(`--tools '${join(dir, 'tools.json')}' `)
  const replayed = inShell(first!.command)
  expect(replayed.code, replayed.stderr).toBe(1)
  expect(replays(replayed.stdout).map((entry) => entry.counterexample)).toEqual([first!.counterexample])
})

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
