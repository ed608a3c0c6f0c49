/**
 * How a repeat is named to people, the same in every output (run's console, show, compare, HTML, Markdown, JUnit,
 * vitest test names): `#1` is the first run of a case. report.json and the journal keep the 0-based `repeat` index.
 */
export function repeatLabel(repeat: number): string {
  return `#${repeat + 1}`
}
