// Preloaded (`node --import`) into a `toolgauge` process by bench/scale.bench.ts: writes the process's peak RSS (MiB)
// to the file TOOLGAUGE_BENCH_RSS_FILE names as it exits, so the CLI is measured exactly as users start it.
import { writeFileSync } from 'node:fs'

process.on('exit', () => writeFileSync(process.env.TOOLGAUGE_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS / 1024)))
