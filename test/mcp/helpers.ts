import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isAlive } from '../../src/mcp/session.ts'

const require = createRequire(import.meta.url)

/** The installed entry point of an npm MCP server package (run with node: no npx, no network). */
export function serverBin(pkg: '@modelcontextprotocol/server-memory' | '@modelcontextprotocol/server-filesystem'): string {
  const manifest = require.resolve(`${pkg}/package.json`)
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin
  return join(dirname(manifest), Object.values(bin)[0] as string)
}

/** A fixture server script of this folder. */
export const fixture = (name: string): string => join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name)

/** The pids fixture servers wrote to their PID_FILE. */
export function pidsIn(file: string): number[] {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number) : []
}

/** The pids still running among `pids` (every server must be gone when a run or command ends). */
export function alive(pids: readonly number[]): number[] {
  return pids.filter((pid) => isAlive(pid))
}

/** JSON for embedding a string in a YAML suite. */
export const q = (value: string): string => JSON.stringify(value)
