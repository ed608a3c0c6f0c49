// Not fuzz's preview nor http's clip: those keep `max` characters before their `…`, as their messages always have.
/** The text, or as much of its start as fits in `max` characters with `mark` after it (a value quoted in a message). */
export function shorten(text: string, max: number, mark = '...'): string {
  return text.length > max ? `${text.slice(0, max - mark.length)}${mark}` : text
}
