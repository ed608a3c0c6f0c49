import type { PyValue } from '../../py/value.ts'
import { formatFixed } from '../../py/format-float.ts'
import { methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf, type LongContextConstants } from '../long-context.ts'
import { truthy } from '../py-ops.ts'
import { PyException } from '../py-error.ts'
import { compareCodePoints, pyLen, splitlines, splitWhitespace } from '../../py/str.ts'
import { dict, fromPy, i, isMap, num, type Val } from '../values.ts'
import { FsDirectory, FsFile, type FsNode } from './file-system-nodes.ts'
import { str } from './keys.ts'

// BFCL's GorillaFileSystem: a tree of Directory/File objects and a private current directory. Every command
// works in the current directory only; names with "/" are refused as BFCL refuses them.

const error = (message: string) => dict([['error', message]])

// long_context (BFCL's _load_directory): every file not in FILES_TAIL_USED gets the filler text appended, and
// every directory with no subdirectory (the root included, an empty one too) gets the image files.
function loadDirectory(data: Val, parent: FsDirectory, extension: LongContextConstants | undefined): void {
  if (!isMap(data)) return
  let innermost = true
  for (const [key, entry] of data) {
    if (!isMap(entry)) continue
    const name = String(key)
    if (entry.get('type') === 'directory') {
      innermost = false
      const child = new FsDirectory(name, parent)
      loadDirectory(entry.get('contents') ?? null, child, extension)
      parent.contents.set(name, child)
    } else if (entry.get('type') === 'file') {
      const content = str(entry.get('content') ?? '')
      const filled = extension && !extension.FILES_TAIL_USED.includes(name) ? content + extension.FILE_CONTENT_EXTENSION : content
      parent.contents.set(name, new FsFile(name, filled))
    }
  }
  if (innermost && extension) {
    for (const image of extension.POPULATE_FILE_EXTENSION) parent.contents.set(str(image), new FsFile(str(image), ''))
  }
}

function text(v: Val): string {
  if (typeof v !== 'string') throw new PyException('TypeError', `argument of type '${v === null ? 'NoneType' : typeof v}' is not iterable`)
  return v
}

// A file's size is `len(content.encode())` (a lone surrogate, which Python cannot encode, counts 3 here).
const sizeOf = (dir: FsDirectory): number => [...dir.contents.values()].reduce((total, node) => total + (node instanceof FsFile ? Buffer.byteLength(node.content) : sizeOf(node)), 0)

const copyOf = (node: FsNode, name: string, parent: FsDirectory): FsNode => (node instanceof FsFile
  ? new FsFile(name, node.content)
  : new FsDirectory(name, parent, new Map(node.contents)))

/** A GorillaFileSystem instance. */
class GorillaFileSystem implements Environment {
  readonly className = 'GorillaFileSystem'
  readonly methods = methods
  root = new FsDirectory('/', null)
  current = this.root
  longContext = false

  constructor(readonly process: ProcessState) {}

  fileHere(name: Val): FsFile | undefined {
    const node = typeof name === 'string' ? this.current.contents.get(name) : undefined
    return node instanceof FsFile ? node : undefined
  }

  // BFCL's _navigate_to_directory, for find: ".", "/", or a relative/absolute path of directory names.
  navigate(path: string): FsDirectory | undefined {
    if (path === '.') return this.current
    if (path === '/') return this.root
    let dir: FsDirectory = path.startsWith('/') ? this.root : this.current
    for (const part of path.replace(/^\/+|\/+$/g, '').split('/')) {
      const next = part === '..' ? dir.parent ?? undefined : part === '.' ? dir : dir.contents.get(part)
      if (!(next instanceof FsDirectory)) return undefined
      dir = next
    }
    return dir
  }

  load(config: PyValue, isLongContext: boolean): void {
    this.longContext = isLongContext
    const data = fromPy(config)
    const tree = isMap(data) ? data.get('root') : undefined
    const first = isMap(tree) ? [...tree][0] : undefined
    this.root = new FsDirectory(first ? String(first[0]) : '/', null)
    if (first && isMap(first[1])) loadDirectory(first[1].get('contents') ?? null, this.root, isLongContext ? longContextOf(this.process) : undefined)
    this.current = this.root
  }

  state(): (readonly [string, Val])[] {
    return [['long_context', this.longContext], ['root', this.root]]
  }
}

