// Part of `npm run build` (after tsc): writes suites/suite.schema.json compiled with the run's strict ajv options
// to dist/schema/suite-validator.generated.cjs, so a run does not compile it (~0.1 s of CPU). The file carries the
// hash of the schema text; src/schema/validate-document.ts uses it only while the hash still matches. Likewise each
// draft's meta-schema, which every tool schema is checked against, to dist/schema/meta-<draft>.generated.cjs
// (~0.04 s of CPU per run otherwise); src/schema/ajv.ts uses one only with the ajv version that made it.
import { readFileSync, writeFileSync } from 'node:fs'
import { generatedMetaValidator } from '../dist/schema/ajv.js'
import { metaValidatorCode } from '../dist/schema/meta-validator-code.js'
import { suiteValidatorCode } from '../dist/schema/suite-validator-code.js'
import { generatedSuiteValidator, suiteSchemaPath } from '../dist/schema/validate-document.js'

writeFileSync(generatedSuiteValidator, suiteValidatorCode(readFileSync(suiteSchemaPath, 'utf8')))
for (const draft of ['draft-07', '2019-09', '2020-12']) writeFileSync(generatedMetaValidator(draft), metaValidatorCode(draft))
