// What toolgauge's ports cannot answer as BFCL's Python would. It is no Python exception, so executeCall lets it
// through instead of turning it into a tool output: `bfcl score` leaves the entry unscored with this error named
// (a made-up output could have changed the verdict), and a run's case errors, never fails.

/** A call whose Python result toolgauge does not reproduce (named: method and what is not modelled). */
export class NotModelled extends Error {
  constructor(what: string) {
    super(`toolgauge does not model ${what}`)
    this.name = 'NotModelled'
  }
}
