// Which values of a model's settings are secrets of the run: credential headers, and the credentials in extra_body.
import { describe, expect, it } from 'vitest'
import { settingsCredentials } from '../../src/providers/settings/settings-credentials.ts'

describe("the secrets of a model's settings", () => {
  it('extra_body: texts under credential-named fields at any depth (camel, snake, kebab; list items), bare of a scheme, and URL passwords', () => {
    const secrets = settingsCredentials({
      extra_body: {
        api_key: 'sk-body-5150',
        metadata: { accessToken: 'Bearer at-5150', 'client-secret': 'cs-5150', tags: ['x'] },
        passwords: ['p1-5150', 'p2-5150'],
        webhook: 'https://hook:hook-pw-5150@example.test/in',
      },
    })
    expect(new Set(secrets)).toEqual(new Set(['sk-body-5150', 'Bearer at-5150', 'at-5150', 'cs-5150', 'p1-5150', 'p2-5150', 'hook-pw-5150']))
  })

  it('extra_body: no field merely holding "key" or "token" in another word, and no number or boolean', () => {
    const secrets = settingsCredentials({
      extra_body: { prompt_cache_key: 'weather-suite', sort_key: 'name', tokenizer: 'cl100k', max_tokens: 100, auth: true, region: 'eu' },
    })
    expect(secrets).toEqual([])
  })

  it('extra_headers: credential headers as sent and bare; other headers are not secrets', () => {
    const secrets = settingsCredentials({ extra_headers: { 'cf-aig-authorization': 'Bearer gw-5150', 'anthropic-beta': 'tools-2024' } })
    expect(new Set(secrets)).toEqual(new Set(['Bearer gw-5150', 'gw-5150']))
  })
})
