// `toolgauge conformance --json` prints its document to the terminal: the model spec and the probe messages (which
// quote what the host answered) with the characters JSON.stringify leaves raw (C1, bidi) \u-escaped, as every
// other --json output (tokens, lint-tools, fuzz, mcp list) prints its own.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { baseUrlFor } from '../providers/fake/harness.ts'
import { runMain } from '../helpers/cli.ts'
import { startStandIn } from './stand-in.ts'

const raw = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

describe('toolgauge conformance --json', () => {
  it('writes a spec holding bidi and C1 characters \\u-escaped: the same JSON value, nothing raw on the terminal', async () => {
    const spec = 'openai-compatible:qwen\u202e\u0085x'
    const server = await startStandIn('openai-compatible')
    const out = mkdtempSync(join(tmpdir(), 'toolgauge-conformance-inert-'))
    try {
      const { code, stdout } = await runMain(['conformance', '--model', spec, '--base-url', baseUrlFor('openai-compatible', server.origin), '--retries', '0', '--out', out, '--json'])
      expect(code).toBe(0)
      expect(stdout).not.toMatch(raw)
      expect(stdout).toContain('"spec": "openai-compatible:qwen\\u202e\\u0085x"')
      expect((JSON.parse(stdout) as { models: { spec: string }[] }).models[0]!.spec).toBe(spec)
    } finally {
      await server.close()
      rmSync(out, { recursive: true, force: true })
    }
  })
})
