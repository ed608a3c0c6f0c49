import { describe, expect, it } from 'vitest'
import { decodePrompt } from '../../src/bfcl/decode.ts'
import { pyRepr } from '../../src/bfcl/py/repr.ts'
import { parseExpression } from '../../src/bfcl/python/parse.ts'
import { unparse } from '../../src/bfcl/python/unparse.ts'
import { doc, errorType } from './build.ts'

// Prompt-mode decoding (bfcl-rules.md §4.1): the decoded value is shown as Python's repr.
const decoded = (text: string) => pyRepr(decodePrompt(text))

describe('prompt-mode decoding', () => {
  it('strips backticks, newlines and spaces, wraps in [ ] and strips quotes', () => {
    expect(decoded('```calc.area(base=10, height=5)```')).toBe("[{'calc.area': {'base': 10, 'height': 5}}]")
    expect(decoded('\n [f(a=1), g.h(b="x")] ')).toBe("[{'f': {'a': 1}}, {'g.h': {'b': 'x'}}]")
    expect(decoded("f(a='q')")).toBe("[{'f': {'a': 'q'}}]")
    expect(decoded('')).toBe('[]')
  })
  it('drops positional arguments', () => {
    expect(decoded('f(10, 5, c=1)')).toBe("[{'f': {'c': 1}}]")
  })
  it('keeps int and float literals apart', () => {
    expect(decoded('f(a=5, b=5.0, c=1e3, d=0x10, e=1_000)')).toBe("[{'f': {'a': 5, 'b': 5.0, 'c': 1000.0, 'd': 16, 'e': 1000}}]")
  })
  it('resolves constants, containers, bare names, nested calls and subscripts the way BFCL does', () => {
    expect(decoded('f(a=True, b=None, c=[1, "x"], d={"k": (1, 2)}, e=...)')).toBe("[{'f': {'a': True, 'b': None, 'c': [1, 'x'], 'd': {'k': (1, 2)}, 'e': '...'}}]")
    expect(decoded('f(x=abc, y=true)')).toBe("[{'f': {'x': 'abc', 'y': 'true'}}]")
    expect(decoded('f(x=g(1, "a"), y=g(k=2))')).toBe("[{'f': {'x': \"g(1, 'a')\", 'y': {'g': {'k': 2}}}}]")
    expect(decoded('f(x=data["sales"], y=m[1:2], z=m[1, 2])')).toBe("[{'f': {'x': \"data['sales']\", 'y': 'm[1:2]', 'z': 'm[(1, 2)]'}}]")
  })
  it('evaluates binary operations and negates under any unary operator', () => {
    expect(decoded('f(a=2+3, b=4/2, c="a"+"b", d=7//2, e=-7 % 3, g=2**-1)')).toBe("[{'f': {'a': 5, 'b': 2.0, 'c': 'ab', 'd': 3, 'e': 2, 'g': 0.5}}]")
    expect(decoded('f(a=-5, b=+5, c=not True, d=~3, e=-2.5)')).toBe("[{'f': {'a': -5, 'b': -5, 'c': -1, 'd': -3, 'e': -2.5}}]")
  })
  it('evaluates complex literals and the pure builtins eval sees; a repeated keyword keeps the last value', () => {
    expect(decoded('f(a=2+3j, b=abs(-3) + 1, c=len("ab") * 2, d=round(2.5) + 0, e=max([1, 5]) - 1)')).toBe("[{'f': {'a': (2+3j), 'b': 4, 'c': 4, 'd': 2, 'e': 4}}]")
    expect(decoded('f(a=1, b=2, a=3)')).toBe("[{'f': {'a': 3, 'b': 2}}]")
    expect(decoded('f(a=g((lambda: 1)(), x if y else z))')).toBe("[{'f': {'a': 'g((lambda: 1)(), x if y else z)'}}]")
  })
  it.each([
    ['prose', 'I cannot do that.'],
    ['a non-call element', '[f(a=1), 2]'],
    ['lambda', 'f(a=lambda x: x)'],
    ['attribute', 'f(a=math.pi)'],
    ['comparison', 'f(a=1 < 2)'],
    ['f-string', 'f(a=f"{x}")'],
    ['set', 'f(a={1, 2})'],
    ['a name inside a binary op', 'f(a=x + 1)'],
    ['negated non-constant', 'f(a=-x)'],
    ['division by zero', 'f(a=1/0)'],
    ['a keyword as parameter name', 'f(from="NYC")'],
    ['an unknown function inside arithmetic', 'f(a=foo(1) + 1)'],
    ['positional after keyword', 'f(a=1, 2)'],
    ['trailing prose', '[f(a=1)] This sets a.'],
    ['two lines', 'f(a=1)\ng(b=2)'],
    ['a ```python fence with its language tag', '```python\nf(a=1)\n```'],
    ['leading zeros', 'f(a=007)'],
    ['unterminated string', 'f(a="x)'],
  ])('fails on %s', (_label, text) => {
    expect(() => decodePrompt(text)).toThrow()
  })
  it('a non-string result fails', () => {
    expect(() => decodePrompt(['f(a=1)'])).toThrow()
  })
})

describe('prompt-mode verdicts', () => {
  const area = doc('calc.area', { base: { type: 'integer' }, height: { type: 'integer' } }, ['base', 'height'])
  const answer = '[{"calc.area": {"base": [10], "height": [5]}}]'
  it('matches the reference rule vectors', () => {
    expect(errorType('simple_python', [area], answer, '```calc.area(base=10, height=5)```')).toBeNull()
    expect(errorType('simple_python', [area], answer, 'calc.area(10, 5)')).toBe('simple_function_checker:missing_required')
    expect(errorType('simple_python', [area], answer, 'Sure! The area is 25.')).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [area], answer, 'calc.area(base=10, height=2+3)')).toBeNull()
  })
  it('tuples pass only where the declared type is tuple', () => {
    const t = doc('pt', { p: { type: 'tuple', items: { type: 'integer' } } }, ['p'])
    const a = doc('pa', { p: { type: 'array', items: { type: 'integer' } } }, ['p'])
    expect(errorType('simple_python', [t], '[{"pt": {"p": [[1, 2]]}}]', 'pt(p=(1, 2))')).toBeNull()
    expect(errorType('simple_python', [a], '[{"pa": {"p": [[1, 2]]}}]', 'pa(p=(1, 2))')).toBe('type_error:simple')
  })
  it('a bare name for a string param is its identifier', () => {
    const s = doc('s', { city: { type: 'string' } }, ['city'])
    expect(errorType('simple_python', [s], '[{"s": {"city": ["Paris"]}}]', 's(city=Paris)')).toBeNull()
  })
})

describe('unparse (nested calls and subscripts become text)', () => {
  it.each([
    ['f(1,2)', 'f(1, 2)'],
    ["g( 'a' , k = 1 )", "g('a', k=1)"],
    ['(a + b) * c', '(a + b) * c'],
    ['a + (b * c)', 'a + b * c'],
    ['(-1) ** 2', '(-1) ** 2'],
    ['x[1:2, ::3]', 'x[1:2, ::3]'],
    ['not a', 'not a'],
    ['f(*args, **kw)', 'f(*args, **kw)'],
    ['{"a": [1, (2,)]}', "{'a': [1, (2,)]}"],
    ['a if b else c', 'a if b else c'],
    ['x.y.z(1.0)', 'x.y.z(1.0)'],
  ])('%s → %s', (source, expected) => {
    expect(unparse(parseExpression(source))).toBe(expected)
  })
})
