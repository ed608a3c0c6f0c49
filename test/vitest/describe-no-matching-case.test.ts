import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

// describeSuite's `cases` option matching no case of the suite is bad input, as a case id runCase lacks is: an
// InputError naming the option and the closest case id. A collection error fails its whole file, so the suite is
// described in a child vitest.
const suiteYaml = ['name: weather', 'cases:', '  - { id: current-paris, prompt: Weather in Paris? }', '  - { id: forecast-days, prompt: Forecast? }'].join('\n')

describe('describeSuite with cases that match nothing', () => {
  it('fails collecting with an InputError naming the option and the closest case id; no test runs', () => {
    const dir = tempFiles({ 'suite.yaml': suiteYaml })
    writeFileSync(join(dir, 'typo.test.ts'), [
      `import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}`,
      `describeSuite(${JSON.stringify(join(dir, 'suite.yaml'))}, { model: 'baseline', cases: ['curent-paris'] })`,
    ].join('\n'))
    const child = runVitest(['--root', dir, '--reporter=json', '--reporter=default', '--outputFile.json=out.json'], { cwd: dir })
    expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
    const output = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { message: string; assertionResults: unknown[] }[] }
    expect(output.testResults).toHaveLength(1)
    // The default reporter names the error's class.
    expect(child.stdout + child.stderr).toContain('InputError: describeSuite options.cases:')
    expect(output.testResults[0]!.message).toContain('describeSuite options.cases: no case of suite "weather" matches "curent-paris" (did you mean "current-paris"?)')
    expect(output.testResults[0]!.assertionResults).toEqual([])
  })
})
