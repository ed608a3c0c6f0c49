import type { Case } from '../core/case.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import type { Locate } from './case-file.ts'

/**
 * A case that exposes a subset of the suite's tools (`tools: [...]`) may name no other tool in its expectation (its
 * `forbid:` too) or its own `stubs:` — an expected call the model cannot make can never pass, forbidding a call it
 * cannot make tests nothing, and a stub for a tool it cannot call never runs. Throws at the first such name (`tool_choice` is checked the same way when it is parsed). The suite's
 * expectations and stubs were already checked against the suite's tools.
 */
export function checkCaseToolReferences(rawCase: Record<string, unknown>, testCase: Case, at: Locate): void {
  if (rawCase.tools === undefined) return
  const exposed = new Set(testCase.tools.map((tool) => tool.name))
  const listed = `this case exposes ${[...exposed].join(', ') || 'no tools'} (its tools:)`
  testCase.expect.calls.forEach((call, index) => {
    if (!exposed.has(call.name)) throw at(['expect', 'calls', index, 'name'], `expected call to "${call.name}", which the model cannot make: ${listed}${didYouMean(call.name, exposed)}`)
  })
  testCase.expect.forbid?.forEach((call, index) => {
    if (!exposed.has(call.name)) throw at(['expect', 'forbid', index, 'name'], `forbids "${call.name}", which the model cannot call: ${listed}${didYouMean(call.name, exposed)}`)
  })
  for (const tool of Object.keys((rawCase.stubs ?? {}) as Record<string, unknown>)) {
    if (!exposed.has(tool)) throw at(['stubs', tool], `stub for "${tool}", which the model cannot call: ${listed}${didYouMean(tool, exposed)}`)
  }
}
