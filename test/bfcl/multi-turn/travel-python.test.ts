import { describe, expect, it } from 'vitest'
import { checkDecodedTurns } from '../../../src/bfcl/multi-turn/check-entry.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'
import type { PyDict } from '../../../src/bfcl/py/value.ts'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's TravelAPI (travel_booking.py at the release scored) on the paths the recorded outputs never took: what
// each call returns, or the exception BFCL's checker turns into "Error during execution: <str(e)>".

// A made-up config in the shape of BFCL's: a card, a booking without a card_id (as one BFCL entry has), a budget.
const config = '{"credit_card_list": {"card_1": {"card_number": "4111", "cardholder_name": "Ada Lovelace", "balance": 1000.0}, ' +
  '"card_2": {"card_number": "4222", "cardholder_name": "Ada Lovelace"}}, ' +
  '"booking_record": {"b_1": {"travel_cost": 300.0, "travel_date": "2026-01-02", "travel_from": "SFO", "travel_to": "LAX", "travel_class": "economy", "transaction_id": "1"}}, ' +
  '"access_token": "tok", "token_type": "Bearer", "token_expires_in": 3600, "token_scope": "read_write", ' +
  '"user_first_name": "Ada", "user_last_name": "Lovelace", "budget_limit": 100.0}'

/** A loaded TravelAPI and a runner of call strings on it, as BFCL's checker executes them. */
const travel = (configText = config) => loadedEnvironment('TravelAPI', configText)

const book = (args: string) => `book_flight(access_token='tok',card_id='card_1',${args})`