// BFCL's cp and mv: into the directory `destination` names (keeping the name), else to the new name `destination`.
function transfer(self: GorillaFileSystem, command: 'cp' | 'mv', source: Val, destination: Val): Val {
  const [verb, done] = command === 'cp' ? ['copy', 'copied'] : ['move', 'moved']
  const from = text(source)
  const to = text(destination)
  const here = self.current.contents
  const item = here.get(from)
  if (!item) return error(`${command}: cannot ${verb} '${from}': No such file or directory`)
  if (to.includes('/')) return error(`${command}: path not allowed in destination. Provide only a file or directory name.`)
  const target = here.get(to)
  if (target instanceof FsDirectory) {
    if (target.contents.has(from)) return error(`${command}: cannot ${verb} '${from}' to '${to}/${from}': File exists`)
    target.contents.set(from, command === 'cp' ? copyOf(item, item.name, target) : item)
    if (command === 'mv') here.delete(from)
    return dict([['result', `'${from}' ${done} to '${to}/${from}'`]])
  }
  if (target) return error(`${command}: cannot ${verb} '${from}' to '${to}': Not a directory`)
  here.set(to, copyOf(item, to, self.current))
  if (command === 'mv') here.delete(from)
  return dict([['result', `'${from}' ${done} to '${to}'`]])
}

