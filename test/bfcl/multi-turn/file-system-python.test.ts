import { describe, expect, it } from 'vitest'
import { NotModelled } from '../../../src/bfcl/multi-turn/not-modelled.ts'
import { valRepr } from '../../../src/bfcl/multi-turn/values.ts'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's GorillaFileSystem (gorilla_file_system.py) as the release the recorded logs came from runs it. The stored
// ShishirPatil/gorilla versions (164141b5, ba75165b) predate that release (their cd/cat/mv/cp messages are not the
// logged ones); the method bodies are those of HuanzhiMao/gorilla 0f03f60f (every logged message agrees with them,
// and the forks df82db46 and 867bd603, made after the release, agree with them wherever they do not add changes of
// their own). Each test names the method and the branch of that Python it follows.

const config = JSON.stringify({
  root: {
    ws: {
      type: 'directory',
      contents: {
        docs: { type: 'directory', contents: { 'a.txt': { type: 'file', content: 'x\ny' }, sub: { type: 'directory', contents: {} } } },
        'notes.txt': { type: 'file', content: 'b\na\n' },
        empty: { type: 'directory', contents: {} },
      },
    },
  },
})
const fs = () => loadedEnvironment('GorillaFileSystem', config)

describe("GorillaFileSystem as BFCL's Python runs it", () => {
  it('cd: a trailing "/" is stripped, "/" and "" go to the root, "." stays, ".." at the root is refused', () => {
    // cd: folder.rstrip("/"), "" → "/"; only a name with a "/" left is "Unsupported path"; "..": parent, else
    // "Current directory is already the root. Cannot go back."; the rest goes through _navigate_to_directory.
    const { run } = fs()
    expect(run("cd(folder='..')")).toBe('{"error": "Current directory is already the root. Cannot go back."}')
    expect(run("cd(folder='../')")).toBe('{"error": "Current directory is already the root. Cannot go back."}')
    expect(run("cd(folder='docs/')")).toBe('{"current_working_directory": "docs"}')
    expect(run("cd(folder='.')")).toBe('{"current_working_directory": "docs"}')
    expect(run("cd(folder='sub//')")).toBe('{"current_working_directory": "sub"}')
    expect(run("cd(folder='/')")).toBe('{"current_working_directory": "ws"}')
    expect(run("cd(folder='docs/sub')")).toBe('{"error": "cd: docs/sub: Unsupported path. Only one folder level at a time is supported."}')
    expect(run("cd(folder='')")).toBe('{"current_working_directory": "ws"}')
    expect(run("cd(folder='notes.txt')")).toBe('{"error": "cd: \'notes.txt\': No such file or directory"}')
    expect(run('cd(folder=1)')).toBe("Error during execution: 'int' object has no attribute 'rstrip'")
  })

  it('find: ".." is a name like any other (no parent step), None as the path fails on rstrip', () => {
    // _navigate_to_directory: each part through Directory._get_item ("." is the directory itself, anything else a
    // contents lookup); find turns its "cd:" error into "find:"; then path.rstrip("/") is the base of every match.
    const { run } = fs()
    run("cd(folder='docs')")
    expect(run("find(path='..')")).toBe('{"error": "find: \'..\': No such file or directory"}')
    expect(run("find(path='../docs')")).toBe('{"error": "find: \'../docs\': No such file or directory"}')
    expect(run("find(path='./sub/')")).toBe('{"matches": []}')
    expect(run("find(path='/docs/', name='a')")).toBe('{"matches": ["/docs/a.txt"]}')
    expect(run('find(path=None)')).toBe("Error during execution: 'NoneType' object has no attribute 'rstrip'")
    expect(run('find(name=1)')).toBe("Error during execution: 'in <string>' requires string as left operand, not int")
  })

  it('mkdir, touch, echo and cat refuse any of the characters | / \\ ? % * : " > <', () => {
    // _validate_file_or_directory_name: any(c in name for c in '|/\\?%*:"><'), checked before anything else.
    const { run, env } = fs()
    expect(run("mkdir(dir_name='a:b')")).toBe('{"error": "mkdir: cannot create directory \'a:b\': Invalid character"}')
    expect(run("touch(file_name='a*b')")).toBe('{"error": "touch: cannot touch \'a*b\': Invalid character"}')
    expect(run("echo(content='x',file_name='a?b')")).toBe('{"error": "echo: cannot write to \'a?b\': Invalid character"}')
    expect(run("cat(file_name='a|b')")).toBe('{"error": "cat: \'a|b\': Invalid character"}')
    expect(run('cat(file_name=1)')).toBe("Error during execution: argument of type 'int' is not iterable")
    expect(run("mkdir(dir_name=['x'])")).toBe("Error during execution: unhashable type: 'list'")
    expect(run('ls()')).toBe('{"current_directory_content": ["docs", "notes.txt", "empty"]}')
    expect(env.state()).toHaveLength(2)
  })

  it('cat of a directory is "Is a directory"; rmdir of a file is "Not a directory"', () => {
    // cat: in contents but no File → "cat: '<name>': Is a directory"; rmdir: in contents but no Directory.
    const { run } = fs()
    expect(run("cat(file_name='docs')")).toBe('{"error": "cat: \'docs\': Is a directory"}')
    expect(run("rmdir(dir_name='notes.txt')")).toBe('{"error": "rmdir: cannot remove \'notes.txt\': Not a directory"}')
    expect(run("rmdir(dir_name='docs')")).toBe('{"error": "rmdir: cannot remove \'docs\': Directory not empty"}')
    expect(run("rm(file_name=['a'])")).toBe("Error during execution: unhashable type: 'list'")
  })

  it('echo: an empty file name echoes, a directory has no _write, any content is stored as given', () => {
    // echo: file_name None → terminal_output; a falsy name → terminal_output; an existing item gets _write(content),
    // which a Directory does not have; the content is stored whatever its type, and the str methods fail on it later.
    const { run } = fs()
    expect(run("echo(content='hi',file_name='')")).toBe('{"terminal_output": "hi"}')
    expect(run("echo(content='hi',file_name='docs')")).toBe("Error during execution: 'Directory' object has no attribute '_write'")
    expect(run("echo(content='hi',file_name='new.txt')")).toBe('{"error": "echo: cannot write to \'new.txt\': No such file"}')
    expect(run("echo(content=5,file_name='notes.txt')")).toBe('None')
    expect(run("cat(file_name='notes.txt')")).toBe('{"file_content": 5}')
    expect(run("wc(file_name='notes.txt')")).toBe("Error during execution: 'int' object has no attribute 'splitlines'")
    expect(run("wc(file_name='notes.txt',mode='c')")).toBe("Error during execution: object of type 'int' has no len()")
    expect(run('du()')).toBe("Error during execution: 'int' object has no attribute 'encode'")
    expect(run("echo(content=['p', 'q'],file_name='notes.txt')")).toBe('None')
    expect(run("wc(file_name='notes.txt',mode='c')")).toBe('{"count": 2, "type": "characters"}')
  })

  it('wc checks the mode before the file', () => {
    // wc: `if mode not in ["l", "w", "c"]` comes first.
    const { run } = fs()
    expect(run("wc(file_name='missing',mode='x')")).toBe('{"error": "wc: invalid mode \'x\'"}')
    expect(run("wc(file_name='missing')")).toBe('{"error": "wc: missing: No such file or directory"}')
  })

  it('cp into a directory that already holds the name raises _add_file/_add_directory\'s ValueError', () => {
    // cp: the "File exists" check looks up f"{destination}/{source}" (never a key), so Directory._add_file or
    // _add_directory raises "File/Directory '<name>' already exists in directory '<dir>'.".
    const { run } = fs()
    expect(run("cp(source='notes.txt',destination='docs')")).toBe('{"result": "\'notes.txt\' copied to \'docs/notes.txt\'"}')
    expect(run("cp(source='notes.txt',destination='docs')")).toBe("Error during execution: File 'notes.txt' already exists in directory 'docs'.")
    expect(run("cp(source='empty',destination='docs')")).toBe('{"result": "\'empty\' copied to \'docs/empty\'"}')
    expect(run("cp(source='empty',destination='docs')")).toBe("Error during execution: Directory 'empty' already exists in directory 'docs'.")
    expect(run("mv(source='notes.txt',destination='docs')")).toBe('{"error": "mv: cannot move \'notes.txt\' to \'docs/notes.txt\': File exists"}')
    expect(run('mv(source=\'zz\',destination=1)')).toBe('{"error": "mv: cannot move \'zz\': No such file or directory"}')
    expect(run("cp(source='notes.txt',destination=1)")).toBe("Error during execution: argument of type 'int' is not iterable")
  })

  it('mv makes new objects: a moved directory has its new parent, a moved file is no longer shared with a cp copy', () => {
    // mv: the source is popped and re-added with _add_file(name, item.content) / _add_directory(name) (parent: the
    // destination), the new directory taking the old one's contents dict itself.
    const { run } = fs()
    run("mv(source='empty',destination='docs')")
    run("cd(folder='docs')")
    run("cd(folder='empty')")
    expect(run('pwd()')).toBe('{"current_working_directory": "/ws/docs/empty"}')
    run("cd(folder='..')")
    expect(run('pwd()')).toBe('{"current_working_directory": "/ws/docs"}')
    run("cd(folder='..')")
    // cp shares the children (contents.copy()): docs2/a.txt is docs/a.txt until mv makes a new File of it.
    run("cp(source='docs',destination='docs2')")
    run("cd(folder='docs2')")
    run("echo(content='shared',file_name='a.txt')")
    run("mv(source='a.txt',destination='sub')")
    run("cd(folder='sub')")
    run("echo(content='moved',file_name='a.txt')")
    run("cd(folder='..')")
    run("cd(folder='..')")
    run("cd(folder='docs')")
    expect(run("cat(file_name='a.txt')")).toBe('{"file_content": "shared"}')
  })

  it('mv renaming a directory keeps its contents dict, so what a cp copy shares stays shared', () => {
    // mv (rename): _add_directory(destination), then .contents = item.contents (the same dict, not a copy).
    const { run } = fs()
    run("cp(source='docs',destination='docs2')")
    run("cd(folder='docs2')")
    expect(run("mv(source='sub',destination='sub2')")).toBe('{"result": "\'sub\' moved to \'sub2\'"}')
    run("cd(folder='sub2')")
    run("touch(file_name='new.txt')")
    run("cd(folder='..')")
    run("cd(folder='..')")
    run("cd(folder='docs')")
    run("cd(folder='sub')")
    expect(run('ls()')).toBe('{"current_directory_content": ["new.txt"]}')
  })

  it('tail compares and slices with Python ints: a str count fails ">", a float count fails the slice', () => {
    // tail: `if lines > len(content)` then content[-lines:].
    const { run } = fs()
    expect(run("tail(file_name='notes.txt',lines='1')")).toBe("Error during execution: '>' not supported between instances of 'str' and 'int'")
    expect(run("tail(file_name='notes.txt',lines=1.0)")).toBe('Error during execution: slice indices must be integers or None or have an __index__ method')
    expect(run("tail(file_name='notes.txt',lines=5.0)")).toBe('{"last_lines": "b\\na"}')
    expect(run("tail(file_name='notes.txt',lines=True)")).toBe('{"last_lines": "a"}')
    expect(run("tail(file_name='notes.txt',lines=-1)")).toBe('{"last_lines": "a"}')
    expect(run("tail(file_name='notes.txt',lines=0)")).toBe('{"last_lines": "b\\na"}')
  })

  it('grep tests `pattern in line`; du encodes to UTF-8, which a lone surrogate fails', () => {
    // grep: [line for line in content.splitlines() if pattern in line]; du: len(content.encode("utf-8")).
    const { run } = fs()
    expect(run("grep(file_name='notes.txt',pattern=1)")).toBe("Error during execution: 'in <string>' requires string as left operand, not int")
    expect(run("grep(file_name='notes.txt',pattern='a')")).toBe('{"matching_lines": ["a"]}')
    expect(run('du()')).toBe('{"disk_usage": "7 bytes"}')
    run("echo(content='ok \\U0001F600x',file_name='notes.txt')")
    expect(run('du()')).toBe('{"disk_usage": "11 bytes"}')
    run("echo(content='ok \\udc00\\ud800x',file_name='notes.txt')")
    expect(run('du()')).toBe("Error during execution: 'utf-8' codec can't encode characters in position 3-4: surrogates not allowed")
    run("echo(content='\\U0001F600\\ud800',file_name='notes.txt')")
    expect(run('du()')).toBe("Error during execution: 'utf-8' codec can't encode character '\\ud800' in position 1: surrogates not allowed")
  })

  it('cp of a directory into itself makes a copy that holds itself: the repr prints it as {...}, find and du do not end', () => {
    // cp into a directory: _add_directory(source) first, then .contents = item.contents.copy() (the new entry
    // included). The dict repr prints a dict it is already inside as {...} (checked with CPython 3.11); find's and
    // du's recursion ends in RecursionError, whose text differs between CPython versions: not modelled.
    const tree = JSON.stringify({ root: { ws: { type: 'directory', contents: { d: { type: 'directory', contents: { f: { type: 'file', content: 'x' } } } } } } })
    const { run, env } = loadedEnvironment('GorillaFileSystem', tree)
    expect(run("cp(source='d',destination='d')")).toBe('{"result": "\'d\' copied to \'d/d\'"}')
    expect(valRepr(new Map(env.state()).get('root')!)).toBe("<Directory: ws, Parent: None, Contents: {'d': <Directory: d, Parent: ws, Contents: {'f': <<File: f, Content: x>>, 'd': <Directory: d, Parent: d, Contents: {'f': <<File: f, Content: x>>, 'd': <Directory: d, Parent: d, Contents: {...}>}>}>}>")
    run("cd(folder='d')")
    run("cd(folder='d')")
    run("cd(folder='d')")
    expect(run('pwd()')).toBe('{"current_working_directory": "/ws/d/d"}')
    expect(() => run('find()')).toThrow(NotModelled)
    expect(() => run('du()')).toThrow(NotModelled)
  })
})
