// Live stubs backed by an in-memory file system, so reads see what the case wrote.
const files = new Map<string, string>([
  ['/docs/notes.txt', 'Quarterly revenue grew 12%. Next review on Friday.'],
  ['/docs/todo.md', '- renew passport\n- book flights'],
  ['/src/app.ts', 'export const answer = 42'],
])

type Context = { caseId: string; repeat: number }

/** Reads a file; a missing file is an error the model must handle. */
export function readFile(args: { path: string }): string {
  const content = files.get(args.path)
  if (content === undefined) throw new Error(`ENOENT: no such file ${args.path}`)
  return content
}

/** Lists a directory from the in-memory tree. */
export function listDirectory(args: { path: string; show_hidden?: boolean }): string[] {
  const prefix = args.path.endsWith('/') ? args.path : `${args.path}/`
  const names = [...files.keys()].filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length))
  return args.show_hidden ? ['.hidden', ...names] : names
}

/** Writes are kept per case and repeat, so concurrent cases do not see each other's files. */
export function writeFile(args: { path: string; content: string }, context: Context): { written: number; path: string } {
  files.set(`${context.caseId}#${context.repeat}:${args.path}`, args.content)
  return { written: args.content.length, path: args.path }
}
