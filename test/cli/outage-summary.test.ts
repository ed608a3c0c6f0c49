// The end of a run whose cases errored against a model's server: a server that was down (or refused the key) for the
// whole run is said once, naming where the requests went and what to check, not only case by case.
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const suite = join(projectRoot, 'examples/first-suite/suite.yaml')

describe('a run against an unusable server', () => {
  it('with nothing listening: exit 3, and the one cause is said once, naming the URL and what to check', async () => {
    const port = await closedPort()
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    const said = run.stderr.split('\n').filter((line) => line.startsWith('Every errored case'))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^Every errored case \(\d+\) ended the same way — provider_error: openai-compatible:m: connection failed: .*ECONNREFUSED/)
    expect(said[0]).toContain(`is the server running at http://127.0.0.1:${port}, and is the base URL right?`)
  })
})
