import { exampleSuiteFolder } from './example-suite.ts'

/** The config file `toolgauge init` writes. */
export const configFileName = 'toolgauge.config.ts'

/** The suite name the config's commented-out baseline entry names, for the user to replace with their own. */
export const ownSuiteName = 'my-suite'

/** The folder every report of the scaffolded project goes to (the config's `out`, read by the workflow). */
export const reportFolder = 'reports/latest'

/**
 * toolgauge.config.ts: typed by `defineConfig` from `toolgauge/config`, a module with no dependencies, so it loads
 * the same in ESM and CommonJS projects.
 */
export const configFile = `// toolgauge.config.ts, written by \`toolgauge init\`. Every key is optional and a command-line flag wins over it;
// the keys are those of toolgauge.config.yaml: node_modules/toolgauge/docs/ci.md ("Gates") lists them, and so
// does \`npx toolgauge run --help\`.
import { defineConfig } from 'toolgauge/config'

export default defineConfig({
  suites: ['evals'],
  models: [
    // A scripted model answers the example suite offline: only it (\`suites:\`), as its script holds only its cases.
    { spec: 'scripted:${exampleSuiteFolder}/scripted-model.yaml', suites: ['example'] },
    // A suite you add under evals/ runs only with a model that answers it, and none does yet. A real model without
    // \`suites:\` answers every suite, e.g. 'openai:gpt-4.1-mini' (reads OPENAI_API_KEY) or
    // 'anthropic:claude-haiku-4-5' (ANTHROPIC_API_KEY). Offline, the baseline (a floor, not an LLM: README "The
    // baseline model") answers the suites it names: uncomment this line with your suite's \`name:\`.
    // { spec: 'baseline', suites: ['${ownSuiteName}'] },
  ],
  out: '${reportFolder}',
  // report.json is always written; JUnit (report.xml), Markdown (report.md) and HTML (report.html) beside it.
  format: ['junit', 'md', 'html'],
  // The exit code follows the gates: 1 when a model's accuracy is below 90%.
  gates: { min_accuracy: 0.9 },
})
`
