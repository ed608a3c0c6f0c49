import { isNumber, num, type Val } from './values.ts'
import { PyException } from './py-error.ts'
import { pyFloat, pyInt } from '../py/value.ts'

// An int meeting a float: CPython converts it, OverflowError past the float range.
function floatOf(n: bigint): number {
  const x = Number(n)
  if (!Number.isFinite(x)) throw new PyException('OverflowError', 'int too large to convert to float')
  return x
}

/**
 * Python 3.12+ `sum(items)`: ints added exactly; from the first float on, floats are added with Neumaier
 * compensation (CPython 3.12 changed this; BFCL's published results carry the 3.12 digits).
 */
export function pySum(items: readonly Val[]): Val {
  let int = 0n
  let index = 0
  for (; index < items.length; index++) {
    const item = items[index]!
    if (typeof item === 'boolean') int += item ? 1n : 0n
    else if (isNumber(item) && item.t === 'int') int += item.v
    else break
  }
  if (index === items.length) return pyInt(int)
  let total = floatOf(int)
  let c = 0
  for (; index < items.length; index++) {
    const item = items[index]!
    if (!isNumber(item) && typeof item !== 'boolean') throw new PyException('TypeError', `unsupported operand type(s) for +: 'float' and '${typeof item === 'string' ? 'str' : 'list'}'`)
    const x = isNumber(item) && item.t === 'int' ? floatOf(item.v) : num(item)
    const t = total + x
    if (Math.abs(total) >= Math.abs(x)) c += (total - t) + x
    else c += (x - t) + total
    total = t
  }
  if (c !== 0 && Number.isFinite(c)) total += c
  return pyFloat(total)
}
