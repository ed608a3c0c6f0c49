import type { ProviderFactory } from './registry.ts'
export const createProvider: ProviderFactory = async () => { throw new Error('scripted: work in progress') }
