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
 * Words that make a name a credential's alone (`GITHUB_TOKEN`, `clientSecret`, `Authorization`, `DB_PASSWORD`), and
 * pairs that do (`API_KEY`, `accessKey`). Whole words, not letters: `MAX_TOKENS`, `TOKENIZER`, `AUTHOR` or
 * `KEYBOARD` hold words and numbers the answers repeat, and redacting those would shred every report. Not `tokens`:
 * `stop_tokens` lists words of the text.
 */
const credentialWords = new Set(['token', 'secret', 'secrets', 'password', 'passwords', 'passwd', 'passphrase', 'auth', 'authorization', 'credential', 'credentials', 'cookie', 'cookies', 'signature', 'apikey', 'apikeys', 'bearer', 'jwt'])
const credentialPairs = new Set(['api key', 'access key', 'private key', 'secret key', 'session key', 'license key'])
/** A word run together from a credential word (`accesstoken`, `githubtoken`, `dbpassword`). */
const credentialSuffix = /(token|secret|password|passwd|apikey)$/

/** The words of a name in snake, kebab or camel case (`x-portkey-api-key`, `clientSecret`, `AWS_SECRET_ACCESS_KEY`). */
function nameWords(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)
}

/** Whether a request body's field holds a credential: one of its words says so (`api_key`, `client_secret`; not `prompt_cache_key`). */
export function isCredentialField(name: string): boolean {
  const words = nameWords(name)
  return words.some((word, index) => credentialWords.has(word) || credentialSuffix.test(word) || credentialPairs.has(`${word} ${words[index + 1] ?? ''}`))
}

/**
 * Whether a header, environment variable, flag or query parameter of this name carries a credential: a body
 * field's rule, or a name ending in `key` — there a key is the credential (`STRIPE_KEY`, `Ocp-Apim-Subscription-Key`,
 * Google's `?key=`), as a body's `sort_key` is not.
 */
export function isCredentialName(name: string): boolean {
  return isCredentialField(name) || nameWords(name).at(-1) === 'key'
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
