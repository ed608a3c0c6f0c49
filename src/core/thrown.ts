// What user code throws is any value: a string, null, an object with no prototype (String() throws on it), one whose
// toString or `message` getter throws, a Proxy whose every trap throws. Turning it into text must never throw
// itself — a throw from the describing, inside a catch, escaped the loop's containment and crashed the run.

/** `TypeError: message` for errors, the value itself (a string, JSON, `String(value)`) for anything else; never throws. */
export function describeThrown(error: unknown): string {
  return attempt(() => {
    if (error instanceof Error) return `${text(error.name)}: ${text(error.message)}`
    return typeof error === 'string' ? error : attempt(() => JSON.stringify(error)) ?? text(error)
  }) ?? 'a value that cannot be described'
}

/** An error's `message`, or `describeThrown` for anything else thrown; never throws. */
export function thrownMessage(error: unknown): string {
  return attempt(() => (error instanceof Error ? text(error.message) : undefined)) ?? describeThrown(error)
}

/** `String(value)`, or a placeholder for a value that refuses (no prototype, a throwing toString). */
function text(value: unknown): string {
  return attempt(() => String(value)) ?? `[${value === null ? 'null' : typeof value} that cannot be turned into text]`
}

/** `read()`, or undefined when reading the caller's value throws (a getter, a Proxy). */
export function attempt<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

/** Whether a thrown value carries a realm-safe marker (`marker in value`); false, not a throw, for a Proxy whose `has` trap throws. */
export function carriesMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && attempt(() => marker in value) === true
}
