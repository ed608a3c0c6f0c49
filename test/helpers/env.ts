import { afterEach } from 'vitest'

/** Puts the named environment variables back as they were when called (set, or unset) after each test. */
export function restoreEnvAfterEach(names: readonly string[]): void {
  const saved = new Map(names.map((name) => [name, process.env[name]]))
  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
}
