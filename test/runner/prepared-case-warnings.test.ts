// A model's `checkCases` may warn about the cases it is given (a scripted model: script keys that name no case of
// the suite). `toolgauge run` says those warnings; `runCase` and `describeSuite`, which prepare their cases through
// `prepareCases`, asked the same check and dropped what it returned. They now print each on stderr (neither takes an
// onWarning, as a run without one prints), once per process: `runCase` is called once per case.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { runVitest, stderrOf, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { twoCityCases, twoCityScript, weatherToolsJson } from '../helpers/two-city-suite.ts'

afterEach(() => vi.restoreAllMocks())

/** The two-city suite with a script that also has a key for no case (`berlni`). */
function suiteDir(): string {
  return tempFiles({
    'tools.json': weatherToolsJson,
    'suite.yaml': ['name: warned', 'tools: ./tools.json', ...twoCityCases].join('\n'),
    'script.yaml': [twoCityScript, 'berlni:', '  - content: Warm.'].join('\n'),
  })
}

describe('the warnings of checkCases outside a run', () => {
  it('runCase prints a caller\'s provider\'s warnings on stderr, each once per process', async () => {
    const dir = suiteDir()
    const provider: Provider = {
      id: 'mine',
      checkCases: (cases) => [`mine has no fixture for ${cases.map((ref) => ref.id).join(', ')}`, 'mine runs offline'],
      doGenerate: () => Promise.resolve({ text: 'Cold.', toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 }),
    }
    const stderr = await stderrOf(async () => {
      await runCase({ suite: join(dir, 'suite.yaml'), case: 'oslo', model: provider })
      await runCase({ suite: join(dir, 'suite.yaml'), case: 'paris', model: provider })
    })
    expect(stderr.split('\n').filter((line) => line.startsWith('warning: '))).toEqual(['warning: mine has no fixture for oslo', 'warning: mine runs offline', 'warning: mine has no fixture for paris'])
  })

  it('runCase of a scripted model says its script key for no case of the suite, as a run does', async () => {
    const dir = suiteDir()
    const stderr = await stderrOf(() => runCase({ suite: join(dir, 'suite.yaml'), case: 'oslo', model: `scripted:${join(dir, 'script.yaml')}` }))
    expect(stderr).toContain('1 script key names no case of the suites and will never be used: "berlni"')
  })

  it('describeSuite prints them while collecting', { timeout: 120_000 }, () => {
    const dir = suiteDir()
    writeFileSync(join(dir, 'warned.test.ts'), [
      `import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}`,
      `describeSuite(${JSON.stringify(join(dir, 'suite.yaml'))}, { model: ${JSON.stringify(`scripted:${join(dir, 'script.yaml')}`)}, concurrency: 1 })`,
    ].join('\n'))
    const child = runVitest(['--root', dir], { cwd: dir })
    expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(0)
    expect(`${child.stdout}\n${child.stderr}`).toContain('1 script key names no case of the suites and will never be used: "berlni"')
  })
})
