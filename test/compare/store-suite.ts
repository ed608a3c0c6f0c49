import { tempFiles } from '../helpers/cli.ts'

/** The four cases of the small `store` suite the merge CLI tests run: each expects get { key: <its id> }. */
export const storeIds = ['read-1', 'read-2', 'read-3', 'read-4']

const suite = [
  'name: store',
  'tools: ./tools.json',
  'cases:',
  ...storeIds.flatMap((id) => [`  - id: ${id}`, `    prompt: Read the value of ${id}.`, '    expect:', `      calls: [{ name: get, args: { key: ${id} } }]`]),
].join('\n')

/** A scripted model's answers: the first `right` cases right, the rest with the wrong key (a failed case). */
function script(right: number): string {
  return storeIds.map((id, i) => `${id}:\n  - tool_calls: [{ id: c1, name: get, arguments: { key: ${i < right ? id : 'wrong'} } }]\n  - content: done`).join('\n')
}

/** A folder with suite.yaml, tools.json, a `<name>.yaml` script per entry of `scripts` (name → cases right) and `extra` files. */
export function storeFiles(scripts: Record<string, number>, extra: Record<string, string> = {}): string {
  return tempFiles({
    'tools.json': JSON.stringify([{ name: 'get', description: 'Read the value stored under a key.', parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } }]),
    'suite.yaml': suite,
    ...Object.fromEntries(Object.entries(scripts).map(([name, right]) => [`${name}.yaml`, script(right)])),
    ...extra,
  })
}
