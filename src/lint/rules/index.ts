import type { LintRule } from '../types.ts'
import { missingDescription, noPurpose, shortDescription } from './description-rules.ts'
import { nameStyle } from './name-style.ts'
import { enumWithoutType, missingParamDescription, requiredNotInProperties } from './parameter-rules.ts'
import { heavyTool, similarDescriptions, tooManyTools } from './set-rules.ts'
import { noUsageGuidance } from './usage-guidance.ts'

/** Every lint rule, in the order findings are reported for a tool. */
export const lintRules: readonly LintRule[] = [
  missingDescription,
  shortDescription,
  noPurpose,
  noUsageGuidance,
  missingParamDescription,
  enumWithoutType,
  requiredNotInProperties,
  heavyTool,
  nameStyle,
  similarDescriptions,
  tooManyTools,
]
