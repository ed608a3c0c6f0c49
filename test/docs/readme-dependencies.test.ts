// README "How big it is" says what each dependency is for: its table names every dependency package.json lists,
// and nothing else.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../helpers/shared-data.ts'

it("the README's dependency table names each of package.json's dependencies once, and only them", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const { dependencies } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const section = readme.slice(readme.indexOf('**How big it is.**'), readme.indexOf('\n\n', readme.indexOf('| dependency | for |')))
  const named = section.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => line.split(' | ')[0]!.match(/`[^`]+`/g) ?? []).map((name) => name.slice(1, -1))
  expect([...named].sort()).toEqual(Object.keys(dependencies).sort())
})

// The README's Node.js requirements are package.json's `engines` for the package, and the floor of vite's (the
// dev dependency vitest runs on) for working on toolgauge: a bump of either shows here.
it("the README's Node.js versions are package.json's engines and, for npm test, the installed vite's", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const own = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { engines: { node: string } }
  const vite = JSON.parse(readFileSync(join(projectRoot, 'node_modules/vite/package.json'), 'utf8')) as { engines: { node: string } }
  expect(own.engines.node).toMatch(/^>=\d+\.\d+$/)
  expect(readme).toContain(`Requires Node.js ≥ ${own.engines.node.slice(2)} (package.json \`engines\`)`)
  const floor = /^\^(\d+\.\d+)\.0 \|\|/.exec(vite.engines.node)
  expect(floor, vite.engines.node).not.toBeNull()
  expect(readme).toContain(`Working on toolgauge itself needs Node.js ≥ ${floor![1]}`)
  expect(readme).toContain(`whose \`engines\` say \`${vite.engines.node}\``)
})
