// README "Failure kinds" is where a newcomer reads what results[].failures[].kind means: its table names every kind
// the scorer can write, once each, and no other — failure kinds are a user contract (core/result.ts failureKinds).
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { failureKinds } from '../../src/core/result.ts'

it('README "Failure kinds" has one row per failure kind', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Failure kinds\n'), readme.indexOf('\n## Report metrics\n'))
  const rows = section.split('\n').flatMap((line) => /^\| `([a-z_]+)` \|/.exec(line)?.[1] ?? [])
  expect(rows.length).toBe(new Set(rows).size)
  expect([...rows].sort()).toEqual([...failureKinds].sort())
})
