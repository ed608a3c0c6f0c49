import { warnOnce } from '../core/warnings.ts'

/** Header names whose values are credentials: never written to cassettes, transcripts or logs. */
const secretHeaderNames: readonly string[] = ['authorization', 'x-api-key', 'api-key', 'x-goog-api-key', 'proxy-authorization']

/** What a redacted value is replaced with. */
export const redactedMarker = '[redacted]'

/**
 * Secrets shorter than this are not redacted: replacing every `ab` or `x1` of a report would shred it (too many false
 * hits). Where a secret is registered, `warnIfUnredactable` tells the user.
 */
export const shortestRedacted = 4

/**
 * Warns, once per value, that a secret from `source` (an environment variable's name, a setting's field — never the
 * value) is too short to be redacted, so it may appear in what a run writes: through the run's onWarning when a run
 * says it, else on stderr (core/warnings.ts). Blank values are not secrets.
 */
export function warnIfUnredactable(value: string, source: string): void {
  if (value.length >= shortestRedacted || value.trim() === '') return
  const length = `${value.length} character${value.length === 1 ? '' : 's'}`
  warnOnce(`short secret\0${value}`, `${source} is a secret of ${length}: secrets under ${shortestRedacted} characters cannot be redacted (every report would be garbled), so it may appear in reports, the journal, cassettes and messages — use a longer one`)
}

/** Replaces every occurrence of each secret value in `text` (secrets shorter than `shortestRedacted` are ignored: too many false hits). */
export function redactText(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, longestFirst(secrets))
}

/** Deep copy of a JSON-like value with secret values replaced in every string (keys included). */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value
  return walk(value, longestFirst(secrets)) as T
}

// A secret that is part of another (a key and a longer one that begins with it) must not be replaced first: the
// longer one's remainder would be left in the text. Longest first replaces each whole.
function longestFirst(secrets: readonly string[]): readonly string[] {
  return secrets.filter((secret) => secret.length >= shortestRedacted).sort((a, b) => b.length - a.length)
}

function replaceSecrets(text: string, ordered: readonly string[]): string {
  let result = text
  for (const secret of ordered) result = result.split(secret).join(redactedMarker)
  return result
}

function walk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return replaceSecrets(value, secrets)
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets))
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) copy[replaceSecrets(key, secrets)] = walk(item, secrets)
    return copy
  }
  return value
}

/** Plain header record with credential headers masked and secret values removed from the others. */
export function redactHeaders(headers: Headers, secrets: readonly string[], keep?: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {}
  headers.forEach((value, name) => {
    const lower = name.toLowerCase()
    if (secretHeaderNames.includes(lower)) result[lower] = redactedMarker
    else if (!keep || keep.includes(lower)) result[lower] = redactText(value, secrets)
  })
  return result
}

/** Secret values worth redacting: configured ones plus the values of the credential headers of a request. */
export function secretsFromHeaders(headers: Headers): string[] {
  const found: string[] = []
  for (const name of secretHeaderNames) {
    const value = headers.get(name)
    if (!value) continue
    found.push(value)
    const bare = bareCredential(value)
    if (bare !== value) found.push(bare)
  }
  return found
}

/**
 * Names of headers and environment variables whose values are credentials: the standard headers and a gateway's
 * own (`cf-aig-authorization`, `x-portkey-api-key`), and the variables servers read theirs from (`GITHUB_TOKEN`,
 * `API_KEY`, `DB_PASSWORD`, `AWS_SECRET_ACCESS_KEY`).
 */
const credentialNamePattern = /auth|key|token|secret|passw|cookie|signature|credential/i

/** Whether a header or variable of this name carries a credential (see `credentialNamePattern`). */
export function isCredentialName(name: string): boolean {
  return credentialNamePattern.test(name)
}

/** The authentication schemes written before a credential (`Bearer sk-…`, GitHub's `token ghp_…`). */
const schemePrefix = /^(bearer|basic|token)\s+/i

/** A credential without its `Bearer`/`Basic`/`token` scheme: the bare key also shows up elsewhere (error messages echo it). */
export function bareCredential(value: string): string {
  return value.replace(schemePrefix, '')
}

/** The password of a URL's userinfo (`postgres://app:pw@db/x`), as written and decoded; none when the text is no such URL. */
export function urlPasswords(value: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) return []
  try {
    const password = new URL(value).password
    if (!password) return []
    const decoded = decodeURIComponent(password)
    return decoded !== password ? [password, decoded] : [password]
  } catch {
    return []
  }
}
