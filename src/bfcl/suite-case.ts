import { matcherProblem } from '../matchers/argument-matchers.ts'
import { groundTruthCall } from './checker/function-check.ts'
import type { BfclEntry } from './data.ts'
import { categoryKind } from './entry-verdict.ts'
import { pyToJsonText, pyToPlain } from './py/to-json.ts'
import { mangleName, type BfclFunctionDoc } from './to-json-schema.ts'
import type { PyValue } from './py/value.ts'

/** How cases are written: tool names as sent (mangled for FC APIs unless dots are kept). */
export type CaseOptions = { readonly mangleNames: boolean }

// An argument matcher from a BFCL option list: the list itself is toolgauge's "acceptable values" matcher
// (`""` = may be omitted). Where a GT dict uses a matcher operator key (`range`, `any`…) toolgauge would read it
// as an operator, so that argument falls back to `{any: true}`; the BFCL verdict never uses these matchers.
function argumentMatcher(options: PyValue): unknown {
  const plain = pyToPlain(options)
  const safe = Array.isArray(plain) && plain.length > 0 && !matcherProblem({ value: plain }) && !JSON.stringify(plain).match(/"(regex|range|anyOf|absent|any)":/)
  if (safe) return plain
  return Array.isArray(plain) && plain.includes('') ? ['', { any: true }] : { any: true }
}

/** One suite case (file form, snake_case) for a BFCL entry: messages, exposed tools, expectation with `bfcl`. */
export function entryToCase(entry: BfclEntry, toolNames: readonly string[], options: CaseOptions): Record<string, unknown> {
  const kind = categoryKind(entry.category)
  const rename = (name: string) => (options.mangleNames ? mangleName(name) : name)
  const calls = kind === 'ast' && Array.isArray(entry.answer)
    ? entry.answer.map((element) => {
      const gt = groundTruthCall(element)
      return { name: rename(gt.name), args: Object.fromEntries(gt.params.entries.map(([key, value]) => [String(key), argumentMatcher(value)])) }
    })
    : []
  const bfcl = {
    category: entry.category,
    // JSON text, not data: YAML/JSON loaders turn 5.0 into 5, and BFCL's int/float rules need the lexeme.
    answer: entry.answer !== undefined ? pyToJsonText(entry.answer) : null,
    functions: entry.docs as readonly BfclFunctionDoc[],
    underscore_to_dot: options.mangleNames,
  }
  return {
    id: entry.id,
    messages: (entry.question[0] ?? []).map((message) => ({ role: message.role, content: message.content })),
    tools: toolNames,
    max_turns: 1,
    expect: {
      ...(calls.length > 0 ? { calls } : {}),
      ...(kind === 'irrelevance' ? { no_call: true } : {}),
      ...(entry.category.includes('parallel') ? { parallel: true } : {}),
      matching: 'bfcl',
      bfcl,
    },
  }
}
