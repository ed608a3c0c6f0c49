import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Tests import the package by name ('toolgauge'): they run the sources, not a possibly stale dist/.
  resolve: { alias: [{ find: /^toolgauge$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }] },
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/helpers/plain-summary-reporter.ts'],
    // Loopback servers and child processes make some tests slower than the default 5 s on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
