import { findDoc, type FunctionDoc } from '../../src/bfcl/checker/function-doc.ts'
import { groundTruthCall } from '../../src/bfcl/checker/function-check.ts'
import { pyToJsonText } from '../../src/bfcl/py/to-json.ts'
import { isDict, isList, pyEqual, type PyValue } from '../../src/bfcl/py/value.ts'
import { mangleName } from '../../src/bfcl/to-json-schema.ts'

// The "GT self-check" of bfcl-rules.md §11: the output a perfect FC model would give, built from the possible
// answer (first non-"" option per parameter). Scoring it exposes answers no output can pass, and it feeds the
// benchmark where no recorded results exist.

function firstOption(options: PyValue): PyValue | undefined {
  return isList(options) ? options.find((option) => !pyEqual(option, '')) : undefined
}

// A dict in a possible answer maps keys to option lists: take each key's first option, one level only (deeper
// values are compared plainly by BFCL's dict checker, so they are literal already).
function reduceDict(value: PyValue): PyValue {
  if (!isDict(value)) return value
  const entries: (readonly [PyValue, PyValue])[] = []
  for (const [key, options] of value.entries) {
    const first = firstOption(options)
    if (first !== undefined) entries.push([key, first])
  }
  return { t: 'dict', entries }
}

// Dict values and lists of dicts (BFCL's two dict shapes) get their option lists reduced.
function reduce(value: PyValue): PyValue {
  return isList(value) ? value.map(reduceDict) : reduceDict(value)
}

/** A BFCL FC result (`[{name: "<JSON arguments>"}]`) built from the possible answer; schema-unknown params skipped. */
export function groundTruthResult(answer: PyValue, docs: readonly FunctionDoc[], options: { readonly mangleNames?: boolean } = {}): PyValue {
  if (!isList(answer)) return []
  return answer.map((element) => {
    const gt = groundTruthCall(element)
    const doc = findDoc(docs, gt.name)
    const properties = doc?.parameters?.properties ?? {}
    const required = doc?.parameters?.required ?? []
    const args: (readonly [PyValue, PyValue])[] = []
    for (const [param, paramOptions] of gt.params.entries) {
      if (typeof param !== 'string' || !Object.hasOwn(properties, param)) continue
      const first = firstOption(paramOptions)
      // A required parameter whose only option is "" gets "" (the one value BFCL's string checker accepts).
      if (first !== undefined) args.push([param, reduce(first)])
      else if (required.includes(param) && isList(paramOptions) && paramOptions.length > 0) args.push([param, ''])
    }
    const name = options.mangleNames ? mangleName(gt.name) : gt.name
    return { t: 'dict', entries: [[name, pyToJsonText({ t: 'dict', entries: args })]] }
  })
}
