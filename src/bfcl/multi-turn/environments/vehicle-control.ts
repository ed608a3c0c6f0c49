import type { PyValue } from '../../py/value.ts'
import { AttributeEnvironment, methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf, type LongContextConstants } from '../long-context.ts'
import { PyRandom } from '../mt19937.ts'
import { arith, le, lt, toFloat, truthy } from '../py-ops.ts'
import { keyError } from '../py-error.ts'
import { attributeLoader, configDict, dict, f, i, isMap, type Key, num, type Val, valRepr } from '../values.ts'
import { str } from './keys.ts'

// BFCL's VehicleControlAPI: engine, doors, brakes, climate, cruise, navigation, tyres. Public attributes in
// BFCL's attribute order; `_parkingBrakeForce`, `_slopeAngle`, `_brakePedalForce` are private (never compared).

const maxFuel = 50
const milesPerGallon = 20.0

const zipcodes: ReadonlyMap<Val, string> = new Map(Object.entries({
  Rivermist: '83214', Stonebrook: '74532', Maplecrest: '56108', Silverpine: '62947', Shadowridge: '71354',
  'Sunset Valley': '29581', Oakendale: '47329', Willowbend: '52013', 'Crescent Hollow': '69238', Autumnville: '51479',
  'San Francisco': '94016',
}))

// Unordered zip-code pairs with a known driving distance.
const distances: readonly (readonly [string, string, number])[] = [
  ['83214', '74532', 750.0], ['56108', '62947', 320.0], ['71354', '83214', 450.0], ['47329', '52013', 290.0],
  ['69238', '51479', 630.0], ['94016', '83214', 980.0], ['94016', '94704', 600.0], ['94704', '08541', 2550.0],
  ['94016', '62947', 780.0], ['62947', '47329', 1053.0], ['94016', '74532', 880.0],
]

// `_load_scenario`'s attributes in its order: (attribute, config key); remainingUnlockedDoors counts doorStatus's.
const loadedAttributes: readonly (readonly [string, string])[] = [
  ['fuelLevel', 'fuelLevel'], ['batteryVoltage', 'batteryVoltage'], ['engine_state', 'engineState'], ['remainingUnlockedDoors', 'doorStatus'], ['doorStatus', 'doorStatus'],
  ['acTemperature', 'acTemperature'], ['fanSpeed', 'fanSpeed'], ['acMode', 'acMode'], ['humidityLevel', 'humidityLevel'],
  ['headLightStatus', 'headLightStatus'], ['parkingBrakeStatus', 'parkingBrakeStatus'], ['_parkingBrakeForce', 'parkingBrakeForce'],
  ['_slopeAngle', 'slopeAngle'], ['brakePedalStatus', 'brakePedalStatus'], ['_brakePedalForce', 'brakePedalForce'],
  ['distanceToNextVehicle', 'distanceToNextVehicle'], ['cruiseStatus', 'cruiseStatus'], ['destination', 'destination'],
  ['frontLeftTirePressure', 'frontLeftTirePressure'], ['frontRightTirePressure', 'frontRightTirePressure'],
  ['rearLeftTirePressure', 'rearLeftTirePressure'], ['rearRightTirePressure', 'rearRightTirePressure'],
]

const publicAttributes = [
  'fuelLevel', 'batteryVoltage', 'engine_state', 'remainingUnlockedDoors', 'doorStatus', 'acTemperature', 'fanSpeed',
  'acMode', 'humidityLevel', 'headLightStatus', 'parkingBrakeStatus', 'brakePedalStatus', 'distanceToNextVehicle',
  'cruiseStatus', 'destination', 'frontLeftTirePressure', 'frontRightTirePressure', 'rearLeftTirePressure',
  'rearRightTirePressure', 'long_context',
] as const

