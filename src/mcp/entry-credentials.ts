import { bareCredential, isCredentialName, redactedMarker, urlPasswords } from '../http/redact.ts'

/** The credentials written in some text of an MCP entry, and that text as a label shows it (each one masked). */
export type FoundCredentials<T> = { readonly secrets: readonly string[]; readonly shown: T }

/**
 * What of one env or header value is a credential, however it was written: the value (without a `Bearer` scheme,
 * which stays readable) of one whose name says it is (`GITHUB_TOKEN`, `Authorization`, `x-api-key`, `DB_PASSWORD`),
 * and the credentials of a URL (`urlCredentials`: `DATABASE_URL: postgres://app:pw@db/x`). Not every value:
 * `LOG_LEVEL: debug` or `ROOT: /srv/data` are words and paths that tool results and answers repeat, and redacting
 * them would shred the transcripts and reports for nothing. The value of a `${VAR}` is judged the same way, its
 * variable's name counting too (server-spec.ts): `${GITHUB_TOKEN}` is a secret wherever it stands, `${PORT}` is not.
 */
export function credentialValues(name: string, value: string): string[] {
  const found = [...urlCredentials(value).secrets]
  if (isCredentialName(name)) found.push(bareCredential(value))
  return found
}

/**
 * The credentials of a URL (`https://app:pw@host/mcp?api_key=sk-…&page=2`): its password and the values of its
 * query parameters whose names say they are credentials (`api_key`, `token`, `access_token`, `key` — the rule of
 * env and header names), as written and decoded; `shown` is the URL as written with each of them `[redacted]`.
 * Text that is no URL has none.
 */
export function urlCredentials(text: string): FoundCredentials<string> {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(text)
  if (!authority) return { secrets: [], shown: text }
  const secrets = urlPasswords(text).filter((password) => !onlyReferences(decoded(password)))
  let shown = text
  const at = (authority[1] ?? '').lastIndexOf('@')
  const colon = (authority[1] ?? '').indexOf(':')
  if (secrets.length > 0 && colon >= 0 && colon < at) {
    const start = authority[0].length - (authority[1] ?? '').length
    shown = `${text.slice(0, start + colon + 1)}${redactedMarker}${text.slice(start + at)}`
  }
  const query = shown.indexOf('?')
  if (query < 0) return { secrets, shown }
  const hash = shown.indexOf('#', query)
  const end = hash < 0 ? shown.length : hash
  const parameters = shown.slice(query + 1, end).split('&').map((parameter) => {
    const equals = parameter.indexOf('=')
    const value = parameter.slice(equals + 1)
    if (equals <= 0 || value === '' || !isCredentialName(decoded(parameter.slice(0, equals))) || onlyReferences(value)) return parameter
    secrets.push(value)
    if (decoded(value) !== value) secrets.push(decoded(value))
    return `${parameter.slice(0, equals + 1)}${redactedMarker}`
  })
  return { secrets, shown: `${shown.slice(0, query + 1)}${parameters.join('&')}${shown.slice(end)}` }
}

/**
 * The credentials among a stdio server's arguments, and the arguments with each masked: the value of a flag whose
 * name says it is one (`--api-key sk-…`, `--token=…`, `--password x`), of a `NAME=value` whose name does (docker's
 * `-e GITHUB_TOKEN=ghp_…`), of a credential header (`--header "Authorization: Bearer …"`, as mcp-remote takes it;
 * the scheme stays readable), and the credentials of a URL (`urlCredentials`), also as a flag's value
 * (`--db=postgres://app:pw@db/x`). The rule of env and header names,
 * so `--root /srv/data` or `--port 8080` stay readable.
 */
export function argCredentials(args: readonly string[]): FoundCredentials<readonly string[]> {
  const secrets: string[] = []
  const shown = args.map((arg, index) => {
    const previous = index > 0 ? flagName(args[index - 1] as string) : undefined
    if (previous !== undefined && isCredentialName(previous) && !arg.startsWith('-')) return masked(arg, '', secrets)
    // `--name=value`, `NAME=value` or a header `Name: value` (not a URL's `scheme://`): named by what precedes it.
    const assigned = /^(-{0,2}[A-Za-z_][\w.-]*=)(.+)$/s.exec(arg) ?? /^([A-Za-z][\w-]*:\s*)(?!\/\/)(\S.*)$/s.exec(arg)
    const [prefix, value] = assigned ? [assigned[1] as string, assigned[2] as string] : ['', arg]
    if (assigned && isCredentialName(prefix.replace(/^-+|[=:\s]+$/g, ''))) return masked(value, prefix, secrets)
    const url = urlCredentials(value)
    for (const secret of url.secrets) secrets.push(secret)
    return `${prefix}${url.shown}`
  })
  return { secrets, shown }
}

/**
 * Whether an entry (as written, unexpanded) holds a credential literally rather than through `${VAR}`: the suite
 * holding it is then never copied into the user's cache. A value of `${VAR}` references and a scheme only is not.
 */
export function writesCredentialLiterally(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object') return false
  const entry = raw as Record<string, unknown>
  const written = [entry.env, entry.headers].flatMap((values) => (values !== null && typeof values === 'object'
    ? Object.entries(values).flatMap(([name, value]) => (typeof value === 'string' ? credentialValues(name, value) : []))
    : []))
  const args = Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === 'string') : []
  const inLine = typeof entry.url === 'string' ? urlCredentials(entry.url).secrets : argCredentials(args).secrets
  return written.concat(inLine).some((credential) => !onlyReferences(credential))
}

/** Whether a credential is written as `${VAR}` references only (`${GITHUB_TOKEN}`, `Bearer ${T}`): no secret of its own. */
function onlyReferences(credential: string): boolean {
  return bareCredential(credential.replace(variableReference, '').trim()) === ''
}

/** A `${NAME}` reference in an MCP entry's command, args, url, env or header value. */
export const variableReference = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/g

/**
 * The name of a flag argument (`--api-key` → `api-key`); none for any other argument (`--token=x` carries its
 * value), nor for a negated one (`--no-auth`), which takes none.
 */
function flagName(arg: string): string | undefined {
  const name = /^--?([A-Za-z][\w.-]*)$/.exec(arg)?.[1]
  return name?.startsWith('no-') ? undefined : name
}

/**
 * `prefix` and the credential `value` masked (a `Bearer` scheme kept), the bare credential added to `secrets`; a
 * value of `${VAR}` references only is shown as written (its expanded value is then the secret, see server-spec.ts).
 */
function masked(value: string, prefix: string, secrets: string[]): string {
  const bare = bareCredential(value)
  if (onlyReferences(bare)) return `${prefix}${value}`
  secrets.push(bare)
  return `${prefix}${value.slice(0, value.length - bare.length)}${redactedMarker}`
}

/** A query component decoded as a server reads it (`+` is a space); as written when it is not valid percent-encoding. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '))
  } catch {
    return component
  }
}
