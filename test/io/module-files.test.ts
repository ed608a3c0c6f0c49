// The files a user module runs (io/module-files.ts), what --resume fingerprints: a module naming only Node's
// built-ins and toolgauge is itself alone (esbuild is not started for it); anything else is esbuild's to resolve.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleDigest } from '../../src/io/module-files.ts'
import { tempFiles } from '../helpers/cli.ts'

/** The local files the module runs, as its digest covers them. */
async function moduleFiles(file: string): Promise<string[]> {
  return [...(await moduleDigest(file)).files()?.keys() ?? []].sort()
}

describe('moduleFiles', () => {
  const dir = tempFiles({
    'alone.ts': "import { join } from 'node:path'\nimport type { WorldFactory } from 'toolgauge'\nimport fs from 'fs'\nexport const f = () => join('/a', 'b') + fs.constants.F_OK\n",
    'local.mjs': "import { join } from 'node:path'\nimport { sky } from './lib/sky.mjs'\nexport const f = () => join(sky, 'x')\n",
    'lib/sky.mjs': "export const sky = 'blue'\n",
    'lazy.mjs': "export async function f(name) { return (await import(`./lib/${name}.mjs`)).sky }\n",
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['lib/*'] } } }),
    'aliased.ts': "import { sky } from '@lib/sky.mjs'\nexport const f = () => sky\n",
  })

  it('is the module alone when it names only built-ins and toolgauge', async () => {
    expect(await moduleFiles(join(dir, 'alone.ts'))).toEqual([join(dir, 'alone.ts')])
  })

  it('lists a relative import, a template import() and a tsconfig paths alias (esbuild resolves them)', async () => {
    const both = [join(dir, 'lib/sky.mjs')]
    expect(await moduleFiles(join(dir, 'local.mjs'))).toEqual([...both, join(dir, 'local.mjs')].sort())
    expect(await moduleFiles(join(dir, 'lazy.mjs'))).toEqual([...both, join(dir, 'lazy.mjs')].sort())
    expect(await moduleFiles(join(dir, 'aliased.ts'))).toEqual([join(dir, 'aliased.ts'), ...both].sort())
  })
})
