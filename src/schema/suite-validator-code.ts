import standaloneModule from 'ajv/dist/standalone/index.js'
import type { JsonSchema } from '../core/tool.ts'
import { compilableSchema, createAjv } from './ajv.ts'
import { hashText } from '../core/hash-text.ts'

// ajv's standalone module is CommonJS; under NodeNext its default export arrives as the module object.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as typeof standaloneModule.default

/**
 * The suite schema compiled ahead of time: a CommonJS module exporting the validator ajv generates for `text` with
 * the run's strict options, and the hash of `text` (scripts/build-suite-validator.mjs writes it into dist/).
 */
export function suiteValidatorCode(text: string): string {
  const ajv = createAjv('draft-07', 'source')
  const validate = ajv.compile(compilableSchema(JSON.parse(text) as JsonSchema))
  return `${standaloneCode(ajv, validate)}\nmodule.exports.schemaHash = ${JSON.stringify(hashText(text))};\n`
}
