// Every ```ts block of the user docs type-checks as the reader would paste it, against the sources: an import of a
// name the package does not export, an option or result field it lacks, a wrong argument is a failure here. A name
// the snippet leaves to the reader (their `tools`, `usage`, `config`) is declared `any`, so only what the docs
// promise is checked; a relative import of the reader's own file (`./tools.json`) that is not in this repository is
// theirs too. A snippet sits at the repository root, where its `./src/…` imports resolve. A `// → { … }` comment
// (what a call returns) names the keys of that value, no more and no fewer.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { userDocs } from '../helpers/doc-commands.ts'
import { projectRoot } from '../helpers/shared-data.ts'

type Snippet = { readonly where: string; readonly file: string; readonly text: string; readonly firstLine: number }

/** The ```ts blocks of the user docs, each as a module of its own (`export {}`: no two share a scope). */
function snippets(): Snippet[] {
  return userDocs().flatMap((doc) => {
    const text = readFileSync(join(projectRoot, doc), 'utf8')
    return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => {
      const firstLine = text.slice(0, match.index).split('\n').length + 1
      return { where: `${doc}:${firstLine}`, file: join(projectRoot, `doc-snippet-${doc.replace(/\W/g, '-')}-${index}.ts`), text: `${match[1]!}\nexport {}\n`, firstLine }
    })
  })
}

/** Not the docs' concern: a name declared and not used in a fragment. */
const unusedCodes = new Set([6133, 6192, 6196, 6198, 6205])
/** "Cannot find name 'x'" (also: did you mean, test-runner types, a shorthand property with no value). */
const freeNameCodes = new Set([2304, 2552, 2582, 2593, 18004])

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(projectRoot, 'tsconfig.json'), ts.sys.readFile).config as object
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, projectRoot)
  // The package's own subpaths, from the sources (as vitest.config.ts maps `toolgauge`), not a possibly stale dist/.
  const sub = { 'toolgauge/config': ['./src/config/define-config.ts'], 'toolgauge/vitest': ['./src/vitest/index.ts'], 'toolgauge/vitest/reporter': ['./src/vitest/reporter.ts'] }
  return { ...options, noEmit: true, paths: { ...options.paths, ...sub } }
}

/** The snippets as one program, with `tail` appended to the snippets that have one. */
function compile(all: readonly Snippet[], tail: ReadonlyMap<string, string> = new Map()): ts.Program {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const virtual = new Map(all.map((snippet) => [snippet.file, snippet.text + (tail.get(snippet.file) ?? '')]))
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, ...rest) => (virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, language) : getSourceFile(name, language, ...rest))
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => virtual.has(name) || fileExists(name)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => virtual.get(name) ?? readFile(name)
  return ts.createProgram({ rootNames: [...virtual.keys()], options, host })
}

/** Each snippet's diagnostics (but for unused names). */
function diagnostics(program: ts.Program, all: readonly Snippet[]): Map<string, readonly ts.Diagnostic[]> {
  return new Map(all.map((snippet) => {
    const source = program.getSourceFile(snippet.file)!
    return [snippet.file, [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].filter((diagnostic) => !unusedCodes.has(diagnostic.code))]
  }))
}

const message = (diagnostic: ts.Diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')

/** The reader's own relative import that is not in this repository (`./tools.json`, `../src/validate.ts`). */
function readersOwnFile(diagnostic: ts.Diagnostic, snippet: Snippet): boolean {
  const specifier = diagnostic.code === 2307 ? /'(\.{1,2}\/[^']+)'/.exec(message(diagnostic))?.[1] : undefined
  return specifier !== undefined && !existsSync(resolve(dirname(snippet.file), specifier))
}

/**
 * Type-checks the snippets: pass 1 finds the names each leaves to the reader, pass 2 declares them `any`. A
 * `// → { a, b, … }` comment, the result the docs promise, must list the keys of the statement's value above it.
 */
