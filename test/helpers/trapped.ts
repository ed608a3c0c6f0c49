/** A value no read can see into: a Proxy whose every trap throws, as a caller's provider may throw (core/thrown.ts). */
export function trapped(): object {
  return new Proxy({}, Object.fromEntries(['get', 'has', 'ownKeys', 'getPrototypeOf', 'getOwnPropertyDescriptor'].map((trap) => [trap, () => { throw new Error(`trap ${trap}`) }])))
}
