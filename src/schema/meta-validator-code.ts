import standaloneModule from 'ajv/dist/standalone/index.js'
import { createRequire } from 'node:module'
import { createAjv, type Draft } from './ajv.ts'

// ajv's standalone module is CommonJS; under NodeNext its default export arrives as the module object.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as typeof standaloneModule.default

/**
 * A draft's meta-schema compiled ahead of time: a CommonJS module exporting the validator ajv generates for the
 * meta-schema it checks a tool's schema against (with the run's strict options), and the ajv version it was made
 * with (scripts/build-suite-validator.mjs writes it into dist/, `metaSchemaErrors` in ajv.ts loads it).
 */
export function metaValidatorCode(draft: Draft): string {
  const ajv = createAjv(draft, 'source')
  const meta = ajv.defaultMeta()
  const id = typeof meta === 'string' ? meta : meta?.$id
  const validate = id !== undefined ? ajv.getSchema(id) : undefined
  if (!validate) throw new Error(`ajv has no meta-schema for ${draft}`)
  // The version of the ajv that made it: another ajv's meta-schema check is its own (ajv.ts checks it).
  const { version } = createRequire(import.meta.url)('ajv/package.json') as { version: string }
  return `${standaloneCode(ajv, validate)}\nmodule.exports.ajvVersion = ${JSON.stringify(version)};\n`
}
