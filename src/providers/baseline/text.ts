/** Words too common to tell tools apart. */
const stopwords = new Set(('a an the and or but of to in on at for from by with about as is are was were be been being do does did ' +
  'i me my we our you your it its this that these those what which who whom how when where why can could would should will ' +
  'please tell give today now hi hello there doing get let lets there here any some all into over than then so if not no yes just also very much many').split(' '))

/** Lowercased content words of a text, camelCase and snake_case split, with a light suffix stemmer. */
export function contentWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !stopwords.has(word))
    .map(stem)
}

/** A crude stemmer (plural and common verb endings) so "emails" meets "email" and "booking" meets "book". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}
