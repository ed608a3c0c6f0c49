// Example argument parsers for `toolgauge fuzz --parser` (see docs/fuzzing.md). Try:
//   npx toolgauge fuzz --tools examples/fuzz/tools.json --validator examples/fuzz/validate.ts#validateArgs \
//     --parser examples/fuzz/parse.ts#parseArgs
//   … --parser examples/fuzz/parse.ts#naiveParseArgs        (parser_totality: JSON.parse throws)
//   … --parser examples/fuzz/parse.ts#fenceStrippingParseArgs --allow-repair   (a repairing parser)

import { parse as losslessParse } from 'lossless-json'

type ParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string }

/**
 * A total parser: strict JSON, objects only, errors as values. Duplicate keys are refused: JSON.parse keeps the last
 * one silently, so no validator could ever see the first (lossless-json reports them).
 */
export function parseArgs(raw: string): ParseResult {
  try {
    losslessParse(raw)
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'arguments must be a JSON object' }
    return { ok: true, value }
  } catch (error) {
    return { ok: false, error: (error as Error).message }
  }
}

/** What many apps do: JSON.parse and hope. The fuzzer reports `parser_totality`. */
export function naiveParseArgs(raw: string): unknown {
  return JSON.parse(raw)
}

/** Repairs markdown fences (category 9), and falls back to `{}` on anything else — the fuzzer reports `no_silent_drop`. */
export function fenceStrippingParseArgs(raw: string): ParseResult {
  const unfenced = raw.replace(/^\s*```(?:json)?\s*\n?/, '').replace(/\n?```\s*$/, '')
  const parsed = parseArgs(unfenced)
  return parsed.ok ? parsed : { ok: true, value: {} }
}
