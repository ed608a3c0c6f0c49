/** How an input was made invalid: each kind is tied to a failure mode in ../shared/reference/llm-argument-failures.md. */
export type MutationKind =
  | 'numeric-string' | 'bool-as-string' | 'boolean-for-number' | 'number-for-string' | 'float-for-integer'
  | 'null-for-non-nullable' | 'scalar-for-array' | 'below-minimum' | 'above-maximum' | 'not-multiple'
  | 'below-minLength' | 'above-maxLength' | 'below-minItems' | 'above-maxItems' | 'duplicate-items'
  | 'pattern-violation' | `format-${string}-violation` | 'enum-case' | 'not-in-enum' | 'const-violation'
  | 'drop-required' | 'null-required' | 'null-for-optional' | 'empty-string-for-optional' | 'null-string-for-optional'
  | 'extra-property' | 'camelCase-key' | 'key-case' | 'object-as-json-string' | 'array-as-json-string'
  | 'arguments-as-json-string'
  | `schema:${'negate-constraint' | 'change-type' | 'remove-required-property'}`

/** Raw-wire mutation kinds, for argument parsers (categories 1, 4–9 of the reference). */
export type WireKind =
  | 'double-encoded' | 'trailing-comma' | 'trailing-prose' | 'second-value' | 'truncated' | 'empty-string'
  | 'python-literal' | 'markdown-fence' | 'duplicate-key' | 'proto-key' | 'bom'

/** An invalid arguments value (the strict oracle rejects it), with what was done and where. */
export type Mutant = {
  readonly kind: MutationKind
  /** JSON Pointer of the mutated node (`` for the root). */
  readonly path: string
  readonly value: unknown
}

/** An invalid raw argument string (strict parsing fails, or the oracle rejects what it parses to). */
export type WireMutant = {
  readonly kind: WireKind
  readonly raw: string
}
