// The conversations benchmark's measured process (bench/conversations.bench.ts writes the suite and starts it):
// a scripted model makes a call and an answer per user message, its turns consumed in order across the conversation.
import { emptyUsage, runScriptedRounds } from './scripted-rounds.mjs'

const [suiteDir = '', count = '0', perCase = '3'] = process.argv.slice(2)
const messages = Number(perCase)
await runScriptedRounds(suiteDir, new Map(Array.from({ length: Number(count) }, (_, i) => [`case-${i}`, [Array.from({ length: messages }, (_, m) => [
  { text: '', toolCalls: [{ id: `c${m}`, name: 'add_item', rawArguments: JSON.stringify({ item: `${i}-${m}` }) }], usage: emptyUsage },
  { text: 'Added.', toolCalls: [], usage: emptyUsage },
]).flat()]])))
