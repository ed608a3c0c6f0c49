import type { PyValue } from '../../py/value.ts'
import { formatFixed } from '../../py/format-float.ts'
import { methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf, type LongContextConstants } from '../long-context.ts'
import { truthy, typeName } from '../py-ops.ts'
import { NotModelled } from '../not-modelled.ts'
import { PyException } from '../py-error.ts'
import { compareCodePoints, pyLen, splitlines, splitWhitespace } from '../../py/str.ts'
import { dict, fromPy, i, isMap, isNumber, num, type Val } from '../values.ts'
import { FsDirectory, FsFile, type FsNode } from './file-system-nodes.ts'
import { hashKey, str, strMethod } from './keys.ts'

// BFCL's GorillaFileSystem (gorilla_file_system.py, as in the release the recorded logs came from: its cd, find, cat
// and mv/cp messages are the logged ones): a tree of Directory/File objects and a private current directory. Every
// command works in the current directory only. Arguments of other types fail where Python's str methods, `in` and
// dict lookups fail, with CPython's messages.

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

// Python's `item in container` for a str item: a str's substrings, a list's items, a dict's or set's keys; anything
// else raises (`'/' in 5`).
function pyContains(container: Val, item: string): boolean {
  if (typeof container === 'string') return container.includes(item)
  if (Array.isArray(container)) return container.some((x) => x === item)
  if (container instanceof Map || container instanceof Set) return container.has(item)
  throw new PyException('TypeError', `argument of type '${typeName(container)}' is not iterable`)
}

// BFCL's _validate_file_or_directory_name: `any(c in name for c in '|/\\?%*:"><')`.
const invalidCharacters = [...'|/\\?%*:"><']
const validName = (name: Val): boolean => !invalidCharacters.some((c) => pyContains(name, c))

// Python's `name in directory.contents` / `.get(name)`: an unhashable name raises, any other non-str finds nothing.
function lookup(dir: FsDirectory, name: Val): FsNode | undefined {
  hashKey(name)
  return typeof name === 'string' ? dir.contents.get(name) : undefined
}

// Python's `len(v)`.
function pyLenOf(v: Val): number {
  if (typeof v === 'string') return pyLen(v)
  if (Array.isArray(v)) return v.length
  if (v instanceof Map || v instanceof Set) return v.size
  throw new PyException('TypeError', `object of type '${typeName(v)}' has no len()`)
}

// `pattern in line` for a str line.
function inLine(pattern: Val, line: string): boolean {
  if (typeof pattern !== 'string') throw new PyException('TypeError', `'in <string>' requires string as left operand, not ${typeName(pattern)}`)
  return line.includes(pattern)
}

// A lone UTF-16 surrogate: a code point Python's str holds but UTF-8 cannot encode.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// `len(content.encode("utf-8"))`, and the UnicodeEncodeError Python raises at the first run of surrogates.
function utf8Size(content: Val): number {
  const text = strMethod(content, 'encode')
  const found = loneSurrogate.exec(text)
  if (!found) return Buffer.byteLength(text)
  const start = pyLen(text.slice(0, found.index))
  let end = found.index
  for (; end < text.length; end++) {
    const unit = text.charCodeAt(end)
    if (unit < 0xd800 || unit > 0xdfff) break
    // A high surrogate before a low one is one code point of Python's str, which ends the run.
    if (unit <= 0xdbff && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00) break
  }
  const run = end - found.index
  const reason = 'surrogates not allowed'
  if (run > 1) throw new PyException('UnicodeEncodeError', `'utf-8' codec can't encode characters in position ${start}-${start + run - 1}: ${reason}`)
  const hex = text.charCodeAt(found.index).toString(16).padStart(4, '0')
  throw new PyException('UnicodeEncodeError', `'utf-8' codec can't encode character '\\u${hex}' in position ${start}: ${reason}`)
}

