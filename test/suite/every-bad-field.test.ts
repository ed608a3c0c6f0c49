import { describe, expect, it } from 'vitest'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'create_note', description: 'Create a note', parameters: { type: 'object', properties: { title: { type: 'string' } } } }])

/** The error loading this suite text fails with, its folder left out of every line. */
async function suiteError(text: string): Promise<string> {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': text })
  try {
    await loadSuite(`${dir}/suite.yaml`)
  } catch (error) {
    return (error as Error).message.replaceAll(`${dir}/`, '')
  }
  throw new Error('loaded without an error')
}

// Only the first bad field was told: a user fixed it, ran again, and only then learnt of the next.
describe('a suite with several bad fields names them all, the first as before', () => {
  it('the first line as it was, then at most 3 more fields in file order and how many are left', async () => {
    const suite = [
      'name: s',
      'tools: ./tools.json',
      'max_tool_tokens: many',
      'cases:',
      '  - id: a',
      '    prompt: hi',
      '    tool_choice: 3',
      '  - id: b',
      '    prompt: hi',
      '    expect:',
      '      calls: { name: create_note }',
      '  - id: c',
      '    promt: hi',
      '',
    ].join('\n')
    expect(await suiteError(suite)).toBe([
      'suite.yaml:11: cases.1.expect.calls: expected array, got one object: put it in a list ([{ … }], or a "- " item)',
      '  also: suite.yaml:3: max_tool_tokens: expected one of: a number, or { total: …, tools: … }',
      '  also: suite.yaml:7: cases.0.tool_choice: expected one of: "auto", "none", "required", or { name: … }',
      '  also: suite.yaml:13: cases.2.promt: unknown field "promt" (did you mean "prompt"?)',
      '  and 1 more',
    ].join('\n'))
  })

  it('a bad field deep in one case is the only line: the lists and unions around it are not told', async () => {
    const message = await suiteError('name: s\ntools: [./tools.json]\ncases:\n  - id: a\n    prompt: hi\n    expect:\n      custom: [{ module: ./c.ts }]\n')
    expect(message).toBe('suite.yaml:7: cases.0.expect.custom.0.export: missing required field "export"')
  })
})

// A union inside a list or behind a $ref printed a line per branch: `tools: [[./tools.json]]` said "expected object" and "also
// …: expected a value that must NOT be valid", `custom:` (null) "expected object" and "also …: expected array", an
// MCP server's `allow: null` only "expected a value that must be equal to constant".
describe('a field of several forms below the top, given none, says so in one line', () => {
  const only = (message: string) => message.replace(/^suite\.yaml:/, '')
  it('a tools entry, a custom check ($ref branch), an MCP server\'s allow', async () => {
    expect(only(await suiteError('name: s\ntools: [[./tools.json]]\ncases:\n  - id: a\n    prompt: hi\n'))).toBe('2: tools.0: expected one of: a string, or an object')
    expect(only(await suiteError('name: s\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expect:\n      custom:\n'))).toBe('7: cases.0.expect.custom: expected one of: { module: …, export: … }, or a list')
    expect(only(await suiteError('name: s\ntools: [{ mcp: { command: x, allow: null } }]\ncases:\n  - id: a\n    prompt: hi\n'))).toBe('2: tools.0.mcp.allow: expected one of: "all", or a list')
  })
})

// A list's hint won over the forms and a close word: `allow: '*'` and `custom: 3` got "write [3]"-style advice,
// `allow: al` 'expected array, got the string "al": write ["al"]'.
describe('a field of a word or a list, given a near word or no item, is not told to be a list', () => {
  const allow = (value: string) => suiteError(`name: s\ntools: [{ mcp: { command: x, allow: ${value} } }]\ncases:\n  - id: a\n    prompt: hi\n`)
  it('an MCP server\'s allow, a custom check', async () => {
    expect(await allow('al')).toBe('suite.yaml:2: tools.0.mcp.allow: expected "all" (did you mean "all"?)')
    expect(await allow("'*'")).toBe('suite.yaml:2: tools.0.mcp.allow: expected one of: "all", or a list')
    expect(await allow('3')).toBe('suite.yaml:2: tools.0.mcp.allow: expected one of: "all", or a list')
    expect(await suiteError('name: s\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expect:\n      custom: 3\n')).toBe('suite.yaml:7: cases.0.expect.custom: expected one of: { module: …, export: … }, or a list')
  })
})

// ajv's words for a pattern are the regular expression alone: `allow: ['*']` read 'expected a value that must match
// pattern "^[^*?]*$"', which says nothing of what to write; the field's description does.
describe('a value a field\'s pattern refuses is told what the field holds', () => {
  it('a wildcard in an MCP server\'s allow list', async () => {
    expect(await suiteError('name: s\ntools: [{ mcp: { command: x, allow: [\'*\'] } }]\ncases:\n  - id: a\n    prompt: hi\n')).toBe(
      'suite.yaml:2: tools.0.mcp.allow.0: expected a value that must match pattern "^[^*?]*$", got "*" — a tool\'s name: no wildcards (allow: all is every tool)',
    )
  })
})
