// Writes docs/api.md: every export of the package's entries (`toolgauge`, `toolgauge/config`, `toolgauge/vitest`,
// `toolgauge/vitest/reporter`) with its kind, the module that defines it and the first sentence of its TSDoc.
// Generated from the sources with the TypeScript compiler API, so the reference cannot drift from the code;
// test/docs/api-reference.test.ts fails when docs/api.md is stale. Run: npm run docs:api
import { writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

/** The entries users import, and the source file behind each. */
export const entries = [
  { specifier: 'toolgauge', file: 'src/index.ts' },
  { specifier: 'toolgauge/config', file: 'src/config/define-config.ts' },
  { specifier: 'toolgauge/vitest', file: 'src/vitest/index.ts' },
  { specifier: 'toolgauge/vitest/reporter', file: 'src/vitest/reporter.ts' },
] as const

type Row = { readonly name: string; readonly kind: string; readonly module: string; readonly summary: string }

/** The markdown of the API reference, from the sources under `root`. */
export function apiReference(root: string): string {
  const files = entries.map((entry) => resolve(root, entry.file))
  const program = ts.createProgram(files, { allowImportingTsExtensions: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, target: ts.ScriptTarget.ES2022 })
  const checker = program.getTypeChecker()
  const sections = entries.map((entry, index) => {
    const source = program.getSourceFile(files[index] as string)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    const typeOnly = source ? typeOnlyNames(source, checker) : new Set<string>()
    const rows = (moduleSymbol ? checker.getExportsOfModule(moduleSymbol).map((symbol) => describeExport(symbol, checker, root)) : [])
      // A function, class or const reached only through `export type *` is no value to import: left out.
      .filter((row) => !(typeOnly.has(row.name) && valueKinds.has(row.kind)))
    rows.sort((a, b) => a.name.localeCompare(b.name))
    const table = rows.map((row) => `| \`${row.name}\` | ${row.kind} | \`${row.module}\` | ${row.summary.replaceAll('|', '\\|')} |`)
    return [`## \`${entry.specifier}\``, '', '| export | kind | defined in | what it is |', '|---|---|---|---|', ...table].join('\n')
  })
  return ['# API reference', '', 'Every export of the package, generated from the sources by `npm run docs:api` (do not edit by hand).', '', ...sections.flatMap((section) => [section, ''])].join('\n')
}

const valueKinds = new Set(['class', 'function', 'const', 'value'])

/** Names the entry gives only through `export type * from …`; names it also exports as values are not among them. */
function typeOnlyNames(source: ts.SourceFile, checker: ts.TypeChecker): Set<string> {
  const names = new Set<string>()
  const values = new Set<string>()
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue
    const { exportClause, moduleSpecifier, isTypeOnly } = statement
    if (exportClause && ts.isNamedExports(exportClause)) {
      for (const element of exportClause.elements) if (!isTypeOnly && !element.isTypeOnly) values.add(element.name.text)
    } else if (isTypeOnly && moduleSpecifier) {
      const target = checker.getSymbolAtLocation(moduleSpecifier)
      for (const symbol of target ? checker.getExportsOfModule(target) : []) names.add(symbol.name)
    }
  }
  for (const name of values) names.delete(name)
  return names
}

function describeExport(symbol: ts.Symbol, checker: ts.TypeChecker, root: string): Row {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  const declaration = target.declarations?.[0]
  const module = declaration ? relative(root, declaration.getSourceFile().fileName) : ''
  const summary = ts.displayPartsToString(target.getDocumentationComment(checker)).split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? ''
  return { name: symbol.name, kind: kindOf(target, declaration), module, summary }
}

function kindOf(symbol: ts.Symbol, declaration: ts.Declaration | undefined): string {
  if (symbol.flags & ts.SymbolFlags.Class) return 'class'
  if (symbol.flags & ts.SymbolFlags.Function) return 'function'
  if (symbol.flags & ts.SymbolFlags.Interface) return 'interface'
  if (symbol.flags & ts.SymbolFlags.TypeAlias) return 'type'
  if (symbol.flags & ts.SymbolFlags.Variable) {
    const initializer = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined
    return initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) ? 'function' : 'const'
  }
  return 'value'
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '..')
  writeFileSync(resolve(root, 'docs/api.md'), apiReference(root))
  console.log('wrote docs/api.md')
}
