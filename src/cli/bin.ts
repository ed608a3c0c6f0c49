#!/usr/bin/env node
// The `toolgauge` executable: runs the CLI and leaves the exit code to Node (so pending output is flushed).
import { main } from './main.ts'

process.exitCode = await main(process.argv.slice(2))
