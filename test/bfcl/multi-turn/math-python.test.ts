import { describe, expect, it } from 'vitest'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's MathAPI (math_api.py): most methods catch TypeError and answer an error dict; + and * are Python's (str +
// str concatenates); the unit conversions use BFCL's tables. Expected texts are what CPython gives for the same
// expressions.

const { run } = loadedEnvironment('MathAPI')

describe("MathAPI as BFCL's Python runs it", () => {
  it('a TypeError inside is an error dict, not an execution error; Python operands work as in Python', () => {
    expect(run("add(a='1',b=2)")).toBe('{"error": "Both inputs must be numbers"}')
    expect(run("add(a='ab',b='c')")).toBe('{"result": "abc"}')
    expect(run("multiply(a='2',b=3)")).toBe('{"error": "Both inputs must be numbers"}')
    expect(run("divide(a=1,b='0')")).toBe('{"error": "Both inputs must be numbers"}')
    expect(run("absolute_value(number='-1')")).toBe('{"error": "Input must be a number"}')
    expect(run("mean(numbers=[1,'2'])")).toBe('{"error": "All elements in the list must be numbers"}')
    expect(run("sum_values(numbers=5)")).toBe('{"error": "All elements in the list must be numbers"}')
    expect(run("min_value(numbers=['b','a'])")).toBe('{"result": "a"}')
    expect(run("round_number(number=2.675,decimal_places=2.0)")).toBe('{"error": "First input must be a number, second input must be an integer"}')
  })

  it("percentage's zero message is BFCL's", () => {
    expect(run('percentage(part=1,whole=0)')).toBe('{"error": "Whole value cannot be zero"}')
  })

  it('round_number at a negative place rounds half to even, an int staying an int', () => {
    expect(run('round_number(number=1250,decimal_places=-2)')).toBe('{"result": 1200}')
    expect(run('round_number(number=1234.5,decimal_places=-2)')).toBe('{"result": 1200.0}')
    expect(run('round_number(number=-1250.0,decimal_places=-2)')).toBe('{"result": -1200.0}')
    expect(run('round_number(number=1350.0,decimal_places=-2)')).toBe('{"result": 1400.0}')
  })

  it("si_unit_conversion and imperial_si_conversion with BFCL's tables", () => {
    expect(run("si_unit_conversion(value=5,unit_in='km',unit_out='m')")).toBe('{"result": 5000.0}')
    expect(run("si_unit_conversion(value=5,unit_in='um',unit_out='m')")).toBe('{"result": 4.9999999999999996e-06}')
    expect(run("si_unit_conversion(value=5,unit_in='km',unit_out='mi')")).toBe('{"error": "Conversion from \'km\' to \'mi\' is not supported"}')
    expect(run("imperial_si_conversion(value=212,unit_in='fahrenheit',unit_out='celsius')")).toBe('{"result": 100.0}')
    expect(run("imperial_si_conversion(value=3,unit_in='km',unit_out='km')")).toBe('{"result": 3}')
    expect(run("imperial_si_conversion(value=10,unit_in='km',unit_out='miles')")).toBe('{"result": 6.21371}')
    expect(run("imperial_si_conversion(value='5',unit_in='km',unit_out='miles')")).toBe('{"error": "Value must be a number"}')
  })

  it("square_root's negative and non-number answers", () => {
    expect(run('square_root(number=-4,precision=5)')).toBe('{"error": "Cannot calculate square root of a negative number"}')
    expect(run("square_root(number='4',precision=5)")).toBe('{"error": "Input must be a number or computation resulted in an invalid operation"}')
  })
})
