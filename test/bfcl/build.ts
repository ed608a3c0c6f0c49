// Builders for small hand-made BFCL entries (none copied from the BFCL data).
import type { FunctionDoc } from '../../src/bfcl/checker/function-doc.ts'
import { entryVerdict, type Verdict } from '../../src/bfcl/entry-verdict.ts'
import { pyJsonLoads } from '../../src/bfcl/py/json.ts'
import type { PyValue } from '../../src/bfcl/py/value.ts'

/** A function doc with BFCL's type vocabulary. */
export function doc(name: string, properties: Record<string, unknown>, required: string[] = []): FunctionDoc {
  return { name, description: 'test function', parameters: { type: 'dict', properties: properties as FunctionDoc['parameters']['properties'], required } }
}

/** An FC result: `[{name: "<raw JSON arguments>"}, …]`. */
export function fc(...calls: [name: string, rawArguments: string][]): PyValue {
  return calls.map(([name, raw]) => ({ t: 'dict', entries: [[name, raw]] }) as const)
}

/** Scores one entry; `answer` is ground-truth JSON text (lexemes matter), `result` an FC list or prompt text. */
export function check(
  category: string,
  docs: readonly FunctionDoc[],
  answer: string | undefined,
  result: PyValue,
  options: { underscoreToDot?: boolean; mode?: 'fc' | 'prompt' } = {},
): Verdict {
  return entryVerdict({
    category,
    docs,
    ...(answer !== undefined ? { answer: pyJsonLoads(answer) } : {}),
    result,
    mode: options.mode ?? (typeof result === 'string' ? 'prompt' : 'fc'),
    underscoreToDot: options.underscoreToDot ?? false,
  })
}

/** Just the error_type (null when valid). */
export function errorType(...args: Parameters<typeof check>): string | null {
  return check(...args).errorType
}
