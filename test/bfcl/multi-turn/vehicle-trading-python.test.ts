import { describe, expect, it } from 'vitest'
import { executeCall } from '../../../src/bfcl/multi-turn/execute.ts'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's VehicleControlAPI (vehicle_control.py) compares its numeric arguments with Python's < and <=: a value that
// is no number raises TypeError and changes nothing, where NaN comparisons let it through. TradingBot's tables are dicts.

function vehicle() {
  const { env, run } = loadedEnvironment('VehicleControlAPI', '{"fuelLevel": 10.0}')
  return { state: () => new Map(env.state()), run }
}

describe("VehicleControlAPI as BFCL's Python runs it", () => {
  it('a fan speed that is no number raises and leaves the climate as it was', () => {
    const { run, state } = vehicle()
    expect(run("adjustClimateControl(temperature=20.0,fanSpeed='60')")).toBe("Error during execution: '<=' not supported between instances of 'int' and 'str'")
    expect(state().get('fanSpeed')).toEqual({ t: 'int', v: 50n })
    expect(state().get('acTemperature')).toEqual({ t: 'float', v: 25 })
  })

  it('a fuel amount that is no number fails its comparison', () => {
    expect(vehicle().run("fillFuelTank(fuelAmount='5')")).toBe("Error during execution: '<' not supported between instances of 'str' and 'int'")
  })

  it("a city is looked up among BFCL's cities only: no JS object properties", () => {
    expect(vehicle().run("get_zipcode_based_on_city(city='constructor')")).toBe('{"zipcode": "00000"}')
  })
})

describe("TradingBot's lookups as BFCL's dicts answer them", () => {
  const owners = () => loadedEnvironment('TradingBot').owners

  it("a name or sector that is a JS object property is not found (was {'symbol': undefined}); a list is unhashable", () => {
    const trading = owners()
    expect(executeCall("get_symbol_by_name(name='constructor')", trading)).toBe('{"symbol": "Stock not found"}')
    expect(executeCall("get_available_stocks(sector='toString')", trading)).toBe('{"stock_list": []}')
    expect(executeCall("get_symbol_by_name(name=['Apple'])", trading)).toBe("Error during execution: unhashable type: 'list'")
  })
})
