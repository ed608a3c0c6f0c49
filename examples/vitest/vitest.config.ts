import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['evals/**/*.test.ts'],
    // The toolgauge reporter writes report.json (and results.jsonl) for the suite cases that ran as tests, so
    // `toolgauge compare` and `toolgauge show` work on vitest runs too.
    reporters: ['default', ['toolgauge/vitest/reporter', { outDir: 'reports/vitest' }]],
    testTimeout: 60_000,
  },
})
