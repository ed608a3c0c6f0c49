import type { BfclLanguage } from './to-json-schema.ts'

/**
 * The language of a BFCL category, as BFCL tells it from the name: "javascript" → JavaScript, else "java" →
 * Java, else Python. It decides the docs the model sees and how the checker reads argument values.
 */
export function languageOf(category: string): BfclLanguage {
  if (category.includes('javascript')) return 'javascript'
  if (category.includes('java')) return 'java'
  return 'python'
}
