#!/usr/bin/env node
// The `toolgauge` executable: runs the CLI and leaves the exit code to Node (so pending output is flushed).
import { main } from './main.ts'

process.exitCode = await main(process.argv.slice(2))
// An interrupted run may have abandoned user code that still holds the event loop (a stub's timer): everything
// is written, so exit once the output has drained. Otherwise Node exits when the loop is empty, as usual.
if (process.exitCode === 130) setTimeout(() => process.exit(130), 500).unref()
