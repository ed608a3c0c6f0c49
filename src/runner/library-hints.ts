import { MissingApiKeyError, ServerSettingError, type MissingKeyFacts, type ServerSettingFacts } from '../core/errors.ts'
import { shownVariable } from '../providers/runtime/credentials.ts'

// runCase and describeSuite take providerOptions and modelOptions, not the CLI's flags and config keys: a model's
// missing key or server is said in their option names. The errors carry the facts (core/errors.ts); their own
// message is the CLI's wording, which `toolgauge run` prints as it is.

/** The error in runCase's and describeSuite's option names when it is about a model's key or server; else itself. */
export function inLibraryWords(error: unknown): unknown {
  if (error instanceof MissingApiKeyError && error.facts) {
    // A suite's model (a judge) keeps its file and field; a model under test is named by its spec in the message.
    const location = error.location?.file !== undefined ? error.location : {}
    return new MissingApiKeyError(missingKey(error.facts), error.variable, location, error.facts)
  }
  if (error instanceof ServerSettingError) {
    const field = error.facts.kind === 'no-compatible-model' ? { field: `providerOptions.${error.facts.setting}` } : undefined
    return new ServerSettingError(serverSetting(error.facts), error.facts, error.location?.file !== undefined ? error.location : field)
  }
  return error
}

function missingKey(facts: MissingKeyFacts): string {
  const where = facts.named !== undefined
    ? `set ${shownVariable(facts.named, 'apiKeyEnv')}`
    : `set ${facts.variables.join(' or ')} (or name another variable with apiKeyEnv in modelOptions)`
  return `${facts.spec} needs an API key: ${where}`
}

function serverSetting(facts: ServerSettingFacts): string {
  if (facts.kind === 'missing-base-url') {
    return `${facts.spec} needs the server's URL: give it baseUrl in modelOptions (modelOptions: { '${facts.spec}': { baseUrl: 'http://localhost:11434/v1' } }), or in providerOptions for every openai-compatible: model under test`
  }
  return 'applies to openai-compatible: models only, and none is tested here (openai: and openai-responses: read OPENAI_BASE_URL and OPENAI_API_KEY, anthropic: ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY; give one model its own baseUrl / apiKeyEnv in modelOptions)'
}
