// Where a provider's page says its key and host come from is what credentials.ts reads: every variable of its
// row there, and the run-wide `--base-url` / `--api-key-env` only as openai-compatible:'s (a run of other models
// refuses them, exit 2). docs/providers/google.md once listed `--base-url` as a Gemini host.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { credentialDefaults } from '../../src/providers/runtime/credentials.ts'
import { projectRoot } from '../helpers/shared-data.ts'

/** Each hosted provider (openai-compatible: reads no variable) with the variables it reads. */
const hosted = Object.entries(credentialDefaults).flatMap(([prefix, defaults]) => ('baseUrlEnv' in defaults ? [[prefix, [...defaults.apiKeyEnvs, defaults.baseUrlEnv]] as const] : []))

it.each(hosted)('docs/providers/%s.md names the variables the provider reads, and the run-wide flags as openai-compatible:\'s only', (prefix, variables) => {
  const page = readFileSync(join(projectRoot, `docs/providers/${prefix}.md`), 'utf8')
  for (const variable of variables) expect(page, variable).toContain(`\`${variable}\``)
  const runWide = page.split('\n').filter((line) => /--base-url|--api-key-env/.test(line))
  expect(runWide.filter((line) => !/for `openai-compatible:` models only/.test(line))).toEqual([])
})

it("README's Providers table gives each provider the variables it reads", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  for (const [prefix, variables] of hosted) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${prefix}:<model>\` |`))
    expect(row, prefix).toBeDefined()
    for (const variable of variables) expect(row, `${prefix} ${variable}`).toContain(`\`${variable}\``)
  }
})
