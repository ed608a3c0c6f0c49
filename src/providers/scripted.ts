import { resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { RawToolCall } from '../core/message.ts'
import { emptyUsage, type ModelTurn, type Usage } from '../core/model-turn.ts'
import type { CaseRef, Provider } from '../core/provider.ts'
import { closestName, didYouMean, quotingSlip } from '../core/did-you-mean.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { readDocument, type SourceDocument } from '../io/read-document.ts'
import type { ProviderFactory } from './registry.ts'
import { labelled } from './wrap-provider.ts'
import { checkSettings } from './settings/protocol-settings.ts'
import { optionNames } from '../core/option-names.ts'

/** One scripted assistant turn. */
export type ScriptedTurn = { readonly text: string; readonly toolCalls: readonly RawToolCall[]; readonly usage: Usage }

/** A case's script: the turns of every repeat (a plain list is the script of every repeat). */
type CaseScript = readonly (readonly ScriptedTurn[])[]

/**
 * `scripted:<file>` — hand-written assistant turns per case id, for tests and demonstrations. Keys are case ids
 * (or `suite/case` to disambiguate); a value is a list of turns or `{ repeats: [[…], […]] }`. A turn is
 * `{ content?, tool_calls?: [{ id?, name, arguments }], usage?: { input, output } }`; `arguments` is kept
 * verbatim when it is a string (so malformed JSON can be scripted) and JSON-serialized otherwise.
 */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  if (!model) throw new InputError('scripted needs a file: scripted:<path to YAML/JSON>', { field: optionNames(options).model })
  checkSettings('offline', options.settings, spec)
  const document = readDocument(resolve(options.cwd ?? process.cwd(), model))
  const scripts = parseScripts(document)
  const repeatLists = new Map([...scripts.keys()].filter((key) => isRepeatsEntry((document.value as Record<string, unknown>)[key])).map((key) => [key, document.lineOf([key, 'repeats'])]))
  // A key's line only for an error: asked for eagerly, it would run the YAML parser that the user cache spares every run.
  const keyLine = (key: string) => document.lineOf([key])
  return labelled(scriptedProvider(spec, scripts, { file: document.file, repeatLists, keyLine }), options.label)
}

/** Where a script came from: its file, the keys written as `{ repeats: [...] }` with the line of that field, a key's line. */
export type ScriptSource = {
  readonly file?: string
  readonly repeatLists?: ReadonlyMap<string, number | undefined>
  readonly keyLine?: (key: string) => number | undefined
}

/** A provider replaying scripts already in memory (also used by tests and the benchmark). */
export function scriptedProvider(id: string, scripts: ReadonlyMap<string, CaseScript>, source: ScriptSource = {}): Provider {
  const file = source.file ?? id
  const scriptFor = (suite: string, caseId: string) => scripts.get(`${suite}/${caseId}`) ?? scripts.get(caseId)
  return {
    id,
    checkCases(cases, plan) {
      const missing = cases.filter((testCase) => !scriptFor(testCase.suite, testCase.id))
      if (missing.length > 0) throw missingScriptsError(missing, scripts, plan?.allCases ?? cases, source, file)
      checkRepeats(cases, plan?.repeats ?? 1, scripts, source, file)
      return plan?.allCases ? unusedKeyWarnings(scripts, plan.allCases, file) : []
    },
    async doGenerate(request): Promise<ModelTurn> {
      const { suite, caseId, repeat, turn } = request.context
      const script = scriptFor(suite, caseId)
      if (!script) throw new InputError(`no script for case "${suite}/${caseId}"`, { file })
      const turns = script[repeat % script.length] ?? []
      const scripted = turns[turn]
      // Past the end of the script the model simply stops talking: the loop ends on a turn without calls.
      if (!scripted) return { text: '', toolCalls: [], finishReason: { unified: 'stop', raw: 'script-ended' }, usage: emptyUsage, latencyMs: 0, retries: 0 }
      return {
        text: scripted.text,
        toolCalls: scripted.toolCalls,
        finishReason: scripted.toolCalls.length > 0 ? { unified: 'tool-calls' } : { unified: 'stop' },
        usage: scripted.usage,
        latencyMs: 0,
        retries: 0,
      }
    },
  }
}

/**
 * A `repeats:` list covers as many repeats as it has entries: with more `--repeat`s than that, the later repeats
 * would silently replay the first ones (a plain list of turns is meant for every repeat and is not checked).
 */
function checkRepeats(cases: readonly CaseRef[], repeats: number, scripts: ReadonlyMap<string, CaseScript>, source: ScriptSource, file: string): void {
  if (repeats <= 1 || !source.repeatLists) return
  for (const testCase of cases) {
    const key = [`${testCase.suite}/${testCase.id}`, testCase.id].find((candidate) => scripts.has(candidate))
    if (key === undefined || !source.repeatLists.has(key)) continue
    const given = source.repeatLists.get(key)
    const count = scripts.get(key)?.length ?? 0
    if (count < repeats) {
      throw new InputError(`case "${testCase.suite}/${testCase.id}" has ${count} repeat${count === 1 ? '' : 's'} in its repeats: list, but the run asks for ${repeats} (--repeat); add ${repeats - count} more or lower --repeat`, {
        file, ...(given !== undefined ? { line: given } : {}), field: `${key}.repeats`,
      })
    }
  }
}

/**
 * Cases the script has no key for. A key that names no case and is close to a missing case's id is most likely
 * that id misspelt: the message names it, and its line when it is the first missing case's, so the fix is one edit.
 */
