import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The build script and the bench children are plain .mjs importing dist/ by name; no type-check sees them, so a name
// made module-private in src/ broke `npm run build` (and with it `npm ci`) unnoticed. This reads those imports and
// checks each name is still exported by the source file dist/ is built from.
const root = fileURLToPath(new URL('../..', import.meta.url))
const importPattern = /(?:import\s*\{([^}]*)\}\s*from|const\s*\{([^}]*)\}\s*=\s*await\s+import\()\s*'\.\.\/dist\/([\w/.-]+)\.js'/g

/** Every `{ names } … '../dist/<module>.js'` of the plain-JS files in a folder. */
function distImports(folder: string): { file: string; module: string; names: string[] }[] {
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.mjs'))
    .flatMap((name) => {
      const text = readFileSync(join(root, folder, name), 'utf8')
      return [...text.matchAll(importPattern)].map(([, staticNames, dynamicNames, module]) => ({
        file: `${folder}/${name}`,
        module: module!,
        names: (staticNames ?? dynamicNames ?? '').split(',').map((part) => part.trim().split(/\s+as\s+|\s*:\s*/)[0]!).filter(Boolean),
      }))
    })
}

function exportsName(source: string, name: string): boolean {
  const declared = new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?|const|let|class|type|interface)\\s+${name}\\b`)
  const listed = new RegExp(`export\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}`)
  return declared.test(source) || listed.test(source)
}

describe('plain-JS files importing dist/', () => {
  const imports = [...distImports('scripts'), ...distImports('bench')]

  it('are found (the pattern still matches how they import)', () => {
    expect(imports.map((entry) => entry.file)).toContain('scripts/build-suite-validator.mjs')
  })

  it('import only names the source files export', () => {
    const missing = imports.flatMap(({ file, module, names }) => {
      const source = readFileSync(join(root, 'src', `${module}.ts`), 'utf8')
      return names.filter((name) => !exportsName(source, name)).map((name) => `${file}: ${name} from src/${module}.ts`)
    })
    expect(missing).toEqual([])
  })
})