function problems(all: readonly Snippet[]): Map<string, string[]> {
  const first = diagnostics(compile(all), all)
  const tail = new Map(all.map((snippet) => {
    const free = new Set(first.get(snippet.file)!.filter((diagnostic) => freeNameCodes.has(diagnostic.code)).map((diagnostic) => /'([^']+)'/.exec(message(diagnostic))![1]!))
    return [snippet.file, [...free].map((name) => `declare const ${name}: any\ntype ${name} = any\n`).join('')]
  }))
  const program = compile(all, tail)
  const second = diagnostics(program, all)
  return new Map(all.map((snippet) => {
    const at = (line: number) => `${snippet.where.split(':')[0]}:${snippet.firstLine + line}`
    const typeErrors = second.get(snippet.file)!.filter((diagnostic) => !readersOwnFile(diagnostic, snippet)).map((diagnostic) => {
      const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0
      return `${at(line)}: TS${diagnostic.code} ${message(diagnostic)}`
    })
    return [snippet.where, [...typeErrors, ...resultComments(program, snippet).map(({ line, problem }) => `${at(line)}: ${problem}`)]]
  }))
}

/** The top-level keys a `{ a, b: [{ c }], d }` comment names. */
function keysOf(comment: string): string[] {
  let depth = 0
  let part = ''
  const parts: string[] = []
  for (const char of comment.replace(/^\s*\{|\}\s*$/g, '')) {
    if ('[{('.includes(char)) depth += 1
    if (']})'.includes(char)) depth -= 1
    if (char === ',' && depth === 0) (parts.push(part), (part = ''))
    else part += char
  }
  return [...parts, part].flatMap((text) => /^\s*([A-Za-z_$][\w$]*)/.exec(text)?.[1] ?? [])
}

/** Each `// → { … }` comment whose keys are not the keys of the value of the statement it follows. */
function resultComments(program: ts.Program, snippet: Snippet): { line: number; problem: string }[] {
  const source = program.getSourceFile(snippet.file)!
  const checker = program.getTypeChecker()
  const lines = snippet.text.split('\n')
  return lines.flatMap((text, line) => {
    const comment = /\/\/ → (\{.*\})\s*$/.exec(text)?.[1]
    if (comment === undefined) return []
    const statement = source.statements.filter((node) => source.getLineAndCharacterOfPosition(node.getEnd()).line <= line).at(-1)
    const node = statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]!.name : statement && ts.isExpressionStatement(statement) ? statement.expression : undefined
    if (!node) return [{ line, problem: 'a result comment below no statement' }]
    const keys = checker.getPropertiesOfType(checker.getNonNullableType(checker.getTypeAtLocation(node))).map((symbol) => symbol.name)
    const shown = keysOf(comment)
    const missing = keys.filter((key) => !shown.includes(key))
    const unknown = shown.filter((key) => !keys.includes(key))
    return missing.length + unknown.length === 0 ? [] : [{ line, problem: `the result comment lacks ${missing.join(', ') || 'nothing'} and names ${unknown.join(', ') || 'nothing'} the value does not have` }]
  })
}

describe('the TypeScript snippets of the docs', () => {
  const all = snippets()
  const found = problems(all)

  it('finds them: the README library, hooks, checks and vitest examples, fuzzing, bfcl, pricing and tokens', () => {
    const docs = new Set(all.map((snippet) => snippet.where.split(':')[0]))
    for (const doc of ['README.md', 'docs/fuzzing.md', 'docs/bfcl.md', 'docs/pricing.md', 'docs/tokens.md']) expect(docs).toContain(doc)
    expect(all.filter((snippet) => snippet.where.startsWith('README.md:')).length).toBeGreaterThanOrEqual(9)
  })

  it.each([...found.keys()])('%s type-checks', (where) => {
    expect(found.get(where)).toEqual([])
  })

  it('is no check that takes anything: an option misspelt, an export renamed or a result field made up is found', () => {
    const library = all.find((snippet) => snippet.text.includes('runEvaluation({'))!
    const broken = [
      { ...library, where: 'misspelt option:1', text: library.text.replace('outDir:', 'outdir:') },
      { ...library, where: 'renamed export:1', file: `${library.file}-2.ts`, text: library.text.replace('passAtK,', 'passAtKay,') },
      { ...library, where: 'made-up field:1', file: `${library.file}-3.ts`, text: library.text.replace('{ report, exitCode }', '{ report, exitcode }') },
    ]
    const result = problems(broken)
    expect(result.get('misspelt option:1')!.join('\n')).toMatch(/'outdir' does not exist/)
    expect(result.get('renamed export:1')!.join('\n')).toMatch(/no exported member named 'passAtKay'/)
    expect(result.get('made-up field:1')!.join('\n')).toMatch(/'exitcode' does not exist/)
  })
})
