import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** What `toolgauge init` found in the project, which decides what it tells the user to do next. */
export type ProjectState = {
  /** The project has a package.json (the workflow runs `npm ci` from it). */
  readonly hasPackageJson: boolean
  /** `toolgauge` resolves from the project (toolgauge.config.ts imports `toolgauge/config`). */
  readonly toolgaugeInstalled: boolean
  /** What `npm install -D` should be given to install this toolgauge: a path to its package folder. */
  readonly installFrom: string
  /** toolgauge's version, which names the tarball `npm pack` makes of it. */
  readonly version: string
  /** The project's package.json spec for toolgauge when it names a folder or file a CI checkout lacks (`file:../toolgauge`). */
  readonly installedFromOutside?: string
  /** Whether `installFrom` lies outside what a CI checkout of the project holds. */
  readonly installFromOutside: boolean
}

/** Whether `toolgauge` resolves from `root` as the config's `import … from 'toolgauge/config'` would. */
export function toolgaugeResolvesFrom(root: string): boolean {
  try {
    // The file need not exist: createRequire only takes its folder as the start of the lookup.
    createRequire(join(root, 'package.json')).resolve('toolgauge/package.json')
    return true
  } catch {
    return false
  }
}

/**
 * A package folder as `npm install` takes it from `root`: the shorter of its relative path (starting with ./ or ../,
 * as npm needs to read it as a folder: `../toolgauge`) and its absolute path.
 */
export function installSpec(root: string, packageRoot: string): string {
  const path = relative(root, packageRoot)
  if (path === '' || isAbsolute(path)) return packageRoot
  const local = path.startsWith('..') ? path : `.${sep}${path}`
  return local.length < packageRoot.length ? local : packageRoot
}

/** The folder a CI runner checks out: the git work tree holding `root`, else `root` itself. */
function checkoutRoot(root: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir
    if (dirname(dir) === dir) return root
  }
}

/** Whether a path (from `root`) lies outside the checkout: a CI runner has only what the repository holds. */
function outsideCheckout(root: string, path: string): boolean {
  const from = relative(checkoutRoot(root), resolve(root, path))
  return from.startsWith('..') || isAbsolute(from)
}

/** The project's package.json spec for toolgauge, when it installs it from a path outside the checkout. */
function specFromOutside(root: string): string | undefined {
  let manifest: { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> }
  try {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof manifest
  } catch {
    return undefined
  }
  const spec = manifest.devDependencies?.toolgauge ?? manifest.dependencies?.toolgauge
  if (typeof spec !== 'string') return undefined
  // npm writes a path as file:<path>; a bare ./ ../ or / path means the same. Anything else is a registry or git spec.
  const path = spec.startsWith('file:') ? spec.slice('file:'.length) : /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:)/.test(spec) ? spec : undefined
  return path !== undefined && outsideCheckout(root, path) ? spec : undefined
}

/** What the project lacks, read from the disk. */
export function projectState(root: string, packageRoot: string, version: string): ProjectState {
  const installedFromOutside = specFromOutside(root)
  return {
    hasPackageJson: existsSync(join(root, 'package.json')),
    toolgaugeInstalled: toolgaugeResolvesFrom(root),
    installFrom: installSpec(root, packageRoot),
    version,
    installFromOutside: outsideCheckout(root, packageRoot),
    ...(installedFromOutside !== undefined ? { installedFromOutside } : {}),
  }
}

/** How to install toolgauge so that CI's `npm ci` finds it: a tarball made in the project and committed with it. */
const tarballSteps = (state: ProjectState) => `npm pack ${state.installFrom}, then npm install -D ./toolgauge-${state.version}.tgz`

const runStep = 'npx toolgauge run    (the scripted model answers the example suite offline; reports go to reports/latest/)'

/**
 * Where a newcomer goes after the example passes: a suite of their own (named apart: a copy of the example keeps
 * `name: example`, which the run refuses as a duplicate), run offline by the baseline (`--model` on the command
 * line replaces the config's models, whose scripted one answers only the example) — a floor, so its failures are
 * no surprise — then a real model and its key in CI.
 */
const ownSuiteStep = [
  'Then:  your own suite in evals/<name>/suite.yaml with a name: of its own (README "Suite files"; the example is a',
  '       template), run offline by the baseline model: npx toolgauge run evals/<name> --model baseline',
  '       (a floor, not an LLM: README "The baseline model"). A real model: the comment in toolgauge.config.ts;',
  "       in CI its key comes from the repository's secrets (the env: comment in .github/workflows/toolgauge.yml).",
]

/**
 * The lines `init` ends with. Without toolgauge installed in the project, `npx toolgauge run` would fail on the
 * config's import (or make npx fetch whatever the registry calls toolgauge), so installing comes first.
 */
export function nextSteps(state: ProjectState): readonly string[] {
  if (state.toolgaugeInstalled) {
    const note = state.hasPackageJson ? [] : ['Note: no package.json here; the workflow runs `npm ci` and `npx toolgauge` from one that lists toolgauge.']
    // `npm install -D ../toolgauge` works here and breaks CI: the runner checks out this project alone.
    const outside = state.installedFromOutside === undefined ? [] : [
      `Note: package.json installs toolgauge from ${state.installedFromOutside}, outside this project: a CI runner checks`,
      "      out the project alone, so the workflow's npm ci fails there. Install it from a tarball in the project (commit",
      `      it): ${tarballSteps(state)}; or from a registry.`,
    ]
    return [...note, ...outside, '', `Next: ${runStep}`, ...ownSuiteStep]
  }
  const install = `npm install -D ${state.installFrom}`
  return [
    '',
    'toolgauge is not installed in this project: toolgauge.config.ts imports toolgauge/config, and the workflow runs',
    '`npm ci` then `npx toolgauge`, so install it as a dev dependency (this toolgauge, or your tarball) first.',
    `Next: ${state.hasPackageJson ? install : `npm init -y && ${install}`}`,
    `      ${runStep}`,
    ...(state.installFromOutside ? [`      In CI, npm ci needs it inside the project: ${tarballSteps(state)} (commit it).`] : []),
    ...ownSuiteStep,
  ]
}
