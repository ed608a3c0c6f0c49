import type { ProviderFactory } from './registry.ts'
export const createProvider: ProviderFactory = async () => { throw new Error('baseline: work in progress') }
