// "One verdict, read everywhere", the other half of verdict-seam.test.ts: a result's `passed` flag says only
// passed or not, so an output deciding by it re-derives the verdict and merges errored into failed (`merge` found
// disagreeing duplicates that way and missed an errored copy against a failed one). Outputs read the stored verdict
// with `verdictOf` (core/verdict.ts). This test type-checks src/ and finds every read of `.passed` on a value
// shaped like a result (suite, case, failures); copying the field into another record (`passed: result.passed`)
// carries it and is allowed.
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/shared-data.ts'

/** The one module that reads `passed` to decide a verdict (for results stored before the verdict was). */
const verdictModule = 'src/core/verdict.ts'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Whether a `.passed` read only copies the field into a record of the same name (`{ passed: result.passed }`). */
function copiesField(node: ts.PropertyAccessExpression): boolean {
  const parent = node.parent
  return ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isIdentifier(parent.name) && parent.name.text === 'passed'
}

/** Every read of a result's `passed` outside the verdict module: file:line and the code. */
function readsOfPassed(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(projectRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
  const program = ts.createProgram(sourceFiles(join(projectRoot, 'src')), { ...config?.options, noEmit: true })
  const checker = program.getTypeChecker()
  const found: string[] = []
  for (const source of program.getSourceFiles()) {
    const file = relative(projectRoot, source.fileName).split('\\').join('/')
    if (!file.startsWith('src/') || file === verdictModule || !source.text.includes('.passed')) continue
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'passed' && !copiesField(node)) {
        const fields = new Set(checker.getTypeAtLocation(node.expression).getApparentProperties().map((property) => property.name))
        if (fields.has('failures') && fields.has('suite') && fields.has('case')) {
          found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.parent.getText().slice(0, 120)}`)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('the verdict is read, not re-derived from passed', () => {
  it('no file outside core/verdict.ts decides by a result\'s passed flag (use verdictOf)', () => {
    expect(readsOfPassed()).toEqual([])
  }, 60_000)
})
