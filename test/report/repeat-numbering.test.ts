import { describe, expect, it } from 'vitest'
import { toHtml } from '../../src/report/html/page.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'
import { runCli, tempFiles } from '../helpers/cli.ts'

// The second run of a case (repeat index 1 in report.json) is "#2" to people, in every output.
const results = repeats('flaky', 1, 2)
const report = reportOf(results, {}, {})
const withRepeat = { ...report, run: { ...report.run, repeat: 2 } }

describe('repeats are numbered the same way everywhere', () => {
  it('show, Markdown, JUnit and HTML call the failing second run #2', () => {
    const second = results[1]!
    const show = formatTranscript(second, { repeated: true })
    expect(show).toContain('[model-a] #2')
    const first = formatTranscript(results[0]!, { repeated: true })
    expect(first).toContain('[model-a] #1')
    expect(toMarkdown(withRepeat)).toMatch(/`flaky` \| #2 \|/)
    expect(toJunit(withRepeat)).toContain('name="flaky [model-a] #2"')
    expect(toHtml(withRepeat)).toMatch(/#2 ·/)
    for (const text of [show, toMarkdown(withRepeat), toJunit(withRepeat)]) expect(text).not.toMatch(/repeat 1\b|Repeat 2/)
  })

  it("run's list of failing cases says #2 for the second repeat, as show does", () => {
    const tools = JSON.stringify([{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }])
    const call = '      - tool_calls: [{ name: get_weather, arguments: { city: Paris } }]\n'
    const dir = tempFiles({
      'tools.json': tools,
      'suite.yaml': 'name: w\ntools: ./tools.json\ncases:\n  - id: flaky\n    prompt: Paris?\n    expect:\n      calls:\n        - name: get_weather\n',
      'script.yaml': `flaky:\n  repeats:\n    -\n${call}    -\n      - content: no call\n`,
    })
    const run = runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--repeat', '2', '--out', 'out'], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('w/flaky [scripted:script.yaml] #2 ')
    const show = runCli(['show', 'out/report.json'], { cwd: dir })
    expect(show.stdout).toContain('w/flaky  [scripted:script.yaml] #2')
  })
})
