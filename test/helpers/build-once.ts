import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './shared-data.ts'

/** The newest modification time under a folder (sources only change by editing files). */
function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/**
 * Makes sure dist/ is built from the current sources, for the tests that use the package as users get it (the
 * consumer smoke test, examples/vitest). Test files run in parallel workers: a lock folder lets one build while
 * the others wait, and a build newer than every source file is kept (CI's `npm ci` has just built it).
 */
export function buildOnce(): void {
  const lock = join(projectRoot, 'node_modules/.toolgauge-build-lock')
  const deadline = Date.now() + 600_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}; remove it if no build is running`)
      execFileSync('sleep', ['0.5'])
    }
  }
  try {
    const built = join(projectRoot, 'dist/index.js')
    const sources = Math.max(newestMtime(join(projectRoot, 'src')), statSync(join(projectRoot, 'package.json')).mtimeMs)
    if (!existsSync(built) || statSync(built).mtimeMs < sources) execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'pipe' })
  } finally {
    rmdirSync(lock)
  }
}
