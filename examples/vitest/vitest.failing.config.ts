import { defineConfig } from 'vitest/config'

// The expected-failure run: tests that fail on purpose, to show what a failing eval looks like.
export default defineConfig({
  test: {
    include: ['failing/**/*.test.ts'],
    reporters: ['default', ['toolgauge/vitest/reporter', { outDir: 'reports/vitest-failing' }]],
    testTimeout: 60_000,
  },
})