const methods = methodTable<GorillaFileSystem>([
  ['cat', [req('file_name')], ([name], self) => {
    const fileName = text(name!)
    if (fileName.includes('/')) return error(`cat: '${fileName}': Invalid character`)
    const file = self.fileHere(fileName)
    return file ? dict([['file_content', file.content]]) : error(`cat: '${fileName}': No such file or directory`)
  }],
  ['cd', [req('folder')], ([folder], self) => {
    const name = text(folder!)
    if (name === '..') {
      if (self.current.parent) self.current = self.current.parent
      else return error('Current directory is already the root. Cannot move up.')
      return dict([])
    }
    if (name.includes('/')) return error(`cd: ${name}: Unsupported path. Only one folder level at a time is supported.`)
    const target = self.current.contents.get(name)
    if (!(target instanceof FsDirectory)) return error(`cd: '${name}': No such file or directory`)
    self.current = target
    return dict([['current_working_directory', target.name]])
  }],
  ['cp', [req('source'), req('destination')], ([source, destination], self) => transfer(self, 'cp', source!, destination!)],
  ['diff', [req('file_name1'), req('file_name2')], ([a, b], self) => {
    const first = self.fileHere(a!)
    const second = self.fileHere(b!)
    if (!first || !second) return error(`diff: ${str(a!)} or ${str(b!)}: No such file or directory`)
    const left = splitlines(first.content)
    const right = splitlines(second.content)
    const lines: string[] = []
    for (let at = 0; at < Math.min(left.length, right.length); at++) if (left[at] !== right[at]) lines.push(`- ${left[at]}\n+ ${right[at]}`)
    return dict([['diff_lines', lines.join('\n')]])
  }],
  ['du', [opt('human_readable', false)], ([human], self) => {
    const size = sizeOf(self.current)
    if (!truthy(human!)) return dict([['disk_usage', `${size} bytes`]])
    let value = size
    for (const unit of ['B', 'KB', 'MB', 'GB', 'TB']) {
      if (value < 1024) return dict([['disk_usage', `${formatFixed(value, 2)} ${unit}`]])
      value /= 1024
    }
    return dict([['disk_usage', `${formatFixed(value, 2)} PB`]])
  }],
  ['echo', [req('content'), opt('file_name')], ([content, name], self) => {
    if (name === null) return dict([['terminal_output', content!]])
    const fileName = text(name!)
    if (fileName.includes('/')) return error(`echo: cannot write to '${fileName}': Invalid character`)
    const file = self.fileHere(fileName)
    if (!file) return error(`echo: cannot write to '${fileName}': No such file`)
    file.content = text(content!)
    return null
  }],
  ['find', [opt('path', '.'), opt('name')], ([path, name], self) => {
    const start = text(path!)
    const dir = self.navigate(start)
    if (!dir) return error(`find: '${start}': No such file or directory`)
    const matches: Val[] = []
    const walk = (directory: FsDirectory, base: string) => {
      for (const [itemName, node] of directory.contents) {
        const itemPath = `${base}/${itemName}`
        if (name === null || itemName.includes(text(name!))) matches.push(itemPath)
        if (node instanceof FsDirectory) walk(node, itemPath)
      }
    }
    walk(dir, start.replace(/\/+$/, ''))
    return dict([['matches', matches]])
  }],
  ['grep', [req('file_name'), req('pattern')], ([name, pattern], self) => {
    const file = self.fileHere(name!)
    if (!file) return error(`grep: ${str(name!)}: No such file or directory`)
    return dict([['matching_lines', splitlines(file.content).filter((line) => line.includes(text(pattern!)))]])
  }],
  ['ls', [opt('a', false)], ([all], self) => {
    const names = [...self.current.contents.keys()].filter((name) => truthy(all!) || !name.startsWith('.'))
    return dict([['current_directory_content', names]])
  }],
  ['mkdir', [req('dir_name')], ([name], self) => {
    const dirName = text(name!)
    if (dirName.includes('/')) return error(`mkdir: cannot create directory '${dirName}': Invalid character`)
    if (self.current.contents.has(dirName)) return error(`mkdir: cannot create directory '${dirName}': File exists`)
    self.current.contents.set(dirName, new FsDirectory(dirName, self.current))
    return null
  }],
  ['mv', [req('source'), req('destination')], ([source, destination], self) => transfer(self, 'mv', source!, destination!)],
  ['pwd', [], (_, self) => {
    const names: string[] = []
    for (let dir: FsDirectory | null = self.current; dir; dir = dir.parent) names.push(dir.name)
    return dict([['current_working_directory', `/${names.reverse().join('/')}`]])
  }],
  ['rm', [req('file_name')], ([name], self) => {
    const fileName = text(name!)
    if (!self.current.contents.has(fileName)) return error(`rm: cannot remove '${fileName}': No such file or directory`)
    self.current.contents.delete(fileName)
    return dict([['result', `'${fileName}' removed`]])
  }],
  ['rmdir', [req('dir_name')], ([name], self) => {
    const dirName = text(name!)
    const dir = self.current.contents.get(dirName)
    if (!(dir instanceof FsDirectory)) return error(`rmdir: cannot remove '${dirName}': No such file or directory`)
    if (dir.contents.size > 0) return error(`rmdir: cannot remove '${dirName}': Directory not empty`)
    self.current.contents.delete(dirName)
    return dict([['result', `'${dirName}' removed`]])
  }],
  ['sort', [req('file_name')], ([name], self) => {
    const file = self.fileHere(name!)
    if (!file) return error(`sort: ${str(name!)}: No such file or directory`)
    return dict([['sorted_content', splitlines(file.content).sort(compareCodePoints).join('\n')]])
  }],
  ['tail', [req('file_name'), opt('lines', i(10))], ([name, count], self) => {
    const file = self.fileHere(name!)
    if (!file) return error(`tail: ${str(name!)}: No such file or directory`)
    const all = splitlines(file.content)
    let n = num(count!)
    if (n > all.length) n = all.length
    // Python's all[-n:]: -0 is 0, which keeps every line.
    return dict([['last_lines', (n === 0 ? all : all.slice(-n)).join('\n')]])
  }],
  ['touch', [req('file_name')], ([name], self) => {
    const fileName = text(name!)
    if (fileName.includes('/')) return error(`touch: cannot touch '${fileName}': Invalid character`)
    if (self.current.contents.has(fileName)) return error(`touch: cannot touch '${fileName}': File exists`)
    self.current.contents.set(fileName, new FsFile(fileName, ''))
    return null
  }],
  ['wc', [req('file_name'), opt('mode', 'l')], ([name, mode], self) => {
    const file = self.fileHere(name!)
    if (!file) return error(`wc: ${str(name!)}: No such file or directory`)
    if (mode === 'l') return dict([['count', i(splitlines(file.content).length)], ['type', 'lines']])
    if (mode === 'w') return dict([['count', i(splitWhitespace(file.content).length)], ['type', 'words']])
    if (mode === 'c') return dict([['count', i(pyLen(file.content))], ['type', 'characters']])
    return error(`wc: invalid mode '${str(mode!)}'`)
  }],
])

/** A GorillaFileSystem instance. */
export function gorillaFileSystem(process: ProcessState): Environment {
  return new GorillaFileSystem(process)
}
