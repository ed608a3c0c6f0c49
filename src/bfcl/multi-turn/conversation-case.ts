import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ToolDefinition } from '../../core/tool.ts'
import { InputError } from '../../core/errors.ts'
import { readJsonLines, readPyJsonLines } from '../jsonl.ts'
import { pyToJsonText } from '../py/to-json.ts'
import { dictGet, isDict, type PyValue } from '../py/value.ts'
import { bfclFunctionToTool, type BfclFunctionDoc } from '../to-json-schema.ts'
import { loadMultiTurnCategory } from './data.ts'
import type { BfclWorldState } from './world.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

// A BFCL multi-turn entry as a toolgauge conversation case, following BFCL's FC inference (reference §2): the
// involved classes' docs as tools (less `excluded_function`, each with BFCL's Python hint), one user message per
// turn, a miss_func holdout turn as BFCL's "I have updated some more functions…" message whose `add_tools` are
// the held-out docs (sent without the hint, as BFCL sends them), and on every message `matching: bfcl` with that
// turn's ground truth, so each reply is judged by BFCL's multi-turn checker (message-verdict.ts).

/** BFCL's doc file per environment class (`multi_turn_func_doc/<file>.json`). */
const docFiles: { readonly [className: string]: string } = {
  GorillaFileSystem: 'gorilla_file_system', MathAPI: 'math_api', MessageAPI: 'message_api', TwitterAPI: 'posting_api',
  TicketAPI: 'ticket_api', TradingBot: 'trading_bot', TravelAPI: 'travel_booking', VehicleControlAPI: 'vehicle_control',
}

/** BFCL's user message at a miss_func holdout turn (FC handlers). */
export const holdoutMessage = 'I have updated some more functions you can choose from. What about now?'

/** One imported multi-turn entry: its case (file form) and the tools it exposes. */
export type ConversationCase = { readonly testCase: Record<string, unknown>; readonly tools: readonly ToolDefinition[] }

function stringsAt(value: PyValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/** Every entry of a multi-turn category as a conversation case, in file order (long_context: `bfclSource` recorded in each case's state). */
export function conversationCases(dataDir: string, category: string, bfclSource?: string, option?: string): ConversationCase[] {
  const graded = loadMultiTurnCategory(dataDir, category, option)
  const docs = new Map<string, BfclFunctionDoc[]>()
  const docsOf = (className: string): BfclFunctionDoc[] =>
    getOrCreate(docs, className, () => {
      const file = join(dataDir, 'multi_turn_func_doc', `${docFiles[className] ?? className}.json`)
      if (!existsSync(file)) throw new InputError(`no function docs for class ${className}`, { file, field: option })
      return readJsonLines(file).map(({ value }) => value as BfclFunctionDoc)
    })
  const file = join(dataDir, `BFCL_v4_${category}.json`)
  return readPyJsonLines(file).map(({ value, line }) => {
    if (!isDict(value)) throw new InputError('expected a JSON object per line', { file, line })
    const id = dictGet(value, 'id') as string
    const entry = graded.get(id)!
    const question = dictGet(value, 'question')
    if (!Array.isArray(question)) throw new InputError('expected a list of turns', { file, line, field: 'question' })
    const missed = dictGet(value, 'missed_function')
    const heldOut = new Map<number, string[]>(missed !== undefined && isDict(missed) ? missed.entries.map(([turn, names]) => [Number(turn), stringsAt(names)]) : [])
    const heldOutNames = new Set([...heldOut.values()].flat())
    const excluded = new Set(stringsAt(dictGet(value, 'excluded_function')))
    const tools = entry.involvedClasses.flatMap((className) => docsOf(className))
      .filter((doc) => !excluded.has(doc.name))
      .map((doc) => bfclFunctionToTool(doc, { mangleNames: false, languageHint: !heldOutNames.has(doc.name) }))
    const conversation = question.map((turn, index) => {
      const messages = Array.isArray(turn) ? turn : []
      const user = messages.length === 0 && heldOut.has(index)
        ? holdoutMessage
        : messages.map((message) => (isDict(message) ? String(dictGet(message, 'content') ?? '') : '')).join('\n')
      return {
        user,
        ...(heldOut.has(index) ? { add_tools: heldOut.get(index) } : {}),
        expect: { matching: 'bfcl', bfcl: { category, answer: entry.groundTruth[index] ?? [], turn: index } },
      }
    })
    const longContext = category === 'multi_turn_long_context'
    const state: BfclWorldState = {
      bfcl: longContext && bfclSource !== undefined
        ? { involved_classes: entry.involvedClasses, initial_config: pyToJsonText(entry.initialConfig), long_context: true, bfcl_source: bfclSource }
        : { involved_classes: entry.involvedClasses, initial_config: pyToJsonText(entry.initialConfig), long_context: longContext },
    }
    return {
      // `tools:` are those exposed from the first message; the held-out ones come with their message's add_tools.
      testCase: { id, tools: tools.flatMap((tool) => (heldOutNames.has(tool.name) ? [] : [tool.name])), max_turns: 20, state, conversation },
      tools,
    }
  })
}
