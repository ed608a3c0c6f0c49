// Issue 22, "one verdict, read everywhere": whether a result is passed, failed or errored is decided in one module
// (src/core/verdict.ts) and read by every output. A consumer that tells errored from failed by comparing failure-kind
// strings (`f.kind === 'provider_error'`, `ended('harness_error')`, its own list of errored kinds) re-derives the
// verdict — and misses the next errored kind (JUnit wrote harness_error as a <failure> that way). This test reads
// every source file's syntax tree and allows an errored kind's name in exactly two roles: the failure the loop's end
// produces (`{ kind: 'harness_error', … }`) and the taxonomy list in core/result.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { failureKinds } from '../../src/core/result.ts'
import { erroredKinds } from '../../src/core/verdict.ts'
import { projectRoot } from '../helpers/shared-data.ts'

/** The one module that may read errored kinds by name. */
const verdictModule = 'src/core/verdict.ts'

/**
 * The names that mark a result errored: the verdict module's set, every `*_error` kind of the taxonomy, and the
 * errored kinds the design names for later (a simulated user or a judge failing) — so a consumer written for
 * them is caught before the kind exists.
 */
const erroredNames = new Set<string>([
  ...erroredKinds,
  ...failureKinds.filter((kind) => kind.endsWith('_error')),
  'simulator_error',
  'judge_error',
])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(?:ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Whether a string literal is the `kind` of a failure being built: `{ kind: 'provider_error', message }`. */
function producesFailure(node: ts.Node): boolean {
  const parent = node.parent
  return ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isIdentifier(parent.name) && parent.name.text === 'kind'
}

/** Whether a string literal is an element of core/result.ts's `failureKinds` list (the taxonomy itself). */
function inTaxonomy(node: ts.Node, file: string): boolean {
  if (file !== 'src/core/result.ts') return false
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isVariableDeclaration(at)) return ts.isIdentifier(at.name) && at.name.text === 'failureKinds'
  }
  return false
}

/** Every place outside the verdict module where an errored kind's name decides something: file:line and the code. */
function readsOfErroredKinds(): string[] {
  const found: string[] = []
  for (const path of sourceFiles(join(projectRoot, 'src'))) {
    const file = relative(projectRoot, path).split('\\').join('/')
    if (file === verdictModule) continue
    const text = readFileSync(path, 'utf8')
    // Parsing is the slow part: only files that name one of them at all are parsed.
    if (![...erroredNames, '_error'].some((name) => text.includes(name))) continue
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      // `'_error'` too: `kind.endsWith('_error')` would be the same re-derivation by suffix.
      const named = literal && (erroredNames.has(node.text) || node.text === '_error')
      if (named && !producesFailure(node) && !inTaxonomy(node, file)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart())
        found.push(`${file}:${line + 1}: ${node.parent.getText().slice(0, 120)}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('the verdict seam', () => {
  it('no file outside core/verdict.ts reads an errored failure kind by name to decide errored or failed', () => {
    expect(readsOfErroredKinds()).toEqual([])
  })

  it('the errored kinds are defined once, in the verdict module, and are kinds of the taxonomy', () => {
    expect(erroredKinds.length).toBeGreaterThan(0)
    for (const kind of erroredKinds) expect(failureKinds).toContain(kind)
  })
})
