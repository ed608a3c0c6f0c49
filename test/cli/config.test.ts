import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { gatesFromConfig } from '../../src/config/load-config.ts'
import { runCli, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const suites = resolve(projectRoot, 'suites/banking')

describe('toolgauge.config.yaml', () => {
  it('supplies suites, models, output and gates; gates decide the exit code and are listed', () => {
    const dir = tempFiles({
      'toolgauge.config.yaml': [
        `suites: [${suites}]`,
        'models: [baseline]',
        'out: out',
        'format: [md]',
        'gates:',
        '  min_accuracy: 0.5',
        '  max_hallucinated_tool_rate: 0',
        '  models:',
        '    baseline: { min_accuracy: 0.99 }',
      ].join('\n'),
    })
    const result = runCli(['run'], { cwd: dir })
    expect(result.code, result.stderr).toBe(1)
    expect(result.stdout).toMatch(/✗ min-accuracy \[baseline\]: 0\.909 \(threshold 0\.99\)/)
    expect(result.stdout).toMatch(/✓ max-hallucinated-tool-rate \[baseline\]/)
    const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as Report
    expect(report.gates).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'min-accuracy', threshold: 0.99, passed: false })]))
    expect(readFileSync(join(dir, 'out/report.md'), 'utf8')).toContain('min-accuracy')
    // A flag wins over the config's general gate, but the per-model override stays.
    const lenient = runCli(['run', '--min-accuracy', '0.1', '--config', 'toolgauge.config.yaml'], { cwd: dir })
    expect(lenient.code).toBe(1)
  })

  it('gives general gates to every model without its own value', () => {
    const gates = gatesFromConfig({ min_accuracy: 0.8, models: { a: { min_accuracy: 0.9 } } })
    expect(gates).toEqual([
      { type: 'min-accuracy', threshold: 0.9, model: 'a' },
      { type: 'min-accuracy', threshold: 0.8, exceptModels: ['a'] },
    ])
  })

  it('per-model provider settings reach the provider (here: which env var holds the key)', () => {
    const dir = tempFiles({ 'toolgauge.config.yaml': 'providers:\n  "anthropic:claude-haiku-4-5": { api_key_env: TEAM_ANTHROPIC_KEY, max_concurrency: 2 }\n' })
    const result = runCli(['run', suites, '--model', 'anthropic:claude-haiku-4-5'], { cwd: dir, env: { ANTHROPIC_API_KEY: undefined, TEAM_ANTHROPIC_KEY: undefined } })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('set TEAM_ANTHROPIC_KEY')
  })

  it('a bad config is exit 2 naming the file, line and field', () => {
    const dir = tempFiles({ 'toolgauge.config.yaml': 'models: [baseline]\ngates:\n  min_acuracy: 0.5\n' })
    const result = runCli(['run', suites], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('toolgauge.config.yaml:3')
    expect(result.stderr).toContain('gates.min_acuracy')
  })
})

