// Not fuzz's preview nor http's clip: those keep `max` characters before their `…`, as their messages always have.
/** The text, or as much of its start as fits in `max` characters with `mark` after it (a value quoted in a message). */
export function shorten(text: string, max: number, mark = '...'): string {
  return text.length > max ? `${text.slice(0, max - mark.length)}${mark}` : text
}

// Line breaks, other C0 controls, DEL, C1 controls and the Unicode line and paragraph separators.
const breaksALine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * A value the model sent (a tool name, raw arguments) quoted in a failure message: as it is when it is one plain
 * line, else as JSON, its line breaks and controls escaped — outputs keep a message's own indented continuation
 * lines (a state diff), so a raw value could add lines that read as the scorer's.
 */
export function valueInMessage(text: string): string {
  return breaksALine.test(text) ? JSON.stringify(text) : text
}
