#!/usr/bin/env node
// The CLI runs the TypeScript sources directly through tsx's loader: no build step, and user modules
// (stubs, hooks, validators written in .ts) load the same way.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
