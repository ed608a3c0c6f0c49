// Runs one fake API in its own process (bench, end-to-end tests): `serve.ts <kind> [latencyMs] [faults]`.
// Prints `{"origin": …}` on the first stdout line; stops when stdin closes, so it never outlives its parent.
import { weatherModel } from './behaviour.ts'
import { startFakeServer, type ProviderKind } from './harness.ts'
import { withFaults } from './loopback.ts'

const [kind = 'openai', latency = '0', faults = ''] = process.argv.slice(2)
const server = await startFakeServer(kind as ProviderKind, weatherModel, {
  latencyMs: Number(latency),
  ...(faults === 'faults' ? { wrap: withFaults } : {}),
})
process.stdout.write(`${JSON.stringify({ origin: server.origin })}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  // Violations go to stderr so the parent can show why a request was rejected.
  if (server.violations.length > 0) process.stderr.write(`${JSON.stringify({ violations: server.violations })}\n`)
  void server.close().then(() => process.exit(0))
})
