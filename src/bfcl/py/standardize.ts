// BFCL's standardize_string: drop ASCII space and , . / - _ * ^, lowercase (Python str.lower), then ' → ".

const dropped = /[ ,./\-_*^]/g

/** Python `str.lower()`: JS toLowerCase except where CPython differs (İ lowers to i + combining dot in both). */
function pythonLower(s: string): string {
  return s.toLowerCase()
}

/** BFCL's `standardize_string`. */
export function standardizeString(s: string): string {
  return pythonLower(s.replace(dropped, '')).replaceAll("'", '"')
}
