// Issue 24, end to end: a conversation suite run through the CLI — the console table's conversation columns, `show`
// by user message with the state diff, the HTML, Markdown and JUnit views — from a real run's report.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'

const shop = 'test/vitest/fixtures/shop/suite.yaml'

async function run(script: string) {
  const out = mkdtempSync(join(tmpdir(), 'tg-conv-run-'))
  const outcome = await runMain(['run', shop, '--model', `scripted:test/vitest/fixtures/shop/${script}`, '--out', out, '--format', 'junit,md,html'])
  return { out, ...outcome }
}

describe('a conversation run, end to end', () => {
  it('the console table shows turns, tasks, state match, calls/case and repeated calls', async () => {
    const { code, stdout, stderr } = await run('scripted.yaml')
    expect(code, stderr).toBe(0)
    const head = stdout.split('\n').find((line) => line.includes('turns')) ?? ''
    expect(head).toMatch(/accuracy.*turns.*tasks.*state match.*calls\/case.*repeated calls/)
    const row = stdout.split('\n').find((line) => line.includes('scripted:')) ?? ''
    // 4 messages, all passed; 2 tasks; 1 state check, matched; 3 calls over 2 cases; none repeated.
    expect(row).toMatch(/100\.0%\s*│\s*100\.0%\s*│\s*100\.0%\s*│\s*100\.0%\s*│\s*1\.5\s*│\s*0\.0%/)
  })

  it('a failing reply: show, HTML, Markdown and JUnit name its message, with the state after it and the diff', async () => {
    const { out, code, stdout } = await run('scripted-failing.yaml')
    expect(code).toBe(1)
    // The run's list of failing cases says which message's reply failed (1-based).
    expect(stdout).toMatch(/✗ shop\/return-broken \[scripted:[^\]]+\] message 2: wrong_argument_value: /)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { summary: { turns: number; tasks: number; stateMatch: number }[] }
    expect(report.summary[0]).toMatchObject({ turns: 3 / 4, tasks: 1 / 2, stateMatch: 0 })
    const shown = await runMain(['show', out])
    expect(shown.stdout).toContain('━━ message 2 of 3 ✗')
    expect(shown.stdout).toContain('user: It arrived broken.')
    expect(shown.stdout).toMatch(/state_mismatch the state differs at 1 path\n {6}orders\.O-1\.status: expected "return_requested", got "delivered"/)
    // The failed return changed nothing: the world after message 2 is the world after message 1.
    expect(shown.stdout).toContain('state after message 2: unchanged')
    expect(shown.stdout).toContain('initial state: {"orders":{"O-1":{"status":"delivered","total":40}},"returns":[]}')
    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html).toContain('<section class="message failed" data-message="2">')
    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    expect(markdown).toContain('### Conversations')
    expect(markdown).toMatch(/message 2: /)
    const junit = readFileSync(join(out, 'report.xml'), 'utf8')
    expect(junit).toContain('  message 2: &quot;It arrived broken.&quot;')
    expect(junit).toContain('failed: ')
  })
})
