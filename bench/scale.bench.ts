// Memory and throughput at scale (issue 12), each figure from a process of its own (peak RSS is per process), with
// a bare `node -e 0` measured the same way beside them: a scripted one-call suite at 1,000 and 20,000 cases
// (budget: RSS at 20k ≤ 1.3 × RSS at 1k and ≤ 250 MiB), and 1,000 two-turn cases through the real `openai:`
// adapter against a fake API in another process answering after 50 ms, 16 at a time (budget: ≤ 150 MiB).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { openaiKey } from '../test/providers/fake/harness.ts'
import { startServerProcess } from '../test/providers/fake/serve-process.ts'

const runTs = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url))
const child = fileURLToPath(new URL('./scale-child.ts', import.meta.url))

type Figures = { cases: number; seconds: number; casesPerSecond: number; passed: number; maxRssMiB: number; maxRssAfterLoadMiB: number }

function measure(...args: string[]): Figures {
  const output = execFileSync(process.execPath, [runTs, child, ...args], { encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: openaiKey } })
  return JSON.parse(output.trim().split('\n').at(-1)!) as Figures
}

function bareNodeRss(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.resourceUsage().maxRSS / 1024))'], { encoding: 'utf8' }))
}

export async function run(): Promise<void> {
  const bare = bareNodeRss()
  const small = measure('scripted', '1000')
  const large = measure('scripted', '20000')
  const ratio = large.maxRssMiB / small.maxRssMiB
  const line = (f: Figures) => `${String(f.cases).padStart(6)} cases: peak RSS ${f.maxRssMiB.toFixed(0)} MiB (after loading the suite ${f.maxRssAfterLoadMiB.toFixed(0)} MiB), ${f.casesPerSecond.toFixed(0)} cases/s wall, ${f.passed} passed`
  console.log(`node -e 0: peak RSS ${bare.toFixed(0)} MiB`)
  console.log(`scripted one-call suite:\n  ${line(small)}\n  ${line(large)}\n  RSS@20k / RSS@1k = ${ratio.toFixed(2)} (budget ≤ 1.3), RSS@20k ${large.maxRssMiB <= 250 ? '≤' : '>'} 250 MiB`)
  const server = await startServerProcess('openai', 50)
  try {
    const loopback = measure('loopback', '1000', server.origin)
    console.log(`openai: vs loopback API (50 ms, concurrency 16):\n  ${line(loopback)} (budget ≤ 150 MiB)`)
  } finally {
    await server.stop()
  }
}
