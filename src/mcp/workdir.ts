import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { workdirPlaceholder, type McpServerSpec, type McpTransportSpec } from './server-spec.ts'

/** A server's transport with `${WORKDIR}` filled in, and how to remove the working copy afterwards. */
export type PreparedTransport = { readonly transport: McpTransportSpec; dispose(): void }

/** Whether a stdio server runs in a working folder of its own: `workdir:` given, or `${WORKDIR}` named (an empty folder then). */
export function usesWorkdir(spec: McpServerSpec): boolean {
  const transport = spec.transport
  if (transport.type !== 'stdio') return false
  return spec.workdir !== undefined || [...transport.args, ...Object.values(transport.env), transport.cwd ?? ''].some((text) => text.includes(workdirPlaceholder))
}

/**
 * Gives a stdio server its own working folder when the entry asks for one: a fresh copy of `workdir:` (or an
 * empty folder when only `${WORKDIR}` is used), removed when the server closes — so one case's writes never
 * reach the next case or the user's fixtures. The server runs in the copy unless `cwd:` says otherwise.
 */
export function prepareTransport(spec: McpServerSpec): PreparedTransport {
  const transport = spec.transport
  if (transport.type !== 'stdio' || !usesWorkdir(spec)) return { transport, dispose() {} }
  const folder = mkdtempSync(join(tmpdir(), 'toolgauge-mcp-'))
  if (spec.workdir) cpSync(spec.workdir, folder, { recursive: true })
  const fill = (text: string) => text.split(workdirPlaceholder).join(folder)
  return {
    transport: {
      ...transport,
      args: transport.args.map(fill),
      env: Object.fromEntries(Object.entries(transport.env).map(([key, value]) => [key, fill(value)])),
      cwd: transport.cwd ? fill(transport.cwd) : folder,
    },
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  }
}
