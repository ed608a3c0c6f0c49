/**
 * Text as markup: the five characters HTML and XML give a meaning to (`&`, `<`, `>` and both quotes) written as
 * references, so the text is safe in element content and in a quoted attribute value alike. The HTML report's and
 * the JUnit XML's one escape; what differs between them stays with each writer and is said there: which control
 * characters it writes visibly, what XML cannot carry, and the apostrophe's reference (`&#39;`: HTML 4 has no
 * `&apos;`; the JUnit XML has always written `&apos;`).
 */
export function escapeMarkup(text: string, apostrophe: '&#39;' | '&apos;'): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, apostrophe)
}
