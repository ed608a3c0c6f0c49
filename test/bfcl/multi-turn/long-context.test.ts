import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { thrownInputError } from '../../helpers/input-error.ts'
import type { ProcessState } from '../../../src/bfcl/multi-turn/environment.ts'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { executeCall, methodOwners } from '../../../src/bfcl/multi-turn/execute.ts'
import { longContextFile, longContextProcess, readLongContext } from '../../../src/bfcl/multi-turn/long-context.ts'
import { valRepr } from '../../../src/bfcl/multi-turn/values.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'

// BFCL's long-context mode against a made-up long_context.py (fixtures/; the real file is BFCL's and never ships):
// the reader (toolgauge's Python parser, exit 2 on anything unexpected) and each environment's long-context
// behaviour, as BFCL's classes have it.

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bfcl_eval')
const fixtureText = readFileSync(join(fixture, longContextFile), 'utf8')

/** A bfcl_eval folder whose long_context.py is `text`. */
function sourceWith(text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'toolgauge-lc-'))
  const file = join(root, longContextFile)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  return root
}

/** One loaded long-context instance of `className` in `process`, as BFCL's checker runs calls on it. */
function instance(className: string, process: ProcessState, config = '{}') {
  const env = environmentFactories[className]!(process)
  env.load(pyJsonLoads(config), true)
  const owners = methodOwners([env])
  return { env, run: (call: string) => executeCall(call, owners) }
}

describe("reading BFCL's long_context.py with toolgauge's Python parser", () => {
  it('reads every constant as Python data: int vs float, signs, triple-quoted text, ... as Ellipsis', () => {
    const constants = readLongContext(fixture)
    expect(valRepr(constants.WATCH_LIST_EXTENSION)).toBe("['QQQ', 'ZZ', Ellipsis]")
    expect(valRepr(constants.MA_5_EXTENSION)).toBe('[1.5, 2.25, -3.0]')
    expect(valRepr(constants.MA_20_EXTENSION)).toBe('[10.0, 20]')
    expect(constants.ORDER_DETAIL_EXTENSION.get('summary')).toBe('\n    {symbol} is a made-up company; {{braces}} stay.\n    ')
    expect(valRepr(constants.CREDIT_CARD_EXTENSION)).toBe("{'1111222233334444': {'card_number': '1111222233334444', 'expiration_date': '01/30', 'cardholder_name': 'Test Holder', 'card_verification_number': 111, 'balance': 1000.0}}")
    expect(constants.FILE_CONTENT_EXTENSION).toBe(' [filler]')
  })

  it('a folder without the file, a syntax error, a missing name, a non-literal or a wrong kind is bad input naming the file', () => {
    const missing = thrownInputError(() => readLongContext(mkdtempSync(join(tmpdir(), 'toolgauge-lc-empty-')), '--bfcl-source'))
    expect(missing.message).toContain(longContextFile)
    expect(missing.location?.field).toBe('--bfcl-source')

    const broken = thrownInputError(() => readLongContext(sourceWith(`${fixtureText}\nNEW = [1, 2\nOTHER = 3\n`)))
    expect(broken.message).toMatch(/long_context\.py/)
    expect(broken.message).toContain("module-level NAME = <Python literal> assignments only")

    const statement = thrownInputError(() => readLongContext(sourceWith(`import os\n${fixtureText}`)))
    expect(statement.location?.line).toBe(1)

    const renamed = thrownInputError(() => readLongContext(sourceWith(fixtureText.replace('FILES_TAIL_USED =', 'FILES_TAIL_USE ='))))
    expect(renamed.message).toContain('expected BFCL\'s long_context.py to define FILES_TAIL_USED (a list) (did you mean "FILES_TAIL_USE"?)')

    const code = thrownInputError(() => readLongContext(sourceWith(fixtureText.replace("FILES_TAIL_USED = ['keep.txt']", "FILES_TAIL_USED = sorted(['keep.txt'])"))))
    expect(code.message).toContain('expected FILES_TAIL_USED to be a Python literal, found a call expression')
    expect(code.location?.line).toBeGreaterThan(40)

    const kind = thrownInputError(() => readLongContext(sourceWith(fixtureText.replace('FILE_CONTENT_EXTENSION = " [filler]"', 'FILE_CONTENT_EXTENSION = [" [filler]"]'))))
    expect(kind.message).toContain('expected FILE_CONTENT_EXTENSION to be a str, got a list')
  })
})

