import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { InputError } from '../core/errors.ts'

/** The name of the report a run writes into its --out folder. */
const reportName = 'report.json'

/**
 * The report.json a command-line argument means. A file is itself; a run's folder is the report.json inside it,
 * or the only one among its subfolders (`reports/` holding `latest/`). A journal (`results.jsonl`, one result per
 * line) or a folder without exactly one report is an InputError naming the report.json to pass.
 */
export function reportFileFor(given: string): string {
  const stats = statOf(given)
  if (!stats) return given
  if (stats.isDirectory()) return reportInFolder(given)
  if (given.endsWith('.jsonl')) {
    const sibling = join(dirname(given), reportName)
    const next = existsSync(sibling)
      ? `pass ${sibling}`
      : `no ${reportName} is beside it (the run did not finish: \`toolgauge run --resume\` with the same --out completes it)`
    throw new InputError(`this is a run's journal (one result per line), not a report: ${next}`, { file: given })
  }
  return given
}

function reportInFolder(folder: string): string {
  const direct = join(folder, reportName)
  if (existsSync(direct)) return direct
  const nested = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, reportName)))
    .map((entry) => join(folder, entry.name, reportName))
    .sort()
  if (nested.length === 1) return nested[0]!
  if (nested.length > 1) throw new InputError(`a folder of ${nested.length} reports: pass one of ${nested.join(', ')}`, { file: folder })
  const journal = existsSync(join(folder, 'results.jsonl'))
    ? ` (its results.jsonl is the journal of a run that did not finish: \`toolgauge run --resume --out ${folder}\` completes it)`
    : ''
  throw new InputError(`a folder without a ${reportName}${journal}: pass the ${reportName} a run wrote into its --out folder`, { file: folder })
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

