// Validator-fuzzer throughput on a realistic tool schema (examples/fuzz/tools.json: create_event — nested object,
// date-time and email formats, a unique array): valid samples/s from the JSON Schema mapper, oracle-confirmed
// invalid mutants/s, and end-to-end property checks/s against a strict validator. Figures vary with machine load.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import type { ToolDefinition } from '../src/core/tool.ts'
import { fuzzValidator } from '../src/fuzz/fuzz-validator.ts'
import { invalidArguments, validArguments } from '../src/fuzz/inputs.ts'
import { validateAgainst } from '../src/schema/ajv.ts'

const here = dirname(fileURLToPath(import.meta.url))
const tools = JSON.parse(readFileSync(join(here, '../examples/fuzz/tools.json'), 'utf8')) as ToolDefinition[]
const tool = tools.find((candidate) => candidate.name === 'create_event')!

// Runs `step(n)` with growing n until it takes at least `minMs`; returns items per second.
function perSecond(step: (n: number, seed: number) => void, minMs = 1500): number {
  let n = 200
  let seed = 1
  for (;;) {
    const start = performance.now()
    step(n, seed++)
    const elapsed = performance.now() - start
    if (elapsed >= minMs) return (n / elapsed) * 1000
    n *= 2
  }
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US')

/** Prints the fuzzer's samples per second. */
export async function run(): Promise<void> {
  const valid = validArguments(tool.parameters)
  const invalid = invalidArguments(tool.parameters, valid)
  const samples = perSecond((n, seed) => void fc.sample(valid, { numRuns: n, seed }))
  const mutants = perSecond((n, seed) => void fc.sample(invalid, { numRuns: n, seed }))
  const validator = (args: unknown, candidate: ToolDefinition): boolean => validateAgainst(candidate.parameters, args).length === 0
  const runs = 1000
  const start = performance.now()
  const report = await fuzzValidator({ tools: [tool], validator, runs, seed: 1 })
  const checks = report.results.reduce((sum, result) => sum + (result.status === 'skipped' ? 0 : runs), 0)
  const elapsed = performance.now() - start
  console.log(`schema: examples/fuzz/tools.json#${tool.name}`)
  console.log(`valid samples/s (mapper + oracle filter):     ${format(samples)}`)
  console.log(`invalid mutants/s (oracle-confirmed):          ${format(mutants)}`)
  console.log(`property checks/s (6 properties, strict ajv):  ${format((checks / elapsed) * 1000)}  (${checks} checks in ${Math.round(elapsed)} ms, ${report.findings.length} findings)`)
}
