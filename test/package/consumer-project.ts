// Builds a fresh consumer project around the packed tarball, installed offline: the dependencies come from the npm
// cache that `npm ci` filled, pinned by a lock made from toolgauge's own (so no registry request is needed).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../helpers/shared-data.ts'

type LockEntry = { version: string; resolved?: string; integrity?: string; dev?: boolean; [key: string]: unknown }

/** The environment for child npm/node processes: without the npm_* variables of the `npm test` that started us. */
export function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
}

/** Runs a command, failing with its output when it exits non-zero (unless `allowFailure`). */
export function sh(command: string, args: readonly string[], cwd: string, allowFailure = false): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env: childEnv(), encoding: 'utf8', timeout: 300_000 })
  if (!allowFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`)
  }
  return result
}

/**
 * Turns `npm init -y`'s folder into a project depending on the tarball plus TypeScript and @types/node (for the
 * type check), with a package-lock.json that npm ci can install with --offline.
 */
export function writeConsumerProject(dir: string, tarball: string): void {
  const own = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string>; engines: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> }
  const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
  const registry = sh('npm', ['config', 'get', 'registry'], dir).stdout.trim().replace(/\/?$/, '/')
  const dependencies = {
    toolgauge: `file:${tarball}`,
    typescript: own.devDependencies.typescript!,
    '@types/node': own.devDependencies['@types/node']!,
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>
  const packages: Record<string, unknown> = {
    '': { name: manifest.name, version: manifest.version, dependencies },
    'node_modules/toolgauge': {
      version: own.version,
      resolved: `file:${tarball}`,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      dependencies: own.dependencies,
      bin: own.bin,
      engines: own.engines,
    },
  }
  // toolgauge's production tree is exactly the non-dev part of its own lock, hoisted the same way.
  const wanted = (path: string, entry: LockEntry) => path !== '' && (!entry.dev || ['node_modules/typescript', 'node_modules/@types/node', 'node_modules/undici-types'].includes(path))
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!wanted(path, entry)) continue
    const { dev: _dev, ...rest } = entry
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    // The lock omits registry URLs (omit-lockfile-registry-resolved); an offline install needs them to find the cache.
    packages[path] = { ...rest, resolved: rest.resolved ?? `${registry}${name}/-/${name.split('/').pop()}-${rest.version}.tgz` }
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, dependencies }, null, 2))
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages }, null, 2))
}
