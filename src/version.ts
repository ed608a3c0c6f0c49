import { packageManifest } from './package-files.ts'

/** The package version, written into every report. */
export const toolgaugeVersion: string = packageManifest.version