function missingScriptsError(missing: readonly CaseRef[], scripts: ReadonlyMap<string, CaseScript>, allCases: readonly CaseRef[], source: ScriptSource, file: string): InputError {
  const strayKeys = keysNamingNoCase(scripts, allCases)
  // A `suite/case` key is compared with the case's `suite/case`, a bare one with its id.
  const meantKey = (testCase: CaseRef) =>
    closestName(`${testCase.suite}/${testCase.id}`, strayKeys.filter((key) => key.includes('/'))) ?? closestName(testCase.id, strayKeys.filter((key) => !key.includes('/')))
  const described = missing.slice(0, 5).map((testCase) => {
    const key = meantKey(testCase)
    return `"${testCase.suite}/${testCase.id}"${key === undefined ? '' : ` (did you mean key "${key}" for it?)`}`
  })
  const firstKey = meantKey(missing[0]!)
  const line = firstKey === undefined ? undefined : source.keyLine?.(firstKey)
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ''
  return new InputError(`no script for case${missing.length > 1 ? 's' : ''} ${described.join(', ')}${more}; add a key with the case id`, { file, ...(line !== undefined ? { line } : {}) })
}

/** Keys of the script that name no case of the loaded suites: most likely a typo of a case id. */
function unusedKeyWarnings(scripts: ReadonlyMap<string, CaseScript>, allCases: readonly CaseRef[], file: string): string[] {
  const unused = keysNamingNoCase(scripts, allCases)
  if (unused.length === 0) return []
  const ids = [...new Set(allCases.map((testCase) => testCase.id))]
  const listed = unused.slice(0, 10).map((key) => `"${key}"${didYouMean(key, ids)}`).join(', ')
  return [`${file}: ${unused.length} script key${unused.length === 1 ? '' : 's'} name${unused.length === 1 ? 's' : ''} no case of the suites and will never be used: ${listed}${unused.length > 10 ? ` and ${unused.length - 10} more` : ''}`]
}

/** The script's keys that name none of these cases, by id or `suite/case`. */
function keysNamingNoCase(scripts: ReadonlyMap<string, CaseScript>, cases: readonly CaseRef[]): string[] {
  const names = new Set(cases.flatMap((testCase) => [testCase.id, `${testCase.suite}/${testCase.id}`]))
  return [...scripts.keys()].filter((key) => !names.has(key))
}

/** A script entry written as `{ repeats: [[turns], …] }` (one list per repeat) rather than one list for all. */
function isRepeatsEntry(entry: unknown): entry is { repeats: unknown[] } {
  return typeof entry === 'object' && entry !== null && Array.isArray((entry as { repeats?: unknown }).repeats)
}

/** Parses and checks a script file; problems name the file, line and field. */
function parseScripts(document: SourceDocument): Map<string, CaseScript> {
  const value = document.value
  const fail = (path: (string | number)[], expected: string) =>
    new InputError(`expected ${expected}`, { file: document.file, line: document.lineOf(path), field: path.join('.') || '(root)' })
  if (!isPlainObject(value)) throw fail([], 'an object keyed by case id')
  const scripts = new Map<string, CaseScript>()
  for (const [caseId, entry] of Object.entries(value)) {
    if (Array.isArray(entry)) scripts.set(caseId, [parseTurns(entry, [caseId], fail)])
    else if (isRepeatsEntry(entry)) {
      const repeats = entry.repeats
      if (repeats.length === 0) throw fail([caseId, 'repeats'], 'at least one list of turns')
      scripts.set(caseId, repeats.map((turns, index) => {
        if (!Array.isArray(turns)) throw fail([caseId, 'repeats', index], 'a list of turns')
        return parseTurns(turns, [caseId, 'repeats', index], fail)
      }))
    } else throw fail([caseId], 'a list of turns or { repeats: [[turns], …] }')
  }
  return scripts
}

function parseTurns(turns: unknown[], path: (string | number)[], fail: (path: (string | number)[], expected: string) => InputError): ScriptedTurn[] {
  return turns.map((turn, turnIndex) => {
    const where = [...path, turnIndex]
    if (typeof turn !== 'object' || turn === null) throw fail(where, 'a turn object { content?, tool_calls? }')
    const { content, tool_calls: calls, usage, ...rest } = turn as Record<string, unknown>
    const unknown = Object.keys(rest)[0]
    if (unknown) throw fail([...where, unknown], 'only content, tool_calls and usage in a turn')
    if (content !== undefined && typeof content !== 'string') throw fail([...where, 'content'], `a string${quotingSlip(content)}`)
    if (calls !== undefined && !Array.isArray(calls)) throw fail([...where, 'tool_calls'], 'a list of calls')
    const toolCalls = (calls ?? []).map((call: unknown, index: number): RawToolCall => {
      const callPath = [...where, 'tool_calls', index]
      if (typeof call !== 'object' || call === null) throw fail(callPath, 'a call { id?, name, arguments }')
      const { id, name, arguments: args } = call as Record<string, unknown>
      if (typeof name !== 'string') throw fail([...callPath, 'name'], 'a string')
      return {
        id: typeof id === 'string' ? id : `call_${turnIndex}_${index}`,
        name,
        rawArguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      }
    })
    const tokens = (usage ?? {}) as { input?: number; output?: number }
    return { text: content ?? '', toolCalls, usage: { ...emptyUsage, input: tokens.input ?? 0, output: tokens.output ?? 0 } }
  })
}
