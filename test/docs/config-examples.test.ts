// Every toolgauge.config.yaml the user docs show — a block headed `# toolgauge.config.yaml` or starting with a
// config key (models, gates, prices, lint, providers) — loads as a config file: each key it shows is a real key,
// written as the loader takes it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load-config.ts'
import { tempFiles } from '../helpers/cli.ts'
import { userDocs } from '../helpers/doc-commands.ts'
import { projectRoot } from '../helpers/shared-data.ts'

/** The config blocks of the user docs, by file. */
function configBlocks(): { file: string; block: string }[] {
  return userDocs().flatMap((file) => [...readFileSync(join(projectRoot, file), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => ({ file, block: match[1]! }))
    .filter(({ block }) => /^(# toolgauge\.config\.yaml|(models|gates|prices|lint|providers):)/.test(block)))
}

describe('the config examples of the docs', () => {
  it('finds them in README.md, docs/ci.md, lint-tools.md, pricing.md and the provider pages', () => {
    const files = new Set(configBlocks().map((entry) => entry.file))
    for (const file of ['README.md', 'docs/ci.md', 'docs/lint-tools.md', 'docs/pricing.md', 'docs/providers/index.md', 'docs/providers/openai-compatible.md']) expect(files).toContain(file)
  })

  it.each(configBlocks().map((entry) => [`${entry.file}: ${entry.block.split('\n')[0]}`, entry] as const))('%s loads', async (_name, { block }) => {
    const dir = tempFiles({ 'toolgauge.config.yaml': block })
    const loaded = await loadConfig(join(dir, 'toolgauge.config.yaml'))
    expect(loaded).toBeDefined()
    // Not a loader that takes anything: the same block with a misspelt key is refused.
    writeFileSync(join(dir, 'toolgauge.config.yaml'), `${block}\nmodles: [baseline]\n`)
    await expect(loadConfig(join(dir, 'toolgauge.config.yaml'))).rejects.toThrow(/modles/)
  })
})
