import { closeSync, openSync, readSync } from 'node:fs'
import { extname, isAbsolute, resolve, sep } from 'node:path'
import { isFile } from '../io/is-file.ts'
import type { McpServerSpec } from './server-spec.ts'
import { workdirPlaceholder } from './server-spec.ts'
import { usesWorkdir } from './workdir.ts'

/** A local file a stdio server's command line names: the word as given, its path, and whether Node runs it as a module. */
export type ServerFile = { readonly word: string; readonly path: string; readonly module: boolean }

/** Files Node (or jiti) runs as JavaScript: their imports are followed (io/module-files.ts). */
const moduleExtensions = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx'])

/**
 * The local files a stdio server's command line names — `node ./server.mjs`, `python server.py --db data.json`,
 * `command: ./server.mjs` — resolved as the spawn resolves them: against the server's working directory (`cwd:`,
 * the copy of `workdir:` it runs in, or toolgauge's own), `${WORKDIR}` standing for `workdir:` (its copy holds the
 * same files). What decides the server's answers beyond its command line, so what `--resume` must see change.
 * Not named here: a command found on PATH or an interpreter given by its path (`node`, `/usr/bin/python3`: not the
 * suite's code), folders (`--root ./data`), a path inside another word (`--db=./x.json`), files in node_modules (the
 * lockfile versions them) and the files a server opens at run time by itself. An HTTP server has none.
 */
export function serverFiles(spec: McpServerSpec): ServerFile[] {
  const transport = spec.transport
  if (transport.type !== 'stdio') return []
  // Without `workdir:`, `${WORKDIR}` is a fresh empty folder: nothing under it exists yet.
  const fill = (text: string): string | undefined => (!text.includes(workdirPlaceholder) ? text : spec.workdir !== undefined ? text.split(workdirPlaceholder).join(spec.workdir) : undefined)
  const folder = transport.cwd !== undefined ? fill(transport.cwd) : usesWorkdir(spec) ? spec.workdir : process.cwd()
  const named = (word: string): ServerFile | undefined => {
    const filled = fill(word)
    const path = filled === undefined ? undefined : isAbsolute(filled) ? filled : folder !== undefined ? resolve(folder, filled) : undefined
    if (path === undefined || path.split(sep).includes('node_modules') || !isFile(path)) return undefined
    return { word, path, module: moduleExtensions.has(extname(path)) }
  }
  // The command counts as the suite's code only as a script given by its path (`./server.mjs`, `./server.sh`,
  // `./server.py`): a bare name is looked up on PATH, and a binary (`/usr/bin/python3`) is the machine's. A command
  // that is not JavaScript runs as a script only with a `#!` line (the kernel execs nothing else but a binary).
  const command = /[\\/]/.test(transport.command) ? named(transport.command) : undefined
  const script = command !== undefined && (command.module || startsWithShebang(command.path))
  return [...(script ? [command] : []), ...transport.args.flatMap((arg) => named(arg) ?? [])]
}

/** Whether a file starts with `#!`: an interpreted script, not a compiled binary. */
function startsWithShebang(path: string): boolean {
  const head = Buffer.alloc(2)
  const fd = openSync(path, 'r')
  try {
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString('latin1') === '#!'
  } finally {
    closeSync(fd)
  }
}
