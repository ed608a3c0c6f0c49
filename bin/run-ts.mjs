#!/usr/bin/env node
// Runs one TypeScript file (benchmarks, scripts) through tsx's loader.
import { register } from 'tsx/esm/api'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

register()
const [file, ...rest] = process.argv.slice(2)
process.argv = [process.argv[0], resolve(file), ...rest]
await import(pathToFileURL(resolve(file)).href)