// A directory that holds itself (cp of a directory into itself: the copy's contents, copied after the add, hold the
// copy): Python's recursive walks end in RecursionError, whose message differs between CPython versions.
function enter(dir: FsDirectory, path: Set<FsDirectory>, method: string): void {
  if (path.has(dir)) throw new NotModelled(`GorillaFileSystem.${method} through a directory that holds itself (Python's RecursionError)`)
  path.add(dir)
}

// du's get_size: files in contents order, directories recursively.
const sizeOf = (dir: FsDirectory, path = new Set<FsDirectory>()): number => {
  enter(dir, path, 'du')
  let total = 0
  for (const node of dir.contents.values()) total += node instanceof FsFile ? utf8Size(node.content) : sizeOf(node, path)
  path.delete(dir)
  return total
}

/** A GorillaFileSystem instance. */
class GorillaFileSystem implements Environment {
  readonly className = 'GorillaFileSystem'
  readonly methods = methods
  root = new FsDirectory('/', null)
  current = this.root
  longContext = false

  constructor(readonly process: ProcessState) {}

  // BFCL's _navigate_to_directory: None or "." is the current directory, "/" the root; otherwise the parts of
  // path.strip("/") from the root (a leading "/") or the current directory, each through Directory._get_item ("."
  // is the directory itself, anything else — ".." too — a name in its contents). Undefined where BFCL returns
  // its error dict.
  navigate(path: Val): FsDirectory | undefined {
    if (path === null || path === '.') return this.current
    if (path === '/') return this.root
    const text = strMethod(path, 'strip')
    let dir: FsDirectory = text.startsWith('/') ? this.root : this.current
    for (const part of text.replace(/^\/+|\/+$/g, '').split('/')) {
      const next = part === '.' ? dir : dir.contents.get(part)
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

// Directory._add_file / _add_directory (ValueError when the name is taken), then a moved directory's contents: the
// dict itself for mv, a shallow copy for cp, taken after the add as BFCL does (a directory copied into itself
// holds its own copy).
function place(command: 'cp' | 'mv', dir: FsDirectory, name: string, item: FsNode): void {
  if (dir.contents.has(name)) throw new PyException('ValueError', `${item instanceof FsFile ? 'File' : 'Directory'} '${name}' already exists in directory '${dir.name}'.`)
  if (item instanceof FsFile) {
    dir.contents.set(name, new FsFile(name, item.content))
    return
  }
  const made = new FsDirectory(name, dir)
  dir.contents.set(name, made)
  made.contents = command === 'mv' ? item.contents : new Map(item.contents)
}

// BFCL's cp and mv: into the directory `destination` names (keeping the name), else to the new name `destination`.
// cp's "File exists" check looks up f"{destination}/{source}", a name no entry has, so an existing name reaches
// _add_file's ValueError instead; mv checks the source's own name.
function transfer(self: GorillaFileSystem, command: 'cp' | 'mv', source: Val, destination: Val): Val {
  const [verb, done] = command === 'cp' ? ['copy', 'copied'] : ['move', 'moved']
  const here = self.current.contents
  const item = lookup(self.current, source)
  if (!item) return error(`${command}: cannot ${verb} '${str(source)}': No such file or directory`)
  const from = source as string
  if (pyContains(destination, '/')) return error(`${command}: path not allowed in destination. Provide only a file or directory name.`)
  const target = lookup(self.current, destination)
  // Past the lookups the destination is a str: `in` raised for a non-iterable, the lookup for an unhashable one.
  const to = destination as string
  if (target instanceof FsDirectory) {
    if (target.contents.has(command === 'cp' ? `${to}/${from}` : from)) return error(`${command}: cannot ${verb} '${from}' to '${to}/${from}': File exists`)
    if (command === 'mv') here.delete(from)
    place(command, target, from, item)
    return dict([['result', `'${from}' ${done} to '${to}/${from}'`]])
  }
  if (target) return error(`${command}: cannot ${verb} '${from}' to '${to}': Not a directory`)
  if (command === 'mv') here.delete(from)
  place(command, self.current, to, item)
  return dict([['result', `'${from}' ${done} to '${to}'`]])
}

// A new entry's name: BFCL validates it, then looks it up (both raise for a name that is no str), then adds it.
function newName(self: GorillaFileSystem, refusal: string, name: Val): Val {
  if (!validName(name)) return error(`${refusal} '${str(name)}': Invalid character`)
  return lookup(self.current, name) ? error(`${refusal} '${str(name)}': File exists`) : null
}

const methods = methodTable<GorillaFileSystem>([
  ['cat', [req('file_name')], ([name], self) => {
    if (!validName(name!)) return error(`cat: '${str(name!)}': Invalid character`)
    const node = lookup(self.current, name!)
    if (node instanceof FsFile) return dict([['file_content', node.content]])
    return error(`cat: '${str(name!)}': ${node ? 'Is a directory' : 'No such file or directory'}`)
  }],
  ['cd', [req('folder')], ([folder], self) => {
    const name = strMethod(folder!, 'rstrip').replace(/\/+$/, '') || '/'
    if (name !== '.' && name !== '..' && name !== '/' && name.includes('/')) {
      return error(`cd: ${name}: Unsupported path. Only one folder level at a time is supported.`)
    }
    if (name === '..') {
      if (self.current.parent) self.current = self.current.parent
      // `self.root == self._current_dir` is Directory equality, true for the root; only a directory with no parent
      // that is not equal to the root (none BFCL makes) gets the other message.
      else if (self.root.equals(self.current)) return error('Current directory is already the root. Cannot go back.')
      else return error('cd: ..: No such directory')
      return dict([])
    }
    const target = self.navigate(name)
    if (!target) return error(`cd: '${name}': No such file or directory`)
    self.current = target
    return dict([['current_working_directory', target.name]])
  }],
  ['cp', [req('source'), req('destination')], ([source, destination], self) => transfer(self, 'cp', source!, destination!)],
  ['diff', [req('file_name1'), req('file_name2')], ([a, b], self) => {
    const first = lookup(self.current, a!)
    const second = first ? lookup(self.current, b!) : undefined
    if (!(first instanceof FsFile) || !(second instanceof FsFile)) return error(`diff: ${str(a!)} or ${str(b!)}: No such file or directory`)
    const left = splitlines(strMethod(first.content, 'splitlines'))
    const right = splitlines(strMethod(second.content, 'splitlines'))
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
    if (!validName(name!)) return error(`echo: cannot write to '${str(name!)}': Invalid character`)
    if (!truthy(name!)) return dict([['terminal_output', content!]])
    const node = lookup(self.current, name!)
    if (!node) return error(`echo: cannot write to '${str(name!)}': No such file`)
    if (node instanceof FsDirectory) throw new PyException('AttributeError', "'Directory' object has no attribute '_write'")
    node.content = content!
    return null
  }],
  ['find', [opt('path', '.'), opt('name')], ([path, name], self) => {
    const dir = self.navigate(path!)
    if (!dir) return error(`find: '${str(path!)}': No such file or directory`)
    const matches: Val[] = []
    const walking = new Set<FsDirectory>()
    const walk = (directory: FsDirectory, base: string) => {
      enter(directory, walking, 'find')
      for (const [itemName, node] of directory.contents) {
        const itemPath = `${base}/${itemName}`
        if (name === null || inLine(name!, itemName)) matches.push(itemPath)
        if (node instanceof FsDirectory) walk(node, itemPath)
      }
      walking.delete(directory)
    }
    walk(dir, strMethod(path!, 'rstrip').replace(/\/+$/, ''))
    return dict([['matches', matches]])
  }],
  ['grep', [req('file_name'), req('pattern')], ([name, pattern], self) => {
    const file = lookup(self.current, name!)
    if (!(file instanceof FsFile)) return error(`grep: ${str(name!)}: No such file or directory`)
    return dict([['matching_lines', splitlines(strMethod(file.content, 'splitlines')).filter((line) => inLine(pattern!, line))]])
  }],
  ['ls', [opt('a', false)], ([all], self) => {
    const names = [...self.current.contents.keys()].filter((name) => truthy(all!) || !name.startsWith('.'))
    return dict([['current_directory_content', names]])
  }],
  ['mkdir', [req('dir_name')], ([name], self) => {
    const refused = newName(self, 'mkdir: cannot create directory', name!)
    if (refused) return refused
    self.current.contents.set(name as string, new FsDirectory(name as string, self.current))
    return null
  }],
  ['mv', [req('source'), req('destination')], ([source, destination], self) => transfer(self, 'mv', source!, destination!)],
  ['pwd', [], (_, self) => {
    // BFCL's loop stops at `dir.name != self.root`, a str against a Directory (never equal): the root's name is in.
    const names: string[] = []
    for (let dir: FsDirectory | null = self.current; dir; dir = dir.parent) names.push(dir.name)
    return dict([['current_working_directory', `/${names.reverse().join('/')}`]])
  }],
  ['rm', [req('file_name')], ([name], self) => {
    if (!lookup(self.current, name!)) return error(`rm: cannot remove '${str(name!)}': No such file or directory`)
    self.current.contents.delete(name as string)
    return dict([['result', `'${str(name!)}' removed`]])
  }],
  ['rmdir', [req('dir_name')], ([name], self) => {
    const dirName = str(name!)
    const node = lookup(self.current, name!)
    if (!node) return error(`rmdir: cannot remove '${dirName}': No such file or directory`)
    if (!(node instanceof FsDirectory)) return error(`rmdir: cannot remove '${dirName}': Not a directory`)
    if (node.contents.size > 0) return error(`rmdir: cannot remove '${dirName}': Directory not empty`)
    self.current.contents.delete(dirName)
    return dict([['result', `'${dirName}' removed`]])
  }],
  ['sort', [req('file_name')], ([name], self) => {
    const file = lookup(self.current, name!)
    if (!(file instanceof FsFile)) return error(`sort: ${str(name!)}: No such file or directory`)
    return dict([['sorted_content', splitlines(strMethod(file.content, 'splitlines')).sort(compareCodePoints).join('\n')]])
  }],
  ['tail', [req('file_name'), opt('lines', i(10))], ([name, count], self) => {
    const file = lookup(self.current, name!)
    if (!(file instanceof FsFile)) return error(`tail: ${str(name!)}: No such file or directory`)
    const all = splitlines(strMethod(file.content, 'splitlines'))
    let lines = count!
    if (!isNumber(lines) && typeof lines !== 'boolean') throw new PyException('TypeError', `'>' not supported between instances of '${typeName(lines)}' and 'int'`)
    if (num(lines) > all.length) lines = i(all.length)
    // content[-lines:]: an int (a bool is one) slices, -0 being 0 (every line); a float is no slice index.
    if (isNumber(lines) && lines.t === 'float') throw new PyException('TypeError', 'slice indices must be integers or None or have an __index__ method')
    return dict([['last_lines', all.slice(-num(lines)).join('\n')]])
  }],
  ['touch', [req('file_name')], ([name], self) => {
    const refused = newName(self, 'touch: cannot touch', name!)
    if (refused) return refused
    self.current.contents.set(name as string, new FsFile(name as string, ''))
    return null
  }],
  ['wc', [req('file_name'), opt('mode', 'l')], ([name, mode], self) => {
    if (mode !== 'l' && mode !== 'w' && mode !== 'c') return error(`wc: invalid mode '${str(mode!)}'`)
    const file = lookup(self.current, name!)
    if (!(file instanceof FsFile)) return error(`wc: ${str(name!)}: No such file or directory`)
    if (mode === 'l') return dict([['count', i(splitlines(strMethod(file.content, 'splitlines')).length)], ['type', 'lines']])
    if (mode === 'w') return dict([['count', i(splitWhitespace(strMethod(file.content, 'split')).length)], ['type', 'words']])
    return dict([['count', i(pyLenOf(file.content))], ['type', 'characters']])
  }],
])

/** A GorillaFileSystem instance. */
export function gorillaFileSystem(process: ProcessState): Environment {
  return new GorillaFileSystem(process)
}
