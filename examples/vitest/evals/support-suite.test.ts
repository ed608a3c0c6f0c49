import { describeSuite } from 'toolgauge/vitest'

// Every case of the suite becomes a test named `support/<case> [baseline]`. Add models to compare them:
// describeSuite('suites/support/suite.yaml', { models: ['baseline', 'openai:gpt-4.1-mini'] })
// (a model whose API key is not set skips its tests, with the reason).
describeSuite('suites/support/suite.yaml', { model: 'baseline' })
