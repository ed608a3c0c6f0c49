#!/usr/bin/env node
// The CLI straight from the TypeScript sources (tests and development: no build needed). The published
// executable is the built dist/cli/toolgauge.js (package.json "bin").
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/bin.ts')
