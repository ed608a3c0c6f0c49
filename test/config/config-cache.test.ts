import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load-config.ts'
import { readDocument } from '../../src/io/read-document.ts'
import { tempFiles } from '../helpers/cli.ts'

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => { const path = join(dir, name); return statSync(path).isDirectory() ? filesUnder(path) : [path] })
}

it("a YAML config's secrets: values are not copied into the user cache", async () => {
  const dir = tempFiles({ 'toolgauge.config.yaml': 'secrets: [hunter2-config-secret]\n', 'other.yaml': 'name: other\n' })
  const saved = process.env.XDG_CACHE_HOME
  process.env.XDG_CACHE_HOME = join(dir, 'cache')
  try {
    const loaded = await loadConfig(undefined, dir)
    expect(loaded?.config.secrets).toEqual(['hunter2-config-secret'])
    // The cache is in use (another YAML file's value is kept there), only the config is not in it.
    readDocument(join(dir, 'other.yaml'))
    const cached = filesUnder(join(dir, 'cache'))
    expect(cached).toHaveLength(1)
    expect(cached.filter((file) => readFileSync(file).includes('hunter2-config-secret'))).toEqual([])
  } finally {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME
    else process.env.XDG_CACHE_HOME = saved
  }
})
