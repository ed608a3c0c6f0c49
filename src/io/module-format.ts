import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** An ES module written as a `.js` file that Node reads as CommonJS: the package.json that decides it. */
export type EsmInCommonJs = { readonly packageJson: string | undefined; readonly type: unknown }

/**
 * Whether a `.js` file that failed to load is ES module syntax (`export` / `import` at the start of a line) in a
 * CommonJS scope (the nearest package.json does not say `"type": "module"`): Node's errors for it speak of cycles,
 * `require()` or an unexpected token, never of the file's name. Only called on the error path.
 */
export function esmInCommonJs(path: string): EsmInCommonJs | undefined {
  if (!path.endsWith('.js')) return undefined
  let source: string
  try {
    source = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  if (!/^\s*(?:export\s*[{*\w]|import\s*[{*'"\w])/m.test(source)) return undefined
  const packageJson = nearestPackageJson(dirname(path))
  const type = packageType(packageJson)
  return type === 'module' ? undefined : { packageJson, type }
}

function nearestPackageJson(folder: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    const candidate = join(current, 'package.json')
    if (existsSync(candidate)) return candidate
    if (dirname(current) === current) return undefined
  }
}

function packageType(packageJson: string | undefined): unknown {
  if (!packageJson) return undefined
  try {
    return (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: unknown }).type
  } catch {
    return undefined
  }
}
