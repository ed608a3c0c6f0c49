import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeInstances } from '../../../src/bfcl/multi-turn/check-entry.ts'
import { loadMultiTurnCategory, type MultiTurnEntry } from '../../../src/bfcl/multi-turn/data.ts'
import { decodeFcStep } from '../../../src/bfcl/multi-turn/decode-step.ts'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { executeCall, methodOwners } from '../../../src/bfcl/multi-turn/execute.ts'
import { jsonDumps } from '../../../src/bfcl/py/json-dumps.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'
import { dictGet, isDict, type PyValue } from '../../../src/bfcl/py/value.ts'
import { jsonDumpsDefaultStr, type Val } from '../../../src/bfcl/multi-turn/values.ts'
import { sharedData } from '../../helpers/shared-data.ts'

// Replays the real results' inference_log through the TypeScript environments: every executed call's output and
// every logged per-turn state snapshot (public attributes, as BFCL logs them) must match byte for byte.

/** One disagreement with BFCL's log. */
export type LogMismatch = { readonly where: string; readonly className: string; readonly want: string; readonly got: string }

/** What one class's replay compared. */
export type ReplayTally = { outputs: number; states: number; entries: number; mismatches: LogMismatch[] }

const root = () => sharedData('bfcl-multi-turn')
const categories = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param'] as const

function resultFiles(): { model: string; category: string; file: string }[] {
  const dir = join(root(), 'results', '2025-11-12-harmony-fixes', 'result')
  return ['openai_gpt-oss-120b', 'openai_gpt-oss-20b'].flatMap((model) => categories.map((category) => ({ model, category, file: join(dir, model, 'multi_turn', `BFCL_v4_${category}_result.json`) })))
}

const field = (v: PyValue, name: string): PyValue | undefined => (isDict(v) ? dictGet(v, name) : undefined)

// BFCL logs a state snapshot as JSON of the public attributes (non-serialisable values by str()).
function loggedState(instanceState: readonly (readonly [string, Val])[]): string {
  return jsonDumpsDefaultStr(new Map(instanceState))
}

/** Replays every logged entry that involves `className` and only implemented classes. */
export function replayClass(className: string): ReplayTally {
  const tally: ReplayTally = { outputs: 0, states: 0, entries: 0, mismatches: [] }
  for (const { model, category, file } of resultFiles()) {
    const entries: Map<string, MultiTurnEntry> = loadMultiTurnCategory(join(root(), 'bfcl'), category)
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (!text.trim()) continue
      const line = pyJsonLoads(text)
      const id = field(line, 'id') as string
      const log = field(line, 'inference_log')
      const entry = entries.get(id)!
      if (!Array.isArray(log) || !entry.involvedClasses.includes(className)) continue
      if (!entry.involvedClasses.every((name) => environmentFactories[name])) continue
      tally.entries++
      const instances = makeInstances(entry, new Map(), category === 'multi_turn_long_context')
      const owners = methodOwners(instances)
      const target = instances.find((instance) => instance.className === className)!
      const result = field(line, 'result') as PyValue[]
      let turn = 0
      for (const block of log) {
        if (Array.isArray(block)) {
          for (const snapshot of block) {
            if (field(snapshot, 'class_name') !== className) continue
            tally.states++
            const want = jsonDumps(field(snapshot, 'content')!)
            const got = loggedState(target.state())
            if (want !== got) tally.mismatches.push({ where: `${model} ${id} state before turn ${turn}`, className, want, got })
          }
          continue
        }
        const steps = isDict(block) ? block.entries.filter(([key]) => typeof key === 'string' && key.startsWith('step_')) : []
        for (const [stepName, messages] of steps) {
          if (!Array.isArray(messages)) continue
          const handler = messages.find((m) => field(m, 'role') === 'handler_log')
          const decoded = (handler ? field(handler, 'model_response_decoded') : undefined) as string[] | undefined
          const outputs = messages.filter((m) => field(m, 'role') === 'tool').map((m) => field(m, 'content') as string)
          const stepIndex = Number(String(stepName).slice(5))
          const raw = (result[turn] as PyValue[] | undefined)?.[stepIndex]
          if (decoded && raw !== undefined) {
            const ours = decodeFcStep(raw) ?? []
            if (ours.length > 0 && JSON.stringify(ours) !== JSON.stringify(decoded)) {
              tally.mismatches.push({ where: `${model} ${id} turn ${turn} ${String(stepName)} decode`, className, want: JSON.stringify(decoded), got: JSON.stringify(ours) })
            }
          }
          ;(decoded ?? []).forEach((call, index) => {
            const got = executeCall(call, owners)
            const owner = owners.get(call.split('(')[0]!)
            if (owner?.className !== className) return
            tally.outputs++
            if (got !== outputs[index]) tally.mismatches.push({ where: `${model} ${id} turn ${turn} ${String(stepName)} ${call}`, className, want: outputs[index] ?? '(none)', got })
          })
        }
        turn++
      }
    }
  }
  return tally
}
