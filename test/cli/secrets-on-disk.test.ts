// Every route by which a secret could reach disk or output, planted through the real route: the key variable a model,
// a simulated user, a judge or an MCP server reads, a base URL's userinfo or query, a key pasted where a variable
// name belongs. Each stand-in quotes the secret back — in an answer, an error body, a tool result — as a misbehaving
// model or server would. The CLI runs in process; every file under the work folder (out folder, cassettes, the user
// cache) and stdout/stderr are searched for the planted value.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { fixture } from '../mcp/helpers.ts'
import type { Behaviour } from '../providers/fake/behaviour.ts'
import { batchLifecycle } from '../providers/fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../providers/fake/batch/openai-batch-api.ts'
import { anthropicKey, openaiKey, startFakeServer } from '../providers/fake/harness.ts'
import { startLoopback, type Handler, type Loopback } from '../providers/fake/loopback.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

/** One route: what it plants, how the CLI is called, and what exit code that run must end with. */
type Route = {
  readonly name: string
  /** The value (or values) that must appear in no file written and nowhere in stdout/stderr. */
  readonly secret: string | readonly string[]
  /** Starts the stand-ins, sets the variables, writes the inputs into `work`; returns the CLI's arguments. */
  readonly setup: (work: string) => Promise<RouteRun>
}

/**
 * How a route's run is called and what it must show: its exit code, what stderr names (a refusal's field), the input
 * files it wrote (which hold the secret by design), and the folder of `work` where the secret must have arrived
 * redacted — proof the route was taken, not merely that nothing happened.
 */
type RouteRun = { readonly argv: readonly string[]; readonly code: number; readonly inputs?: readonly string[]; readonly stderr?: string; readonly stdout?: string; readonly redactedIn?: string }

