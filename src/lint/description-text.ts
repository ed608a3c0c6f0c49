// Heuristics over description text for no-purpose and no-usage-guidance. Hand-written on purpose: a POS tagger
// (compromise 14.17, tried) took seconds to load on this machine and tags fragment-style descriptions wrongly
// ("Weather for a city" → verb), while a documented list of action verbs is fast, transparent and predictable.

/** Words of a text as a person counts them (for short-description). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/**
 * Verbs that say what a tool does or returns. A sentence that starts with one (imperative "Get …" or third
 * person "Gets …"), possibly after "This tool" / "Use this to" / "Used to", states a purpose.
 */
const actionVerbs = new Set(('get fetch retrieve return list show find search look query read load open download lookup ' + // not "order": "Order details" is a noun far more often

  'create add make insert post send write save store upload put set update edit modify change rename move copy replace patch ' +
  'delete remove cancel clear drop archive close stop end pause resume start run execute launch trigger schedule book reserve ' +
  'convert translate transform format parse validate check verify test compare compute calculate count measure estimate ' +
  'summarize summarise generate render draw plot analyze analyse extract classify detect scan monitor track watch ' +
  'transfer pay charge refund buy sell subscribe unsubscribe invite assign approve reject submit publish share ' +
  'notify alert email message call reply forward sign login logout authenticate authorize grant revoke lock unlock ' +
  'enable disable toggle turn install uninstall deploy build compile restart reboot sync refresh export import merge split ' +
  'sort filter rank recommend suggest predict answer explain describe resolve navigate click type scroll select ' +
  'encode decode encrypt decrypt hash compress decompress zip unzip play record capture take tell report log provide give ' +
  'subtract multiply divide sum weigh geocode ping inspect diff apply undo redo attach detach mark flag tag label publish').split(' '))

/** Verbs too vague to state a purpose ("Handles accounts", "Manages data"). */
const vagueVerbs = new Set(['handle', 'manage', 'process', 'do', 'perform', 'deal', 'work', 'use', 'support', 'help', 'interact'])

/** Lead-ins that precede the verb: "This tool gets …", "Use this to get …", "Allows you to get …". */
const leadIn = /^(?:this (?:tool|function|endpoint|api|operation|action)\s+(?:will\s+|can\s+|is used to\s+|lets you\s+|allows you to\s+)?|(?:use|call) (?:this|it)(?: tool| function)? to\s+|used to\s+|tool to\s+|function to\s+|(?:lets|allows|enables) (?:you|the (?:user|model|assistant)) to\s+|can be used to\s+|helps? (?:you )?(?:to )?)/i

/** The base form of a verb-like word: "gets" → "get", "retrieves" → "retrieve", "lists" → "list", "searches" → "search". */
function baseForm(word: string): string[] {
  const lower = word.toLowerCase()
  const forms = [lower]
  if (lower.endsWith('ies')) forms.push(`${lower.slice(0, -3)}y`)
  if (lower.endsWith('es')) forms.push(lower.slice(0, -2))
  if (lower.endsWith('s')) forms.push(lower.slice(0, -1))
  return forms
}

/** Sentences of a description (split on . ! ? ; and line breaks). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).map((sentence) => sentence.trim()).filter(Boolean)
}

/** The verb a sentence opens with, after any lead-in; undefined when it opens with something else. */
function openingVerb(sentence: string): { verb: string; vague: boolean } | undefined {
  const rest = sentence.replace(/^[^\p{L}]+/u, '').replace(leadIn, '')
  const first = /^[\p{L}-]+/u.exec(rest)?.[0]
  if (!first) return undefined
  for (const form of baseForm(first)) {
    if (vagueVerbs.has(form)) return { verb: first, vague: true }
    if (actionVerbs.has(form)) return { verb: first, vague: false }
  }
  return undefined
}

/**
 * Whether a description says what the tool does or returns: some sentence opens with an action verb, or it
 * says what it returns ("returns …", "responds with …"). Returns the reason when it does not.
 */
export function purposeProblem(description: string): string | undefined {
  if (/\b(?:returns?|responds? with|outputs?|yields?|results? in)\b/i.test(description)) return undefined
  const verbs = sentences(description).map(openingVerb)
  if (verbs.some((verb) => verb && !verb.vague)) return undefined
  const vague = verbs.find((verb) => verb?.vague)
  return vague
    ? `opens with the vague verb "${vague.verb}": say what the tool does or returns (e.g. "Gets …", "Returns …")`
    : 'no sentence says what the tool does or returns (start with an action verb: "Gets …", "Lists …", "Returns …")'
}

/** Phrases that tell a model when (not) to pick a tool over its siblings. */
const guidancePattern = /\b(?:use (?:this|it)?\s*(?:tool |function )?(?:when|for|only|instead|if)|do(?:es)? not use|don'?t use|never use|not (?:for|to|to be used)|instead(?: of)?|rather than|prefer(?:red)?|only (?:when|for|if)|unless|otherwise|as opposed to|not suitable)\b/i

/** Whether a description gives usage guidance: a phrase such as "use only when", "not for", "instead", or a sibling named. */
export function hasUsageGuidance(description: string, siblingNames: readonly string[]): boolean {
  return guidancePattern.test(description) || siblingNames.some((name) => description.includes(name))
}
