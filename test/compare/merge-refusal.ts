import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'

/** The message of the error mergeReports throws over these inputs; fails the test when it merges them. */
export function mergeRefusal(inputs: readonly ReportInput[]): string {
  try {
    mergeReports(inputs)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`merged ${inputs.map((i) => i.file).join(', ')} without refusing`)
}