describe("the environments' long-context mode", () => {
  let process: ProcessState
  beforeAll(() => {
    process = longContextProcess(readLongContext(fixture))
  })

  it('GorillaFileSystem: the filler text on every file but FILES_TAIL_USED, the images in every directory without subdirectories', () => {
    const config = JSON.stringify({ root: { home: { type: 'directory', contents: {
      'notes.txt': { type: 'file', content: 'hi' },
      'keep.txt': { type: 'file', content: 'kept' },
      docs: { type: 'directory', contents: { 'a.md': { type: 'file', content: 'A' } } },
      empty: { type: 'directory', contents: {} },
    } } } })
    const { run } = instance('GorillaFileSystem', process, config)
    expect(run('ls()')).toBe('{"current_directory_content": ["notes.txt", "keep.txt", "docs", "empty"]}')
    expect(run("cat(file_name='notes.txt')")).toBe('{"file_content": "hi [filler]"}')
    expect(run("cat(file_name='keep.txt')")).toBe('{"file_content": "kept"}')
    run("cd(folder='docs')")
    expect(run('ls()')).toBe('{"current_directory_content": ["a.md", "pic_1.jpg", "pic_2.jpg"]}')
    run("cd(folder='..')")
    run("cd(folder='empty')")
    expect(run('ls()')).toBe('{"current_directory_content": ["pic_1.jpg", "pic_2.jpg"]}')
  })

  it('TradingBot: the watchlist as a bare list, the MA lists, order metadata formatted for its symbol, extended histories and sectors', () => {
    const { env, run } = instance('TradingBot', process, '{"authenticated": true}')
    expect(run('get_watchlist()')).toBe("['NVDA', 'QQQ', 'ZZ', Ellipsis]")
    expect(run("get_stock_info(symbol='AAPL')")).toBe('{"price": 227.16, "percent_change": 0.17, "volume": 2.552, "MA(5)": [1.5, 2.25, -3.0], "MA(20)": [10.0, 20]}')
    expect(run('get_order_details(order_id=12345)')).toBe('{"id": 12345, "order_type": "Buy", "symbol": "AAPL", "price": 210.65, "amount": 10, "status": "Completed", "metadata": {"summary": "\\n    AAPL is a made-up company; {braces} stay.\\n    ", "outlook": "Outlook for AAPL: caf\\u00e9."}}')
    expect(run('get_transaction_history()')).toBe('{"transaction_history": [{"type": "deposit", "amount": 12.5, "timestamp": "2024-01-02 03:04:05.000001"}, {"type": "withdrawal", "amount": 7.0, "timestamp": "2024-02-03 04:05:06.000002"}]}')
    expect(run("get_available_stocks(sector='Automobile')")).toBe('{"stock_list": ["TSLA", "F", "GM", "CARA"]}')
    expect(run("get_available_stocks(sector='Technology')")).toBe('{"stock_list": ["AAPL", "GOOG", "MSFT", "NVDA", "TECHA", "TECHB"]}')
    // The state is BFCL's state: the extensions are outputs only.
    expect(valRepr(env.state().find(([name]) => name === 'watch_list')![1])).toBe("['NVDA']")
  })

  it('TravelAPI: the extension cards and bookings by reference, shared by both instances of an entry and by later entries', () => {
    const config = '{"access_token": "tok", "token_expires_in": 2}'
    const model = instance('TravelAPI', process, config)
    const truth = instance('TravelAPI', process, config)
    expect(model.run("get_credit_card_balance(access_token='tok', card_id='1111222233334444')")).toBe('{"card_balance": 1000.0}')
    const booked = model.run("book_flight(access_token='tok', card_id='1111222233334444', travel_date='2024-01-04', travel_from='SFO', travel_to='LAX', travel_class='economy')")
    // long_context replies with the whole booking record (the extension booking first).
    expect(booked).toMatch(/^\{"booking_id": "\d{7}", "transaction_id": "\d{8}", "booking_status": true, "booking_history": \{"booking_1": \{"card_id": "1111222233334444", .*"transaction_id": "t_1"\}, "\d{7}": \{/)
    // BFCL's dict is the same object in the ground truth's instance, and in the next entry's.
    expect(truth.run("get_credit_card_balance(access_token='tok', card_id='1111222233334444')")).toBe('{"card_balance": 800.0}')
    expect(instance('TravelAPI', process, config).run("get_credit_card_balance(access_token='tok', card_id='1111222233334444')")).toBe('{"card_balance": 800.0}')
    // Another process (another BFCL run) starts from the file's values.
    expect(instance('TravelAPI', longContextProcess(readLongContext(fixture)), config).run("get_credit_card_balance(access_token='tok', card_id='1111222233334444')")).toBe('{"card_balance": 1000.0}')
    // get_flight_cost lists every route's cost, in BFCL's route order (SFO→LAX first), for the class and date.
    const costs = JSON.parse(model.run("get_flight_cost(travel_from='RMS', travel_to='SBK', travel_date='2024-01-04', travel_class='business')")) as { travel_cost_list: number[] }
    expect(costs.travel_cost_list.length).toBeGreaterThan(100)
    expect(costs.travel_cost_list[0]).toBe(400)
  })

  it('VehicleControlAPI: the extension texts, and the module-level weather dict written and returned', () => {
    const first = instance('VehicleControlAPI', process)
    expect(first.run("activateParkingBrake(mode='engage')")).toBe('{"parkingBrakeInstruction": "Pull the lever.", "parkingBrakeStatus": "engaged", "_parkingBrakeForce": 500.0, "_slopeAngle": 10.0}')
    expect(first.run("displayCarStatus(option='fuel')")).toBe('{"metadata": "Maker: Example; Seats: 5", "fuelLevel": 0.0}')
    expect(first.run("estimate_distance(cityA='83214', cityB='74532')")).toBe('{"distance": 750.0, "intermediaryCities": ["TownA", "Townb"]}')
    expect(first.run('check_tire_pressure()')).toContain('"car_info": "Maker: Example; Seats: 5"}')
    expect(first.run('get_outside_temperature_from_google()')).toBe('{"-1_day": {"windSpeed": 1.0, "uvIndex": 3}, "-2_day": {"windSpeed": 2.5, "uvIndex": 4}, "outsideTemperature": 36.63485703790535}')
    // A second instance draws its first value again, into the same dict (the key keeps its place).
    expect(instance('VehicleControlAPI', process).run('get_outside_temperature_from_google()')).toBe('{"-1_day": {"windSpeed": 1.0, "uvIndex": 3}, "-2_day": {"windSpeed": 2.5, "uvIndex": 4}, "outsideTemperature": 36.63485703790535}')
  })
})
