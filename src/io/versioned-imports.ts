import { register } from 'node:module'

/** The URL query parameter naming the digest of the code an ES module was imported for again (io/load-module.ts). */
export const versionParameter = 'toolgauge-code'

/**
 * A resolve hook giving the local files a versioned module imports the module's version: Node keeps an ES module by
 * its URL, so a changed file imported by a changed module (the digest covers both) would otherwise be the copy first
 * imported. Packages (node_modules) keep their URL: the lockfile versions them. The hook is our own text, given as a
 * data: URL, not a file anyone could change.
 */
const hook = `
const versioned = /[?&]${versionParameter}=([0-9a-f]+)/
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  const version = context.parentURL ? versioned.exec(context.parentURL)?.[1] : undefined
  if (!version || !resolved.url.startsWith('file:') || resolved.url.includes('/node_modules/') || versioned.test(resolved.url)) return resolved
  return { ...resolved, url: resolved.url + (resolved.url.includes('?') ? '&' : '?') + '${versionParameter}=' + version }
}
`

let registered = false

/**
 * Registers the hook, once per process, when a module importing local files is first imported again (Node starts a
 * thread for hooks: a run that imports each module once never pays for it).
 */
export function versionLocalImports(): void {
  if (registered) return
  registered = true
  register(`data:text/javascript,${encodeURIComponent(hook)}`)
}
