/** 32-bit FNV-1a of `bytes[start..end)`: a fast, non-cryptographic hash (hash-table slots, change checks). */
export function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at]!, 0x01000193)
  return hash >>> 0
}
