import { InputError } from '../core/errors.ts'
import type { ProviderFactory } from './registry.ts'

/** Placeholder until the openai-compatible adapter lands. */
export const createProvider: ProviderFactory = async (_model, spec) => {
  throw new InputError(`model spec "${spec}" is not available yet`, { field: '--model' })
}
