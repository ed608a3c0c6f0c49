import { readFileSync } from 'node:fs'

/** The package version, written into every report. */
export const toolgaugeVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
