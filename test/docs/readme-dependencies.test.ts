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
