import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, vi } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { projectRoot } from './shared-data.ts'

/** Runs the real CLI (bin/toolgauge.mjs) in a child process and returns its exit code and output. */
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), ...args], {
    cwd: options.cwd ?? projectRoot,
    env: Object.fromEntries(Object.entries({ ...process.env, CI: 'true', ...options.env }).filter(([, value]) => value !== undefined)),
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/**
 * Runs vitest (`vitestRoot`'s node_modules copy) in a child process in `cwd`, with the parent's vitest variables
 * unset so the child is a run of its own, not a worker of this one.
 */
export function runVitest(args: readonly string[], options: { cwd: string; vitestRoot?: string; env?: Record<string, string | undefined>; timeout?: number }) {
  return spawnSync(process.execPath, [join(options.vitestRoot ?? projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    env: { ...process.env, ...options.env, CI: 'true', NO_COLOR: '1', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, NODE_ENV: undefined } as NodeJS.ProcessEnv,
    timeout: options.timeout ?? 120_000,
  })
}

/** Bad input stops before any model call: exit 2, every fragment (file, line, field, expectation) in stderr, no stack trace. */
export function expectInputError(result: ReturnType<typeof runCli>, ...fragments: string[]): void {
  expect(result.code, result.stderr).toBe(2)
  for (const fragment of fragments) expect(result.stderr).toContain(fragment)
  expect(result.stderr).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/)
}

/** Writes files (path → content) into a fresh temporary folder and returns it. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-test-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

/** What `work` wrote on stderr (not shown). */
export async function stderrOf(work: () => Promise<unknown>): Promise<string> {
  let stderr = ''
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { stderr += String(chunk); return true })
  try {
    await work()
  } finally {
    spy.mockRestore()
  }
  return stderr
}

/** Runs the CLI in-process (faster than a child process, same exit codes), capturing stdout and stderr. */
export async function runMain(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => { stdout += String(chunk); return true })
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { stderr += String(chunk); return true })
  try {
    return { code: await main(argv), stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}
