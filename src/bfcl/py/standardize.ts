// BFCL's standardize_string: drop ASCII space and , . / - _ * ^, lowercase (Python str.lower), then ' → ".

const dropped = /[ ,./\-_*^]/g

/**
 * BFCL's `standardize_string`. JS `toLowerCase` and Python's `str.lower` both apply Unicode's full lowercase
 * mapping (İ → i̇, final sigma), so they agree on the texts models write.
 */
export function standardizeString(s: string): string {
  return s.replace(dropped, '').toLowerCase().replaceAll("'", '"')
}