const loaded = attributeLoader(() => new Map<string, Val>([
    ['fuelLevel', f(0)], ['batteryVoltage', f(12.6)], ['engineState', 'stopped'],
    ['doorStatus', dict([['driver', 'unlocked'], ['passenger', 'unlocked'], ['rear_left', 'unlocked'], ['rear_right', 'unlocked']])],
    ['acTemperature', f(25.0)], ['fanSpeed', i(50)], ['acMode', 'auto'], ['humidityLevel', f(50.0)], ['headLightStatus', 'off'],
    ['parkingBrakeStatus', 'released'], ['parkingBrakeForce', f(0)], ['slopeAngle', f(0)], ['brakePedalStatus', 'released'],
    ['brakePedalForce', f(0)], ['distanceToNextVehicle', f(50.0)], ['cruiseStatus', 'inactive'], ['destination', 'None'],
    ['frontLeftTirePressure', f(32.0)], ['frontRightTirePressure', f(32.0)], ['rearLeftTirePressure', f(30.0)], ['rearRightTirePressure', f(30.0)],
  ]))

/** A VehicleControlAPI instance. */
class VehicleControl extends AttributeEnvironment {
  readonly className = 'VehicleControlAPI'
  readonly methods = methods
  // long_context: BFCL's extension texts in four outputs, and its module-level weather dict (mutated, returned).
  extension: LongContextConstants | undefined
  readonly random = new PyRandom(141053)

  constructor(readonly process: ProcessState) {
    super(publicAttributes)
  }

  carStatus(option: Val): Map<Key, Val> {
    switch (option) {
      case 'fuel': return dict([['fuelLevel', this.get('fuelLevel')]])
      case 'battery': return dict([['batteryVoltage', this.get('batteryVoltage')]])
      case 'doors': return dict([['doorStatus', this.dict('doorStatus')]])
      case 'climate': return dict([['currentACTemperature', this.get('acTemperature')], ['fanSpeed', this.get('fanSpeed')], ['climateMode', this.get('acMode')], ['humidityLevel', this.get('humidityLevel')]])
      case 'headlights': return dict([['headlightStatus', this.get('headLightStatus')]])
      case 'parkingBrake': return dict([['parkingBrakeStatus', this.get('parkingBrakeStatus')], ['parkingBrakeForce', this.get('_parkingBrakeForce')], ['slopeAngle', this.get('_slopeAngle')]])
      case 'brakePedal': return dict([['brakePedalStatus', this.get('brakePedalStatus')], ['brakePedalForce', this.get('_brakePedalForce')]])
      case 'engine': return dict([['engineState', this.get('engine_state')]])
      default: return dict([['error', 'Invalid option']])
    }
  }

  pressures(): (readonly [string, Val])[] {
    return ['frontLeftTirePressure', 'frontRightTirePressure', 'rearLeftTirePressure', 'rearRightTirePressure'].map((name) => [name, this.get(name)] as const)
  }

  load(config: PyValue, longContext: boolean): void {
    const s = this.s
    const given = configDict(config)
    s.clear()
    // One set() site in a loop rather than twenty: this runs for every instance, and V8 compiles it.
    for (const [attribute, key] of loadedAttributes) {
      const value = loaded(given, key)
      s.set(attribute, attribute === 'remainingUnlockedDoors' ? i(isMap(value) ? [...value.values()].filter((v) => v === 'unlocked').length : 0) : value)
    }
    s.set('long_context', longContext)
    this.extension = longContext ? longContextOf(this.process) : undefined
  }
}

function releaseBrake(self: VehicleControl): Val {
  self.s.set('brakePedalStatus', 'released')
  self.s.set('_brakePedalForce', f(0))
  return dict([['brakePedalStatus', 'released'], ['brakePedalForce', f(0)]])
}

