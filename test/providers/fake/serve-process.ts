import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ProviderKind } from './harness.ts'

const runTs = fileURLToPath(new URL('../../../bin/run-ts.mjs', import.meta.url))
const serveTs = fileURLToPath(new URL('./serve.ts', import.meta.url))

/** A fake API running in a child process. */
export type ServerProcess = { readonly origin: string; readonly child: ChildProcess; stop(): Promise<string> }

/** Starts `serve.ts` in a child process and waits for its origin; `stop()` returns what it wrote to stderr. */
export async function startServerProcess(kind: ProviderKind, latencyMs = 0, faults = false): Promise<ServerProcess> {
  const child = spawn(process.execPath, [runTs, serveTs, kind, String(latencyMs), faults ? 'faults' : ''], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines = createInterface({ input: child.stdout! })
  const [line] = (await once(lines, 'line')) as [string]
  const { origin } = JSON.parse(line) as { origin: string }
  return {
    origin,
    child,
    async stop() {
      const exited = once(child, 'exit')
      child.stdin!.end()
      await exited
      return stderr
    },
  }
}
