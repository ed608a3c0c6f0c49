import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'
import type * as LosslessJson from 'lossless-json'

const require = createRequire(import.meta.url)

// Parsers that synchronous code needs only sometimes, loaded on first use with a synchronous require (both ship
// CommonJS): `yaml` (~8 MiB of code and heap) for YAML files and for the line of a JSON file's invalid value,
// lossless-json for JSON text that names a key twice and for where a JSON syntax error stands.
// A run of .json suites whose models send well-formed arguments loads neither.
let yaml: typeof Yaml | undefined
let losslessJson: typeof LosslessJson | undefined

/** The `yaml` package. */
export function yamlModule(): typeof Yaml {
  yaml ??= require('yaml') as typeof Yaml
  return yaml
}

/** The installed `yaml` version, read without loading the parser (cache keys of parsed documents name it). */
export function yamlVersion(): string {
  return (require('yaml/package.json') as { version: string }).version
}

/** The `lossless-json` package. */
export function losslessJsonModule(): typeof LosslessJson {
  losslessJson ??= require('lossless-json') as typeof LosslessJson
  return losslessJson
}