const methods = methodTable<VehicleControl>([
  ['activateParkingBrake', [req('mode')], ([mode], self) => {
    if (mode !== 'engage' && mode !== 'release') return dict([['error', 'Invalid mode']])
    const engaged = mode === 'engage'
    self.s.set('parkingBrakeStatus', engaged ? 'engaged' : 'released')
    self.s.set('_parkingBrakeForce', f(engaged ? 500.0 : 0.0))
    self.s.set('_slopeAngle', f(10.0))
    const status = dict([['parkingBrakeStatus', self.get('parkingBrakeStatus')], ['_parkingBrakeForce', self.get('_parkingBrakeForce')], ['_slopeAngle', self.get('_slopeAngle')]])
    return self.extension ? new Map<Key, Val>([['parkingBrakeInstruction', self.extension.PARKING_BRAKE_INSTRUCTION], ...status]) : status
  }],
  ['adjustClimateControl', [req('temperature'), opt('unit', 'celsius'), opt('fanSpeed', i(50)), opt('mode', 'auto')], ([temperature, unit, fan, mode], self) => {
    if (!(le(i(0), fan!) && le(fan!, i(100)))) return dict([['error', 'Fan speed must be between 0 and 100.']])
    self.s.set('acTemperature', unit === 'fahrenheit' ? arith('/', arith('*', arith('-', temperature!, i(32)), i(5)), i(9)) : temperature!)
    self.s.set('fanSpeed', fan!)
    self.s.set('acMode', mode!)
    return dict([['currentACTemperature', temperature!], ['climateMode', mode!], ['humidityLevel', self.get('humidityLevel')]])
  }],
  ['check_tire_pressure', [], (_, self) => {
    const healthy = self.pressures().every(([, value]) => num(value) >= 30 && num(value) <= 35)
    return dict([...self.pressures(), ['healthy_tire_pressure', healthy], ['car_info', self.extension ? self.extension.CAR_STATUS_METADATA_EXTENSION : dict([])]])
  }],
  ['displayCarStatus', [req('option')], ([option], self) => {
    const status = self.carStatus(option!)
    return self.extension ? new Map<Key, Val>([['metadata', self.extension.CAR_STATUS_METADATA_EXTENSION], ...status]) : status
  }],
  ['display_log', [req('messages')], ([messages]) => dict([['log', messages!]])],
  ['estimate_distance', [req('cityA'), req('cityB')], ([a, b], self) => {
    const hit = distances.find(([x, y]) => (x === a && y === b) || (x === b && y === a))
    const distance = hit ? dict([['distance', f(hit[2])]]) : dict([['error', 'distance not found in database.']])
    if (self.extension) distance.set('intermediaryCities', self.extension.INTERMEDIARY_CITIES)
    return distance
  }],
  ['estimate_drive_feasibility_by_mileage', [req('distance')], ([distance], self) => dict([['canDrive', !lt(arith('*', self.get('fuelLevel'), f(milesPerGallon)), distance!)]])],
  ['fillFuelTank', [req('fuelAmount')], ([amount], self) => {
    if (lt(amount!, i(0))) return dict([['error', 'Fuel amount cannot be negative.']])
    const level = arith('+', self.get('fuelLevel'), amount!)
    if (num(level) > maxFuel) return dict([['error', 'Cannot fill gas above the tank capacity.']])
    if (num(level) < 0) return dict([['error', 'Fuel tank is empty. Min fuel level is 0 gallons.']])
    self.s.set('fuelLevel', level)
    return dict([['fuelLevel', level]])
  }],
  ['find_nearest_tire_shop', [], () => dict([['shopLocation', '456 Oakwood Avenue, Rivermist, 83214']])],
  ['gallon_to_liter', [req('gallon')], ([gallon]) => dict([['liter', arith('*', gallon!, f(3.78541))]])],
  ['get_current_speed', [], (_, self) => dict([['currentSpeed', f(self.random.uniform(0.0, 120.0))]])],
  ['get_outside_temperature_from_google', [], (_, self) => {
    if (!self.extension) return dict([['outsideTemperature', f(self.random.uniform(-10.0, 40.0))]])
    // BFCL writes the reading into its module-level dict and returns that dict (one per process).
    self.extension.LONG_WEATHER_EXTENSION.set('outsideTemperature', f(self.random.uniform(-10.0, 40.0)))
    return self.extension.LONG_WEATHER_EXTENSION
  }],
  ['get_outside_temperature_from_weather_com', [], () => dict([['error', i(404)]])],
  ['get_zipcode_based_on_city', [req('city')], ([city]) => dict([['zipcode', zipcodes.get(city!) ?? '00000']])],
  ['liter_to_gallon', [req('liter')], ([liter]) => dict([['gallon', arith('*', liter!, f(0.264172))]])],
  ['lockDoors', [req('unlock'), req('door')], ([unlock, door], self) => {
    const wanted = truthy(unlock!) ? 'unlocked' : 'locked'
    for (const name of Array.isArray(door) ? door : []) {
      const key = str(name)
      if (!self.dict('doorStatus').has(key)) throw keyError(valRepr(name))
      if (self.dict('doorStatus').get(key) === wanted) continue
      self.dict('doorStatus').set(key, wanted)
      self.s.set('remainingUnlockedDoors', arith(wanted === 'unlocked' ? '+' : '-', self.get('remainingUnlockedDoors'), i(1)))
    }
    return dict([['lockStatus', wanted], ['remainingUnlockedDoors', self.get('remainingUnlockedDoors')]])
  }],
  ['pressBrakePedal', [req('pedalPosition')], ([position], self) => {
    if (lt(position!, i(0)) || lt(i(1), position!)) return dict([['error', 'Pedal position must be between 0 and 1.']])
    if (num(position!) === 0) return releaseBrake(self)
    const force = arith('*', position!, f(1000.0))
    self.s.set('brakePedalStatus', 'pressed')
    self.s.set('_brakePedalForce', force)
    return dict([['brakePedalStatus', 'pressed'], ['brakePedalForce', force]])
  }],
  ['releaseBrakePedal', [], (_, self) => releaseBrake(self)],
  ['setCruiseControl', [req('speed'), req('activate'), req('distanceToNextVehicle')], ([speed, activate, distance], self) => {
    if (self.get('engine_state') === 'stopped') return dict([['error', 'Start the engine before activating the cruise control.']])
    if (truthy(activate!)) {
      if (lt(speed!, i(0)) || lt(i(120), speed!) || num(arith('%', speed!, i(5))) !== 0) return dict([['error', 'Invalid speed']])
      self.s.set('cruiseStatus', 'active')
    } else self.s.set('cruiseStatus', 'inactive')
    self.s.set('distanceToNextVehicle', toFloat(distance!))
    return dict([['cruiseStatus', self.get('cruiseStatus')], ['currentSpeed', toFloat(speed!)], ['distanceToNextVehicle', toFloat(distance!)]])
  }],
  ['setHeadlights', [req('mode')], ([mode], self) => {
    if (mode !== 'on' && mode !== 'off' && mode !== 'auto') return dict([['error', 'Invalid headlight mode.']])
    self.s.set('headLightStatus', mode === 'on' ? 'on' : 'off')
    return dict([['headlightStatus', self.get('headLightStatus')]])
  }],
  ['set_navigation', [req('destination')], ([destination], self) => {
    self.s.set('destination', destination!)
    return dict([['status', `Navigating to ${str(destination!)}`]])
  }],
  ['startEngine', [req('ignitionMode')], ([mode], self) => {
    if (num(self.get('remainingUnlockedDoors')) > 0) {
      const unlocked = [...self.dict('doorStatus')].filter(([, status]) => status === 'unlocked').map(([name]) => String(name))
      return dict([['error', `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(', ')}`]])
    }
    if (self.get('brakePedalStatus') !== 'pressed') return dict([['error', 'Brake pedal needs to be pressed when starting the engine.']])
    if (num(self.get('_brakePedalForce')) !== 1000.0) return dict([['error', 'Must press the brake fully before starting the engine.']])
    if (num(self.get('fuelLevel')) < 0) return dict([['error', 'Fuel tank is empty.']])
    if (mode === 'START') self.s.set('engine_state', 'running')
    else if (mode === 'STOP') self.s.set('engine_state', 'stopped')
    else return dict([['error', 'Invalid ignition mode.']])
    return dict([['engineState', self.get('engine_state')], ['fuelLevel', self.get('fuelLevel')], ['batteryVoltage', self.get('batteryVoltage')]])
  }],
])

/** A VehicleControlAPI instance. */
export function vehicleControl(process: ProcessState): Environment {
  return new VehicleControl(process)
}
