import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/helpers/plain-summary-reporter.ts'],
    // Loopback servers and child processes make some tests slower than the default 5 s on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
