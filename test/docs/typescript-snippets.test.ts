// Every ```ts block of the user docs type-checks as the reader would paste it, against the sources: an import of a
// name the package does not export, an option or result field it lacks, a wrong argument is a failure here. A name
// the snippet leaves to the reader (their `tools`, `usage`, `config`) is declared `any`, so only what the docs
// promise is checked; a relative import of the reader's own file (`./tools.json`) that is not in this repository is
// theirs too. A snippet sits at the repository root, where its `./src/…` imports resolve.
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

/** Each snippet's diagnostics, with `tail` appended to the snippets that have one. */
function check(all: readonly Snippet[], tail: ReadonlyMap<string, string> = new Map()): Map<string, readonly ts.Diagnostic[]> {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const virtual = new Map(all.map((snippet) => [snippet.file, snippet.text + (tail.get(snippet.file) ?? '')]))
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, language, ...rest) => (virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, language) : getSourceFile(name, language, ...rest))
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => virtual.has(name) || fileExists(name)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => virtual.get(name) ?? readFile(name)
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host })
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

/** Type-checks the snippets: pass 1 finds the names each leaves to the reader, pass 2 declares them `any`. */
function problems(all: readonly Snippet[]): Map<string, string[]> {
  const first = check(all)
  const tail = new Map(all.map((snippet) => {
    const free = new Set(first.get(snippet.file)!.filter((diagnostic) => freeNameCodes.has(diagnostic.code)).map((diagnostic) => /'([^']+)'/.exec(message(diagnostic))![1]!))
    return [snippet.file, [...free].map((name) => `declare const ${name}: any\ntype ${name} = any\n`).join('')]
  }))
  const second = check(all, tail)
  return new Map(all.map((snippet) => [snippet.where, second.get(snippet.file)!.filter((diagnostic) => !readersOwnFile(diagnostic, snippet)).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0
    return `${snippet.where.split(':')[0]}:${snippet.firstLine + line}: TS${diagnostic.code} ${message(diagnostic)}`
  })]))
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
