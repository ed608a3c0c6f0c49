// The loop benchmark's measured process (bench/loop.bench.ts writes the suite and starts it).
import { emptyUsage, runScriptedRounds } from './scripted-rounds.mjs'

const [suiteDir = '', count = '0'] = process.argv.slice(2)
// Every 10th case calls with a hallucinated parameter, so the failure paths are exercised too.
await runScriptedRounds(suiteDir, new Map(Array.from({ length: Number(count) }, (_, i) => [`case-${i}`, [[
  { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify(i % 10 === 0 ? { city: `City${i}`, country: 'x' } : { city: `City${i}` }) }], usage: emptyUsage },
  { text: 'It is sunny.', toolCalls: [], usage: emptyUsage },
]]])))