const variables = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'XDG_CACHE_HOME', 'TG_SECRET_MCP', 'TG_SECRET_SIM', 'TG_SECRET_KEY']
restoreEnvAfterEach(variables)
const servers: Loopback[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(handler: Handler): Promise<string> {
  const server = await startLoopback(handler)
  servers.push(server)
  return server.origin
}

async function fake(kind: 'openai' | 'anthropic', behaviour: Behaviour): Promise<string> {
  const server = await startFakeServer(kind, behaviour)
  servers.push(server)
  return server.origin
}

/** Calls `tool` first, then answers with what the tool results said (a model repeating what a tool told it). */
const callsThenRepeats = (tool: string): Behaviour => (conversation) =>
  conversation.assistantTurns === 0 ? { calls: [{ name: tool, args: {} }] } : { text: `Summary: ${conversation.results.map((result) => result.content).join(' | ')}` }

const weather = join(projectRoot, 'suites/weather')
const q = (value: string) => JSON.stringify(value)
const leakyFixture = join(projectRoot, 'test/cli/fixtures/leaky-mcp-server.mjs')
const leakyServer = `{ mcp: { command: ${q(process.execPath)}, args: [${q(leakyFixture)}], env: { TOKEN: "\${TG_SECRET_MCP}" } } }`
const mcpEcho = (token: string) => `{ mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${${token}}" } } }`

const routes: readonly Route[] = [
  {
    name: 'the model quotes its own key in its answer (--record, every format)',
    secret: openaiKey,
    async setup(work) {
      process.env.OPENAI_API_KEY = openaiKey
      process.env.OPENAI_BASE_URL = `${await fake('openai', () => ({ text: `Your key is ${openaiKey}.` }))}/v1`
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai:m', '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], redactedIn: 'cassettes', code: 1 }
    },
  },
  {
    name: 'the provider quotes the key in an error body (401), after a retry',
    secret: openaiKey,
    async setup(work) {
      process.env.OPENAI_API_KEY = openaiKey
      const origin = await serve((request, index) =>
        index === 0
          ? { type: 'json', status: 500, body: { error: { message: `upstream down for ${String(request.headers.authorization)}` } } }
          : { type: 'json', status: 401, body: { error: { message: `Incorrect API key provided: ${String(request.headers.authorization).replace('Bearer ', '')}` } } })
      process.env.OPENAI_BASE_URL = `${origin}/v1`
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai:m', '--retries', '1', '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], redactedIn: 'cassettes', code: 3 }
    },
  },
  {
    name: "an MCP server's ${VAR} value, returned by its tool: the model's next request and the judge's (--record)",
    secret: 'mcp-planted-7f7f7f7f',
    async setup(work) {
      process.env.TG_SECRET_MCP = 'mcp-planted-7f7f7f7f'
      process.env.OPENAI_API_KEY = openaiKey
      process.env.ANTHROPIC_API_KEY = anthropicKey
      process.env.OPENAI_BASE_URL = `${await fake('openai', callsThenRepeats('show_token'))}/v1`
      process.env.ANTHROPIC_BASE_URL = await fake('anthropic', () => ({ text: '{"score": 1, "reason": "it said the token"}' }))
      const suite = tempFiles({
        'suite.yaml': ['name: mcp', 'tools:', `  - ${mcpEcho('TG_SECRET_MCP')}`, 'cases:', '  - { id: token, prompt: go, expect: { calls: [{ name: show_token }], final: { judge: { model: "anthropic:judge", rubric: Says the token. } } } }'].join('\n'),
      })
      return { argv: ['run', join(suite, 'suite.yaml'), '--model', 'openai:m', '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], redactedIn: 'cassettes', code: 0 }
    },
  },
  {
    name: "a simulated user's own key variable (providers: api_key_env), which it repeats to the model (--record)",
    secret: anthropicKey,
    async setup(work) {
      // Only the simulator's own variable holds this key: no default variable lists it.
      process.env.TG_SECRET_SIM = anthropicKey
      process.env.OPENAI_API_KEY = openaiKey
      process.env.ANTHROPIC_BASE_URL = await fake('anthropic', () => ({ text: `Hello, my key is ${anthropicKey}.` }))
      process.env.OPENAI_BASE_URL = `${await fake('openai', () => ({ text: 'Noted.' }))}/v1`
      const dir = tempFiles({
        'suite.yaml': ['name: sim', 'tools:', '  - { name: noop, description: Does nothing, parameters: { type: object, properties: {} } }', 'cases:', '  - id: talk', '    user: { model: "anthropic:sim", instructions: Greet., max_messages: 1 }', '    expect: { calls: [] }'].join('\n'),
        'toolgauge.config.yaml': 'providers:\n  anthropic:sim:\n    api_key_env: TG_SECRET_SIM\n',
      })
      return { argv: ['run', join(dir, 'suite.yaml'), '--model', 'openai:m', '--config', join(dir, 'toolgauge.config.yaml'), '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], redactedIn: 'cassettes', code: 0 }
    },
  },
  {
    name: "an MCP server quoting its ${VAR} value in its tool definitions and results (report.json's toolSets, every format)",
    secret: 'mcp-leaky-6d6d6d6d',
    async setup(work) {
      process.env.TG_SECRET_MCP = 'mcp-leaky-6d6d6d6d'
      const dir = tempFiles({
        'suite.yaml': ['name: leaky', 'tools:', `  - ${leakyServer}`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
        'script.yaml': 'look:\n  - tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }]\n  - content: done\n',
      })
      return { argv: ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(work, 'out'), '--format', 'junit,md,html'], redactedIn: 'out', code: 0 }
    },
  },
  {
    name: "a token written literally in an MCP server's env: (credential-named), quoted by the server everywhere (every format; the suite is not cached)",
    secret: 'ghp_literalEnv5150abcd',
    async setup(work) {
      const server = `{ mcp: { command: ${q(process.execPath)}, args: [${q(leakyFixture)}], env: { TOKEN: "ghp_literalEnv5150abcd", LOG_LEVEL: debug } } }`
      const dir = tempFiles({
        'suite.yaml': ['name: leaky', 'tools:', `  - ${server}`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
        'script.yaml': 'look:\n  - tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }]\n  - content: done\n',
      })
      return { argv: ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(work, 'out'), '--format', 'junit,md,html'], redactedIn: 'out', code: 0 }
    },
  },
  {
    name: "a token written literally in an MCP server's env:, printed on stderr by the server as it fails to start (the error message)",
    secret: 'sk-live-literalStderr5150',
    async setup(work) {
      const script = 'process.stderr.write("cannot log in with " + process.env.API_KEY + "\\n"); process.exit(1)'
      const server = `{ mcp: { command: ${q(process.execPath)}, args: ["-e", ${q(script)}], env: { API_KEY: "sk-live-literalStderr5150" } } }`
      const suite = tempFiles({ 'suite.yaml': ['name: failing', 'tools:', `  - ${server}`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
      return { argv: ['run', join(suite, 'suite.yaml'), '--model', 'baseline', '--out', join(work, 'out'), '--format', 'junit,md,html'], code: 2, stderr: 'cannot log in with [redacted]' }
    },
  },
  {
    name: "a literal Authorization header of an HTTP MCP server, which the server quotes in its refusal (the error message; the suite is not cached)",
    secret: ['Bearer sk-live-literalHeader5150', 'sk-live-literalHeader5150'],
    async setup(work) {
      const origin = await serve((request) => ({ type: 'text', status: 401, body: `bad credentials: ${String(request.headers.authorization)}`, contentType: 'text/plain' }))
      const server = `{ mcp: { url: "${origin}/mcp", headers: { Authorization: "Bearer sk-live-literalHeader5150" }, timeout: { connect: 5 } } }`
      const suite = tempFiles({ 'suite.yaml': ['name: refused', 'tools:', `  - ${server}`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
      return { argv: ['run', join(suite, 'suite.yaml'), '--model', 'baseline', '--out', join(work, 'out')], code: 2, stderr: 'bad credentials: Bearer [redacted]' }
    },
  },
  {
    name: "a key written literally in a stdio MCP server's args (--api-key sk-…), quoted by the server everywhere (every format, the journal; the suite is not cached)",
    secret: 'sk-literalArg5150abcd',
    async setup(work) {
      const server = `{ mcp: { command: ${q(process.execPath)}, args: [${q(leakyFixture)}, --api-key, sk-literalArg5150abcd] } }`
      const dir = tempFiles({
        'suite.yaml': ['name: leaky', 'tools:', `  - ${server}`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
        'script.yaml': 'look:\n  - tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }]\n  - content: done\n',
      })
      return { argv: ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(work, 'out'), '--format', 'junit,md,html'], redactedIn: 'out', code: 0 }
    },
  },
  {
    name: "a key in an HTTP MCP server's URL query (?api_key=…), which the server quotes in its refusal (the error message, the label; the suite is not cached)",
    secret: 'sk-literalQuery5150abcd',
    async setup(work) {
      const origin = await serve((request) => ({ type: 'text', status: 401, body: `no access for ${request.path}`, contentType: 'text/plain' }))
      const server = `{ mcp: { url: "${origin}/mcp?api_key=sk-literalQuery5150abcd&region=eu", timeout: { connect: 5 } } }`
      const suite = tempFiles({ 'suite.yaml': ['name: refused', 'tools:', `  - ${server}`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
      return { argv: ['run', join(suite, 'suite.yaml'), '--model', 'baseline', '--out', join(work, 'out')], code: 2, stderr: `MCP server "${origin}/mcp?api_key=[redacted]&region=eu"` }
    },
  },
  {
    name: "a key given by ${VAR} in a stdio MCP server's args (--api-key ${TG_SECRET_MCP}), quoted by the server everywhere (every format, the journal, the cache)",
    secret: 'sk-varArg5150abcdef',
    async setup(work) {
      process.env.TG_SECRET_MCP = 'sk-varArg5150abcdef'
      const server = `{ mcp: { command: ${q(process.execPath)}, args: [${q(leakyFixture)}, --api-key, "\${TG_SECRET_MCP}"] } }`
      const dir = tempFiles({
        'suite.yaml': ['name: leaky', 'tools:', `  - ${server}`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
        'script.yaml': 'look:\n  - tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }]\n  - content: done\n',
      })
      return { argv: ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(work, 'out'), '--format', 'junit,md,html'], redactedIn: 'out', code: 0 }
    },
  },
  {
    name: "a key given by ${VAR} in an HTTP MCP server's URL (?api_key=${TG_SECRET_MCP}), which the server quotes in its refusal (the error message; the label as written)",
    secret: 'sk-varQuery5150abcdef',
    async setup(work) {
      process.env.TG_SECRET_MCP = 'sk-varQuery5150abcdef'
      // The key's own refusal only when it is the key (a placeholder is refused as no key at all).
      const origin = await serve((request) => (request.path.includes('api_key=sk-varQuery5150abcdef')
        ? { type: 'text', status: 403, body: `key accepted, but forbidden: ${request.path}`, contentType: 'text/plain' }
        : { type: 'text', status: 401, body: `no such key: ${request.path}`, contentType: 'text/plain' }))
      const server = `{ mcp: { url: "${origin}/mcp?api_key=\${TG_SECRET_MCP}&region=eu", timeout: { connect: 5 } } }`
      const suite = tempFiles({ 'suite.yaml': ['name: refused', 'tools:', `  - ${server}`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
      return { argv: ['run', join(suite, 'suite.yaml'), '--model', 'baseline', '--out', join(work, 'out')], code: 2, stderr: `MCP server "${origin}/mcp?api_key=\${TG_SECRET_MCP}&region=eu" could not be reached: Streamable HTTP error: Error POSTing to endpoint: key accepted, but forbidden: /mcp?api_key=[redacted]&region=eu` }
    },
  },
  {
    name: 'mcp list on a stdio server given a literal --token=… argument, which it does not quote: the listing\'s label hides it',
    secret: 'ghp_literalArgFlag5150abcd',
    async setup() {
      return { argv: ['mcp', 'list', `${q(process.execPath)} ${q(leakyFixture)} --token=ghp_literalArgFlag5150abcd`], code: 0, stdout: '--token=[redacted])' }
    },
  },
  {
    name: 'mcp list on an HTTP server whose URL carries ?token=…, which it quotes in its refusal',
    secret: 'tok-literalListQuery5150',
    async setup() {
      const origin = await serve((request) => ({ type: 'text', status: 403, body: `forbidden: ${request.path}`, contentType: 'text/plain' }))
      return { argv: ['mcp', 'list', `${origin}/mcp?token=tok-literalListQuery5150`, '--connect-timeout', '5'], code: 2, stderr: '?token=[redacted]' }
    },
  },
  ...(['mcp list', 'mcp list --json', 'lint-tools', 'tokens'] as const).map((command): Route => ({
    name: `${command} on an MCP server quoting its --env \${VAR} value in its tool definitions`,
    secret: 'mcp-leaky-6d6d6d6d',
    async setup() {
      process.env.TG_SECRET_MCP = 'mcp-leaky-6d6d6d6d'
      const line = `${q(process.execPath)} ${q(leakyFixture)}`
      const server = ['--env', 'TOKEN=${TG_SECRET_MCP}']
      const argv = command.startsWith('mcp list') ? ['mcp', 'list', line, ...server, ...(command.endsWith('--json') ? ['--json'] : [])]
        : command === 'tokens' ? ['tokens', '--mcp', line, ...server, '--model', 'openai:gpt-4o', '--json'] : ['lint-tools', '--mcp', line, ...server, '--json']
      return { argv, code: 0, ...(command.startsWith('mcp list') ? { stdout: '[redacted]' } : {}) }
    },
  })),
  {
    name: 'mcp list on an MCP server given a literal --env token, which it quotes in its tool definitions',
    secret: 'ghp_literalFlag5150abcd',
    async setup() {
      return { argv: ['mcp', 'list', `${q(process.execPath)} ${q(leakyFixture)}`, '--env', 'TOKEN=ghp_literalFlag5150abcd', '--json'], code: 0, stdout: '[redacted]' }
    },
  },
  {
    name: "credential headers given as settings (extra_headers: Authorization, a gateway's own token header), which the host echoes",
    secret: ['proxy-token-8e8e8e8e', 'gateway-token-9f9f9f9f'],
    async setup(work) {
      const origin = await serve((request) => ({
        type: 'json',
        status: 200,
        body: { id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: `You sent ${String(request.headers.authorization)} and ${String(request.headers['cf-aig-authorization'])}.` }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 } },
      }))
      const headers = { Authorization: 'Bearer proxy-token-8e8e8e8e', 'cf-aig-authorization': 'Bearer gateway-token-9f9f9f9f' }
      const dir = tempFiles({ 'toolgauge.config.json': JSON.stringify({ providers: { 'openai-compatible:m': { base_url: `${origin}/v1`, extra_headers: headers } } }) })
      const config = join(dir, 'toolgauge.config.json')
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--config', config, '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], inputs: [config], redactedIn: 'out', code: 1 }
    },
  },
  {
    name: 'credentials in extra_body (a nested one from the config, one from --set), sent in every request body and echoed by the host (--record, every format)',
    secret: ['body-token-7a7a7a7a', 'set-key-6b6b6b6b'],
    async setup(work) {
      const origin = await serve((request) => ({
        type: 'json',
        status: 200,
        body: { id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: `You sent ${JSON.stringify(request.body)}.` }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 } },
      }))
      const dir = tempFiles({ 'toolgauge.config.json': JSON.stringify({ providers: { 'openai-compatible:m': { base_url: `${origin}/v1`, extra_body: { metadata: { api_token: 'body-token-7a7a7a7a', region: 'eu' } } } } }) })
      const config = join(dir, 'toolgauge.config.json')
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--config', config, '--set', 'extra_body.api_key=set-key-6b6b6b6b', '--out', join(work, 'out'), '--record', join(work, 'cassettes'), '--format', 'junit,md,html'], inputs: [config], redactedIn: 'out', code: 1 }
    },
  },
  {
    name: 'a base URL with a password in its userinfo (OPENAI_BASE_URL=http://user:pw@host/v1)',
    secret: 'pw-userinfo-5150',
    async setup(work) {
      process.env.OPENAI_API_KEY = openaiKey
      const origin = await fake('openai', () => ({ text: 'hi' }))
      process.env.OPENAI_BASE_URL = `${origin.replace('//', '//user:pw-userinfo-5150@')}/v1`
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai:m', '--retries', '0', '--out', join(work, 'out'), '--format', 'junit,md,html'], code: 2, stderr: 'OPENAI_BASE_URL' }
    },
  },
  {
    name: 'a base URL with a key in its query (--base-url http://host/v1?key=…), which the server echoes',
    secret: 'query-secret-5150',
    async setup(work) {
      const origin = await serve((request) => ({ type: 'json', status: 404, body: { error: { message: `no route ${request.path}` } } }))
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--base-url', `${origin}/v1?key=query-secret-5150`, '--retries', '0', '--out', join(work, 'out'), '--format', 'junit,md,html'], code: 2, stderr: '--base-url' }
    },
  },
  {
    name: 'the key itself pasted as a config api_key_env',
    secret: 'sk-pasted-config-5150',
    async setup(work) {
      const dir = tempFiles({ 'toolgauge.config.json': JSON.stringify({ providers: { 'openai-compatible:m': { base_url: 'http://127.0.0.1:9/v1', api_key_env: 'sk-pasted-config-5150' } } }, null, 2) })
      const config = join(dir, 'toolgauge.config.json')
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--config', config, '--out', join(work, 'out')], code: 2, inputs: [config], stderr: `${config}:5: providers.openai-compatible:m.api_key_env: expected the name of the environment variable` }
    },
  },
  {
    name: 'the key itself pasted as a YAML config api_key_env (a config is never kept in the user cache)',
    secret: 'sk-pasted-yaml-5150',
    async setup(work) {
      const dir = tempFiles({ 'toolgauge.config.yaml': ['providers:', '  openai-compatible:m:', '    base_url: http://127.0.0.1:9/v1', '    api_key_env: sk-pasted-yaml-5150', ''].join('\n') })
      const config = join(dir, 'toolgauge.config.yaml')
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--config', config, '--out', join(work, 'out')], code: 2, inputs: [config], stderr: `${config}:4: providers.openai-compatible:m.api_key_env: expected the name of the environment variable` }
    },
  },
  {
    name: 'the key itself pasted as --api-key-env',
    secret: 'sk-pasted-flag-5150',
    async setup(work) {
      return { argv: ['run', weather, '--filter', 'current-paris', '--model', 'openai-compatible:m', '--base-url', 'http://127.0.0.1:9/v1', '--api-key-env', 'sk-pasted-flag-5150', '--out', join(work, 'out')], code: 2, stderr: '--api-key-env' }
    },
  },
  {
    name: 'mcp list: a --header without its colon (the token pasted after the name)',
    secret: 'sk-header-typo-5150',
    async setup() {
      return { argv: ['mcp', 'list', 'http://127.0.0.1:9/mcp', '--header', 'Authorization Bearer sk-header-typo-5150'], code: 2, stderr: '--header' }
    },
  },
  {
    name: 'mcp list: an --env without its =',
    secret: 'sk-env-typo-5150',
    async setup() {
      return { argv: ['mcp', 'list', 'node server.js', '--env', 'TOKEN sk-env-typo-5150'], code: 2, stderr: '--env' }
    },
  },
  {
    name: '--set: a header taken for a setting ("Authorization: Bearer …", no =)',
    secret: 'sk-set-typo-5150',
    async setup(work) {
      return { argv: ['run', weather, '--model', 'baseline', '--set', 'temperature=0', '--set', 'Authorization: Bearer sk-set-typo-5150', '--out', join(work, 'out')], code: 2, stderr: 'the 2nd --set' }
    },
  },
  {
    name: '--set extra_headers given a bare token instead of { name: value }',
    secret: 'sk-set-shape-5150',
    async setup(work) {
      return { argv: ['run', weather, '--model', 'baseline', '--set', 'extra_headers=Bearer sk-set-shape-5150', '--out', join(work, 'out')], code: 2, stderr: 'extra_headers: must be object' }
    },
  },
  {
    name: 'conformance: a host key in the variable named by --api-key-env, quoted in every answer (--json, every format)',
    secret: openaiKey,
    async setup(work) {
      process.env.TG_SECRET_KEY = openaiKey
      const origin = await fake('openai', () => ({ text: `key ${openaiKey}` }))
      return { argv: ['conformance', '--model', 'openai-compatible:m', '--base-url', `${origin}/v1`, '--api-key-env', 'TG_SECRET_KEY', '--retries', '0', '--out', join(work, 'out'), '--format', 'html,junit', '--json'], redactedIn: 'out', code: 1 }
    },
  },
  {
    name: 'batch mode: the answers quote the key (batches.jsonl, the report)',
    secret: openaiKey,
    async setup(work) {
      process.env.OPENAI_API_KEY = openaiKey
      process.env.OPENAI_BASE_URL = `${await serve(openAiBatchStandIn('openai', () => ({ text: `key ${openaiKey}` }), batchLifecycle({ pollsInProgress: 0 })))}/v1`
      return { argv: ['run', weather, '--filter', 'current-*', '--model', 'openai:m', '--batch', '--batch-poll', '0.02', '--out', join(work, 'out'), '--format', 'junit,md,html'], redactedIn: 'out', code: 1 }
    },
  },
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('a secret planted through each route reaches no file and no output', () => {
  it.each(routes.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const work = tempFiles({})
    for (const name of variables) delete process.env[name]
    // The user cache is searched too: it holds parsed suites and configs.
    process.env.XDG_CACHE_HOME = join(work, 'cache')
    const { argv, code, inputs = [], stderr, stdout, redactedIn } = await route.setup(work)
    const result = await runMain(argv)
    expect(result.code, result.stderr).toBe(code)
    if (stderr !== undefined) expect(result.stderr).toContain(stderr)
    if (stdout !== undefined) expect(result.stdout).toContain(stdout)
    const written = filesUnder(work).filter((file) => !inputs.includes(file))
    for (const secret of typeof route.secret === 'string' ? [route.secret] : route.secret) {
      expect(written.filter((file) => readFileSync(file, 'utf8').includes(secret)), secret).toEqual([])
      expect(result.stdout).not.toContain(secret)
      expect(result.stderr).not.toContain(secret)
    }
    if (redactedIn !== undefined) expect(filesUnder(join(work, redactedIn)).some((file) => readFileSync(file, 'utf8').includes('[redacted]'))).toBe(true)
  })
})
