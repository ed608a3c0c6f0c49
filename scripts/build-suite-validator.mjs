// Part of `npm run build` (after tsc): writes suites/suite.schema.json compiled with the run's strict ajv options
// to dist/schema/suite-validator.generated.cjs, so a run does not compile it (~0.1 s of CPU). The file carries the
// hash of the schema text; src/schema/validate-document.ts uses it only while the hash still matches.
import { readFileSync, writeFileSync } from 'node:fs'
import { suiteValidatorCode } from '../dist/schema/suite-validator-code.js'
import { generatedSuiteValidator, suiteSchemaPath } from '../dist/schema/validate-document.js'

writeFileSync(generatedSuiteValidator, suiteValidatorCode(readFileSync(suiteSchemaPath, 'utf8')))