describe("TravelAPI.book_flight as BFCL's Python runs it", () => {
  it('a travel date strptime rejects is a booking failure, checked before the class; a date that is not a str raises TypeError', () => {
    const { run } = travel()
    expect(run(book("travel_date='2026/01/02',travel_from='SFO',travel_to='LAX',travel_class='economy'"))).toBe('{"booking_status": false, "error": "Invalid date format. Use YYYY-MM-DD."}')
    expect(run(book("travel_date='2026-02-30',travel_from='SFO',travel_to='LAX',travel_class='coach'"))).toBe('{"booking_status": false, "error": "Invalid date format. Use YYYY-MM-DD."}')
    expect(run(book("travel_date=20260102,travel_from='SFO',travel_to='LAX',travel_class='economy'"))).toBe('Error during execution: strptime() argument 1 must be str, not int')
  })

  it("the date's digits are summed as Python's isdigit() filter does (strptime's single-digit and space-padded days)", () => {
    // 2026-1- 5: digits 2+0+2+6+1+5 = 16, even: economy SFO→LAX costs 200 × 2.
    const { run } = travel(config.replace('"budget_limit": 100.0', '"budget_limit": null'))
    expect(run(book("travel_date='2026-1- 5',travel_from='SFO',travel_to='LAX',travel_class='economy'"))).toMatch(/"booking_status": true/)
    expect(run("get_credit_card_balance(access_token='tok',card_id='card_1')")).toBe('{"card_balance": 600.0}')
    expect(run("get_flight_cost(travel_from='SFO',travel_to='LAX',travel_date='2026/01/04',travel_class='economy')")).toBe('{"travel_cost_list": [200.0]}')
  })

  it('a card whose balance is under the budget limit books nothing', () => {
    const { run, env } = travel(config.replace('"budget_limit": 100.0', '"budget_limit": 5000.0'))
    expect(run(book("travel_date='2026-01-03',travel_from='SFO',travel_to='LAX',travel_class='economy'"))).toBe('{"booking_status": false, "error": "Balance is less than budget limit"}')
    expect(new Map(env.state()).get('booking_record')).toHaveProperty('size', 1)
  })

  it('only a ValueError of get_flight_cost becomes the booking error; an unhashable class raises', () => {
    const { run } = travel()
    expect(run(book("travel_date='2026-01-03',travel_from='LAX',travel_to='SFO',travel_class='economy'"))).toMatch(/"booking_status": true/)
    expect(run(book("travel_date='2026-01-03',travel_from='BOS',travel_to='SFO',travel_class='economy'"))).toBe('{"booking_status": false, "error": "No available route for the given airports."}')
    expect(run(book("travel_date='2026-01-03',travel_from='SFO',travel_to='LAX',travel_class=['economy']"))).toBe("Error during execution: unhashable type: 'list'")
    expect(run(book("travel_date='2026-01-03',travel_from='SFO',travel_to='LAX',travel_class='constructor'"))).toMatch(/"error": "Invalid travel class. Must be one of \{/)
  })
})

describe("TravelAPI's other methods as BFCL's Python runs them", () => {
  it('cancelling a booking without a card_id raises KeyError and keeps the booking (a state BFCL compares)', () => {
    const { run, env } = travel()
    expect(run("cancel_booking(access_token='tok',booking_id='b_1')")).toBe("Error during execution: 'card_id'")
    expect(new Map(env.state()).get('booking_record')).toHaveProperty('size', 1)
  })

  it('the verdict: a model that tries that cancel still matches a ground truth that never cancels', () => {
    const entry = { id: 'made_up_0', initialConfig: pyJsonLoads(`{"TravelAPI": ${config}}`) as PyDict, involvedClasses: ['TravelAPI'], groundTruth: [["get_budget_fiscal_year()"]] }
    const verdict = checkDecodedTurns(entry, [[["cancel_booking(access_token='tok',booking_id='b_1')", 'get_budget_fiscal_year()']]], { process: new Map(), longContext: false })
    expect(verdict).toMatchObject({ valid: true, errorType: null })
  })

  it('a card without a balance raises KeyError; an unknown card lists the card ids', () => {
    const { run } = travel()
    expect(run("get_credit_card_balance(access_token='tok',card_id='card_2')")).toBe("Error during execution: 'balance'")
    expect(run("get_credit_card_balance(access_token='tok',card_id='card_9')")).toBe('{"error": "Card not registered. Here are a list of card_id\'s: [\'card_1\', \'card_2\']"}')
    expect(run("purchase_insurance(access_token='tok',insurance_type='travel',booking_id='b_1',insurance_cost=50.0,card_id='card_2')")).toBe("Error during execution: 'balance'")
  })

  it("purchase_insurance binds positional arguments in Python's order: booking_id before insurance_cost", () => {
    const { run } = travel()
    expect(run("purchase_insurance('tok','travel','b_1',50.0,'card_1')")).toMatch(/^\{"insurance_id": "\d{9}", "insurance_status": true\}$/)
    expect(run("get_credit_card_balance(access_token='tok',card_id='card_1')")).toBe('{"card_balance": 950.0}')
  })

  it('an insurance cost that is not a number fails the comparison with the budget as Python does', () => {
    expect(travel().run("purchase_insurance(access_token='tok',insurance_type='travel',booking_id='b_1',insurance_cost='50',card_id='card_1')"))
      .toBe("Error during execution: '<' not supported between instances of 'float' and 'str'")
  })

  it('the token: login status is whether it has expiry time; 0 means expired; none means not initialized', () => {
    expect(travel().run('travel_get_login_status()')).toBe('{"status": true}')
    const expired = travel(config.replace('"token_expires_in": 3600', '"token_expires_in": 0'))
    expect(expired.run('travel_get_login_status()')).toBe('{"status": false}')
    expect(expired.run(book("travel_date='2026-01-03',travel_from='SFO',travel_to='LAX',travel_class='economy'"))).toBe('{"booking_status": false, "error": "Token expired"}')
    expect(expired.run("get_booking_history(access_token='tok')")).toBe('{"error": "Token expired"}')
    const unset = travel(config.replace('"token_expires_in": 3600, ', ''))
    expect(unset.run('travel_get_login_status()')).toBe('{"status": false}')
    expect(unset.run("register_credit_card(access_token='tok',card_number='1',expiration_date='01/2030',cardholder_name='Ada',card_verification_number=1)")).toBe('{"error": "Token not initialized"}')
  })

  it('get_budget_fiscal_year answers 2018', () => {
    expect(travel().run('get_budget_fiscal_year()')).toBe('{"budget_fiscal_year": "2018"}')
  })

  it('compute_exchange_rate multiplies without rounding and divides with round(…, 2)', () => {
    const { run } = travel()
    expect(run("compute_exchange_rate(base_currency='USD',target_currency='EUR',value=19.99)")).toBe('{"exchanged_value": 15.991999999999999}')
    expect(run("compute_exchange_rate(base_currency='EUR',target_currency='USD',value=123.45)")).toBe('{"exchanged_value": 154.31}')
    expect(run("compute_exchange_rate(base_currency='EUR',target_currency='USD',value='1')")).toBe("Error during execution: unsupported operand type(s) for /: 'str' and 'float'")
  })

  it("verify_traveler_information: BFCL's message has no space after 'user.'; strptime checks the date; a passport that is not a str raises", () => {
    const { run } = travel()
    expect(run("verify_traveler_information(first_name='Bob',last_name='Lovelace',date_of_birth='1990-01-01',passport_number='US1')"))
      .toBe('{"verification_status": false, "verification_failure": "Cannot book flight information for another user.Expected Ada Lovelace, got Bob Lovelace"}')
    expect(run("verify_traveler_information(first_name='Ada',last_name='Lovelace',date_of_birth='1990-13-01',passport_number='US1')"))
      .toBe('{"verification_status": false, "verification_failure": "Invalid date of birth format. Please use YYYY-MM-DD."}')
    expect(run("verify_traveler_information(first_name='Ada',last_name='Lovelace',date_of_birth='1990-1-1',passport_number=1)"))
      .toBe("Error during execution: 'int' object has no attribute 'startswith'")
  })

  it('set_budget_limit reads the limit with float(): underscores, inf; None is a TypeError', () => {
    const { run } = travel()
    expect(run("set_budget_limit(access_token='tok',budget_limit='1_000')")).toBe('{"budget_limit": 1000.0}')
    expect(run("set_budget_limit(access_token='tok',budget_limit=' -Inf ')")).toBe('{"budget_limit": -Infinity}')
    expect(run("set_budget_limit(access_token='tok',budget_limit=None)")).toBe("Error during execution: float() argument must be a string or a real number, not 'NoneType'")
    expect(run("set_budget_limit(access_token='tok',budget_limit='0x10')")).toBe("Error during execution: could not convert string to float: '0x10'")
  })

  it('get_nearest_airport_by_city looks the city up in a dict: no JS object properties', () => {
    expect(travel().run("get_nearest_airport_by_city(location='constructor')")).toBe('{"nearest_airport": "Unknown"}')
  })
})
