// The CLI runs with Node's defaults (issue 23): V8 flags changed after start-up are undefined behaviour by Node's
// own documentation, and a speed-up they buy is the user's to choose (`node --interrupt-budget=… toolgauge …`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

describe('src/ sets no V8 flag at run time', () => {
  it('never calls v8.setFlagsFromString', () => {
    const offenders = sources(root).filter((file) => /setFlagsFromString/.test(readFileSync(file, 'utf8')))
    expect(offenders.map((file) => file.slice(root.length + 1))).toEqual([])
  })
})
