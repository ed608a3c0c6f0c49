import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import type { ToolTokenCount } from './types.ts'

/** One measured request kept as a new oracle: the inputs and what the provider's API reported for them. */
export type RecordedOracle = {
  readonly format: 'toolgauge-token-oracle/1'
  /** ISO time of the measurement: providers change their prompts, so oracles are dated. */
  readonly recorded: string
  readonly model: string
  readonly tools: readonly ToolDefinition[]
  readonly messages: readonly Message[]
  readonly toolChoice?: ToolChoice
  readonly measured: Pick<ToolTokenCount, 'promptTokens' | 'toolTokens' | 'fixedOverhead' | 'perTool' | 'provenance'>
  /** The offline count at recording time, for the accuracy table. */
  readonly offline: Pick<ToolTokenCount, 'promptTokens' | 'toolTokens' | 'method' | 'confidence' | 'encoding'>
}

/** Appends a measurement to an oracle file (a JSON array; created when missing). */
export function recordOracle(file: string, entry: Omit<RecordedOracle, 'format' | 'recorded'>, now = new Date()): RecordedOracle {
  const record: RecordedOracle = { format: 'toolgauge-token-oracle/1', recorded: now.toISOString(), ...entry }
  const existing = existsSync(file) ? readRecords(file) : []
  writeFileSync(file, `${JSON.stringify([...existing, record], null, 2)}\n`)
  return record
}

/** Reads an oracle file written by `toolgauge tokens --measure --record`. */
export function readRecords(file: string): RecordedOracle[] {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new InputError(`cannot read oracle file: ${(error as Error).message}`, { file })
  }
  if (!Array.isArray(value) || !value.every((entry) => (entry as { format?: unknown })?.format === 'toolgauge-token-oracle/1')) {
    throw new InputError('expected a JSON array of toolgauge-token-oracle/1 records', { file })
  }
  return value as RecordedOracle[]
}
