// vitest's watch mode runs a describeSuite file again in the worker that ran it (isolate: false: one process, so
// toolgauge's loaded modules stay): each rerun must load the hooks file as it is on disk — the edit, then a syntax
// error (the file's tests are not collected, vitest says the InputError), then the fix — never a copy kept from an
// earlier run. vitest runs in a child, driven through its Node API (a rerun per edit, as pressing `r` asks).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { twoCityCases, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const hooks = (body: string) => `export const afterToolCall = () => ({ result: { hook: ${body} } })\n`

const watch = `
import { writeFileSync } from 'node:fs'
import { createVitest } from ${JSON.stringify(join(projectRoot, 'node_modules/vitest/dist/node.js'))}
const vitest = await createVitest('test', { root: process.cwd(), watch: true, config: false, include: ['hooked.test.ts'], isolate: false, reporters: [] })
// Per test, its hook's answer; a file whose tests were not collected says why.
const said = ({ testModules }) => testModules.flatMap((module) => {
  const tests = [...module.children.allTests()]
  if (tests.length === 0) return module.errors().map((error) => 'not collected: ' + error.message)
  return tests.map((test) => test.meta().toolgauge?.result.turns[0].toolResults[0].content ?? test.result().state)
})
const answers = [said(await vitest.start())]
for (const text of ${JSON.stringify([hooks("'two'"), hooks("'three'").replace(' })\n', '\n'), hooks("'four'")])}) {
  writeFileSync('hooks.ts', text)
  answers.push(said(await vitest.rerunTestSpecifications(await vitest.getRelevantTestSpecifications())))
}
await vitest.close()
// A run that was not collected set vitest's failure code: what the runs said is the answer here.
process.exitCode = 0
console.log('ANSWERS' + JSON.stringify(answers))
`

describe('describeSuite rerun by vitest watch in one worker', () => {
  it('each rerun runs the hooks file on disk: an edit, a syntax error said as such, its fix', () => {
    const dir = tempFiles({
      'tools.json': tools, 'hooks.ts': hooks("'one'"), 'watch.mjs': watch,
      'suite.yaml': ['name: watched', 'tools: ./tools.json', 'hooks: ./hooks.ts', 'stubs:', '  get_weather: [{ result: { sky: clear } }]', twoCityCases[0]!, twoCityCases[2]!].join('\n'),
      'script.yaml': ['paris:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]', '  - content: Clear.'].join('\n'),
      'hooked.test.ts': `import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}\ndescribeSuite('suite.yaml', { model: 'scripted:script.yaml', concurrency: 1 })\n`,
    })
    const child = spawnSync(process.execPath, [join(dir, 'watch.mjs')], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true', NO_COLOR: '1', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, NODE_ENV: undefined } })
    expect(child.status, child.stderr).toBe(0)
    const answers = JSON.parse(/ANSWERS(.*)/.exec(child.stdout)?.[1] ?? 'null') as string[][]
    expect(answers).toEqual([
      ['{"hook":"one"}'],
      ['{"hook":"two"}'],
      [`not collected: ${join(dir, 'hooks.ts')}:2: syntax error: Expected "}" but found end of file (column 1) (loaded for hooks)`],
      ['{"hook":"four"}'],
    ])
  })
})
