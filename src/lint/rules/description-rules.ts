import { purposeProblem, wordCount } from '../description-text.ts'
import type { LintDraft, LintRule } from '../types.ts'

/** missing-description: a tool without a description leaves the model to guess from the name. */
export const missingDescription: LintRule = {
  id: 'missing-description',
  defaultSeverity: 'error',
  summary: 'the tool has no description',
  check: ({ tools }) => tools
    .filter((tool) => (tool.description ?? '').trim() === '')
    .map((tool) => ({ tool: tool.name, message: 'no description: say what the tool does, what it returns and when to use it' })),
}

/** short-description: too few words to say what the tool does and when. */
export const shortDescription: LintRule = {
  id: 'short-description',
  defaultSeverity: 'warning',
  summary: 'the description is too short to say what the tool does and when to use it',
  check: ({ tools, settings }) => tools.flatMap((tool): LintDraft[] => {
    const words = wordCount(tool.description ?? '')
    if (words === 0 || words >= settings.minDescriptionWords) return []
    return [{ tool: tool.name, score: words, message: `${words} word${words === 1 ? '' : 's'} (fewer than ${settings.minDescriptionWords}): say what it does, what it returns and when to use it` }]
  }),
}

/** no-purpose: the description never says what the tool does or returns. */
export const noPurpose: LintRule = {
  id: 'no-purpose',
  defaultSeverity: 'warning',
  summary: 'the description does not say what the tool does or returns',
  check: ({ tools }) => tools.flatMap((tool): LintDraft[] => {
    const description = (tool.description ?? '').trim()
    const problem = description === '' ? undefined : purposeProblem(description)
    return problem ? [{ tool: tool.name, message: problem }] : []
  }),
}
