import { bareCredential, isCredentialField, isCredentialName, urlPasswords, warnIfUnredactable } from '../../http/redact.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import type { ModelSettings } from './model-settings.ts'

/**
 * The credentials a model's settings send, secrets of the run like its key: the values of its `extra_headers` that
 * are credential headers (`Authorization: Bearer …` to a proxy, `x-api-key`, a gateway's own token header), as sent
 * and bare, and the credentials in its `extra_body` (`bodyCredentials`). Both are sent in every request, so they
 * reach the raw payloads of the transcripts, the journal, the cassettes and what a host echoes: redacting them
 * there keeps them off disk while the body still shows which fields were sent.
 */
export function settingsCredentials(settings: ModelSettings | undefined): string[] {
  const found = new Set<string>()
  const add = (value: string, field: string) => {
    // As sent (the Headers class trims a header's value) and bare of its scheme: each may be echoed.
    for (const form of [value, value.trim(), bareCredential(value.trim())]) {
      found.add(form)
      warnIfUnredactable(form, `the setting ${field}`)
    }
  }
  for (const [name, value] of Object.entries(settings?.extra_headers ?? {})) if (isCredentialName(name)) add(value, `extra_headers.${name}`)
  if (settings?.extra_body) bodyCredentials(settings.extra_body, 'extra_body', undefined, add)
  return [...found]
}

/**
 * The credentials of an `extra_body` value, at any depth: each text under a field whose name says it is one
 * (`api_key`, `access_token`, `metadata.auth`, `client_secret`, `password`; each item of a list under such a name),
 * bare of a `Bearer` scheme, and the password of any URL with one. Named by its words, not by a substring as
 * headers are: a body's `prompt_cache_key`, `sort_key` or `tokenizer` hold short words the answers repeat, and
 * redacting those would shred every transcript; numbers and booleans (`max_tokens`) are never credentials here.
 */
function bodyCredentials(value: unknown, path: string, field: string | undefined, add: (value: string, path: string) => void): void {
  if (typeof value === 'string') {
    if (field !== undefined && isCredentialField(field)) add(value, path)
    for (const password of urlPasswords(value)) add(password, path)
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => bodyCredentials(item, `${path}[${index}]`, field, add))
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) bodyCredentials(item, `${path}.${key}`, key, add)
  }
}
