import { getOrCreate } from '../../core/get-or-create.ts'

// Python's `random.Random(seed)` for an int seed: MT19937 seeded with init_by_array over the seed's 32-bit words,
// `getrandbits`, `_randbelow` by rejection, 53-bit `random()`; BFCL's ids, tokens and readings come from these.

const N = 624
const M = 397

// Every environment instance seeds its own generator with one of a few constant seeds (two per entry and class),
// and most never draw: the seeded state and the state after its first twist are computed once per seed, and an
// instance gets its own copy of the state only at its first draw.
type Seeded = { readonly initial: Uint32Array; twisted?: Uint32Array }
const seeded = new Map<bigint, Seeded>()

// init_genrand(s) then init_by_array(key): the seeded state.
function initByArray(key: readonly number[]): Uint32Array {
  const mt = new Uint32Array(N)
  mt[0] = 19650218
  for (let i = 1; i < N; i++) {
    const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30)
    mt[i] = (Math.imul(1812433253, prev) + i) >>> 0
  }
  let i = 1
  let j = 0
  for (let k = Math.max(N, key.length); k > 0; k--) {
    const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30)
    mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0
    i++
    j++
    if (i >= N) {
      mt[0] = mt[N - 1]!
      i = 1
    }
    if (j >= key.length) j = 0
  }
  for (let k = N - 1; k > 0; k--) {
    const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30)
    mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0
    i++
    if (i >= N) {
      mt[0] = mt[N - 1]!
      i = 1
    }
  }
  mt[0] = 0x80000000
  return mt
}

// The next N words of state, in place (returns `mt`).
function twist(mt: Uint32Array): Uint32Array {
  for (let k = 0; k < N; k++) {
    const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff)
    mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)
  }
  return mt
}

/** A Python `random.Random` instance (int seeds only). */
export class PyRandom {
  private mt: Uint32Array | undefined
  private index = N
  /** The seed's cache entry until the first draw (the state is then still the seeded one). */
  private fresh: Seeded | undefined

  constructor(seed: bigint | number) {
    let s = BigInt(seed)
    if (s < 0n) s = -s
    this.fresh = getOrCreate(seeded, s, () => {
      const key: number[] = []
      for (let rest = s; rest > 0n; rest >>= 32n) key.push(Number(rest & 0xffffffffn))
      if (key.length === 0) key.push(0)
      return { initial: initByArray(key) }
    })
  }

  /** genrand_uint32. */
  uint32(): number {
    if (this.index >= N) {
      const fresh = this.fresh
      if (fresh) {
        if (!fresh.twisted) fresh.twisted = twist(fresh.initial.slice())
        this.mt = fresh.twisted.slice()
        this.fresh = undefined
      } else twist(this.mt!)
      this.index = 0
    }
    let y = this.mt![this.index++]!
    y ^= y >>> 11
    y = (y ^ ((y << 7) & 0x9d2c5680)) >>> 0
    y = (y ^ ((y << 15) & 0xefc60000)) >>> 0
    y ^= y >>> 18
    return y >>> 0
  }

  /** `random()`: 53 random bits in [0, 1). */
  random(): number {
    const a = this.uint32() >>> 5
    const b = this.uint32() >>> 6
    return (a * 67108864 + b) / 9007199254740992
  }

  /** `getrandbits(k)`. */
  getrandbits(k: number): bigint {
    if (k <= 32) return BigInt(this.uint32() >>> (32 - k))
    let out = 0n
    let shift = 0n
    for (let left = k; left > 0; left -= 32) {
      let word = this.uint32()
      if (left < 32) word >>>= 32 - left
      out |= BigInt(word) << shift
      shift += 32n
    }
    return out
  }

  /** `_randbelow(n)` by rejection on `n.bit_length()` bits. */
  randbelow(n: bigint): bigint {
    const k = n.toString(2).length
    let r = this.getrandbits(k)
    while (r >= n) r = this.getrandbits(k)
    return r
  }

  /** `randint(a, b)`, both ends included. */
  randint(a: number | bigint, b: number | bigint): bigint {
    return BigInt(a) + this.randbelow(BigInt(b) - BigInt(a) + 1n)
  }

  /** `uniform(a, b)`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random()
  }
}
