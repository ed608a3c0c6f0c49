import type { PyValue } from '../../py/value.ts'
import { roundFloat } from '../../py/format-float.ts'
import { AttributeEnvironment, methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf } from '../long-context.ts'
import { PyRandom } from '../mt19937.ts'
import { arith, lt, toFloat, truthy } from '../py-ops.ts'
import { PyException } from '../py-error.ts'
import { attributeLoader, configDict, dict, f, i, isMap, num, type Val } from '../values.ts'
import { lookupKey, str } from './keys.ts'

// BFCL's TravelAPI: credit cards, bookings, a token, a budget; ids, tokens and balances from Random(141053).

const attributes = ['credit_card_list', 'booking_record', 'access_token', 'token_type', 'token_expires_in', 'token_scope', 'user_first_name', 'user_last_name', 'budget_limit', 'long_context'] as const

const airports = ['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS']

const cityAirports: { readonly [city: string]: string } = {
  Rivermist: 'RMS', Stonebrook: 'SBK', Maplecrest: 'MPC', Silverpine: 'SVP', Shadowridge: 'SHD', London: 'LHR', Paris: 'CDG',
  'Sunset Valley': 'SSV', Oakendale: 'OKD', Willowbend: 'WLB', 'Crescent Hollow': 'CRH', Autumnville: 'ATV', Pinehaven: 'PHV',
  Greenfield: 'GFD', 'San Francisco': 'SFO', 'Los Angeles': 'LAX', 'New York': 'JFK', Chicago: 'ORD', Boston: 'BOS',
  Beijing: 'PEK', 'Hong Kong': 'HKG', Rome: 'CIA', Tokyo: 'HND',
}

// BFCL's route table: directed route → base fare (USD), in BFCL's order (long_context lists every route's cost in
// this order). A route's cost is base × class factor × 2 when the travel date's digits sum to an even number.
const baseFares: ReadonlyMap<string, number> = new Map([
  ['SFO>LAX', 200], ['SFO>JFK', 500], ['SFO>ORD', 400], ['SFO>BOS', 450], ['SFO>RMS', 300], ['SFO>SBK', 350], ['SFO>MPC', 370], ['SFO>SVP', 320], ['SFO>SHD', 330],
  ['SFO>SSV', 340], ['SFO>OKD', 360], ['SFO>WLB', 310], ['SFO>CRH', 380], ['SFO>ATV', 390], ['SFO>PHV', 420], ['SFO>GFD', 430], ['SFO>CIA', 700], ['LAX>SFO', 100],
  ['LAX>JFK', 600], ['LAX>ORD', 500], ['LAX>BOS', 550], ['LAX>RMS', 310], ['LAX>SBK', 320], ['LAX>MPC', 330], ['LAX>SVP', 340], ['LAX>SHD', 350], ['LAX>SSV', 360],
  ['LAX>OKD', 370], ['LAX>WLB', 380], ['LAX>CRH', 390], ['LAX>ATV', 400], ['LAX>PHV', 410], ['LAX>GFD', 420], ['LAX>HND', 430], ['JFK>ORD', 300], ['JFK>BOS', 250],
  ['JFK>RMS', 450], ['JFK>SBK', 460], ['JFK>MPC', 470], ['JFK>SVP', 480], ['JFK>SHD', 490], ['JFK>SSV', 500], ['JFK>OKD', 510], ['JFK>WLB', 520], ['JFK>CRH', 530],
  ['JFK>ATV', 540], ['JFK>PHV', 550], ['JFK>GFD', 560], ['JFK>LAX', 570], ['JFK>HND', 800], ['JFK>PVG', 950], ['JFK>PEK', 1000], ['ORD>LAX', 180], ['ORD>BOS', 200],
  ['ORD>RMS', 350], ['ORD>SBK', 360], ['ORD>MPC', 370], ['ORD>SVP', 380], ['ORD>SHD', 390], ['ORD>SSV', 400], ['ORD>OKD', 410], ['ORD>WLB', 420], ['ORD>CRH', 430],
  ['ORD>ATV', 440], ['ORD>PHV', 450], ['ORD>GFD', 460], ['BOS>RMS', 400], ['BOS>SBK', 410], ['BOS>MPC', 420], ['BOS>SVP', 430], ['BOS>SHD', 440], ['BOS>SSV', 450],
  ['BOS>OKD', 460], ['BOS>WLB', 470], ['BOS>CRH', 480], ['BOS>ATV', 490], ['BOS>PHV', 500], ['BOS>GFD', 510], ['RMS>BOS', 200], ['RMS>JFK', 210], ['RMS>SBK', 220],
  ['RMS>MPC', 230], ['RMS>SVP', 240], ['RMS>SHD', 250], ['RMS>SSV', 260], ['RMS>OKD', 270], ['RMS>WLB', 280], ['RMS>CRH', 290], ['RMS>ATV', 300], ['RMS>PHV', 310],
  ['RMS>GFD', 320], ['RMS>LAX', 330], ['SBK>MPC', 200], ['SBK>SVP', 210], ['SBK>SHD', 220], ['SBK>SSV', 230], ['SBK>OKD', 240], ['SBK>WLB', 250], ['SBK>CRH', 260],
  ['SBK>ATV', 270], ['SBK>PHV', 280], ['SBK>GFD', 290], ['MPC>SVP', 210], ['MPC>SHD', 220], ['MPC>SSV', 230], ['MPC>OKD', 240], ['MPC>WLB', 250], ['MPC>CRH', 260],
  ['MPC>ATV', 270], ['MPC>PHV', 280], ['MPC>GFD', 290], ['SVP>SHD', 230], ['SVP>SSV', 240], ['SVP>OKD', 250], ['SVP>WLB', 260], ['SVP>CRH', 270], ['SVP>ATV', 280],
  ['SVP>PHV', 290], ['SVP>GFD', 300], ['SHD>SSV', 220], ['SHD>OKD', 230], ['SHD>WLB', 240], ['SHD>CRH', 250], ['SHD>ATV', 260], ['SHD>PHV', 270], ['SHD>GFD', 280],
  ['SSV>OKD', 240], ['SSV>WLB', 250], ['SSV>CRH', 260], ['SSV>ATV', 270], ['SSV>PHV', 280], ['SSV>GFD', 290], ['OKD>WLB', 230], ['OKD>CRH', 240], ['OKD>ATV', 250],
  ['OKD>PHV', 260], ['OKD>GFD', 270], ['WLB>CRH', 250], ['WLB>ATV', 260], ['WLB>PHV', 270], ['WLB>GFD', 280], ['CRH>ATV', 240], ['CRH>PHV', 250], ['CRH>GFD', 260],
  ['CRH>SFO', 270], ['CRH>RMS', 280], ['CRH>HKG', 290], ['CRH>JFK', 300], ['ATV>PHV', 230], ['ATV>GFD', 240], ['PHV>GFD', 220], ['LHR>CDG', 100], ['OKD>LAX', 220],
])

const classFactors: { readonly [travelClass: string]: number } = { economy: 1, business: 2, first: 5 }

// (base, target) → rate; the reverse direction divides.
const exchangeRates: readonly (readonly [string, string, number])[] = [
  ['USD', 'RMB', 7], ['USD', 'EUR', 0.8], ['USD', 'JPY', 110], ['USD', 'GBP', 0.7], ['USD', 'CAD', 1.3], ['USD', 'AUD', 1.4],
  ['USD', 'INR', 70], ['USD', 'RUB', 60], ['USD', 'BRL', 3.8], ['USD', 'MXN', 20],
]

const loaded = attributeLoader(() => new Map<string, Val>([
    ['credit_card_list', new Map()], ['booking_record', new Map()], ['access_token', null], ['token_type', null],
    ['token_expires_in', null], ['token_scope', null], ['user_first_name', null], ['user_last_name', null], ['budget_limit', null],
  ]))

/** BFCL's get_flight_cost arithmetic: raises ValueError for an unknown route or class. */
function flightCost(from: Val, to: Val, date: Val, travelClass: Val): number {
  const base = baseFares.get(`${str(from)}>${str(to)}`)
  if (base === undefined) throw new PyException('ValueError', 'No available route for the given airports.')
  return base * costFactor(date, travelClass)
}

// The class factor times the date multiplier.
function costFactor(date: Val, travelClass: Val): number {
  const factor = classFactors[str(travelClass)]
  if (factor === undefined) throw new PyException('ValueError', 'Invalid travel class. Options are: economy, business, first.')
  let digits = 0
  for (const ch of str(date).replaceAll('-', '')) {
    if (!/[0-9]/.test(ch)) throw new PyException('ValueError', `invalid literal for int() with base 10: '${ch}'`)
    digits += Number(ch)
  }
  return factor * (digits % 2 === 0 ? 2 : 1)
}

/** A TravelAPI instance. */
class TravelApi extends AttributeEnvironment {
  readonly className = 'TravelAPI'
  readonly methods = methods
  // long_context: every route's cost in get_flight_cost, the whole booking record in book_flight's reply.
  longContext = false
  random = new PyRandom(141053)

  constructor(readonly process: ProcessState) {
    super(attributes)
  }

  tokenOk(token: Val): boolean {
    return token === this.get('access_token')
  }

  load(config: PyValue, isLongContext: boolean): void {
    const given = configDict(config)
    this.random = new PyRandom(given.has('random_seed') ? BigInt(num(given.get('random_seed'))) : 141053)
    for (const name of attributes) if (name !== 'long_context') this.s.set(name, loaded(given, name))
    this.s.set('long_context', isLongContext)
    this.longContext = isLongContext
    if (isLongContext) {
      // BFCL adds its extension cards and bookings by reference: the process's dicts, which a booking on an
      // extension card changes for the ground truth's instance and every later entry too.
      const extension = longContextOf(this.process)
      const list = this.dict('credit_card_list')
      const records = this.dict('booking_record')
      for (const [id, card] of extension.CREDIT_CARD_EXTENSION) if (isMap(list) && !list.has(id)) list.set(id, card)
      for (const [id, record] of extension.BOOKING_RECORD_EXTENSION) if (isMap(records) && !records.has(id)) records.set(id, record)
    }
  }
}

const methods = methodTable<TravelApi>([
  ['authenticate_travel', [req('client_id'), req('client_secret'), req('refresh_token'), req('grant_type'), req('user_first_name'), req('user_last_name')], ([, , , grant, first, last], self) => {
    self.s.set('access_token', String(self.random.randint(100000, 999999)))
    self.s.set('token_type', 'Bearer')
    self.s.set('token_expires_in', i(2))
    self.s.set('token_scope', grant!)
    self.s.set('user_first_name', first!)
    self.s.set('user_last_name', last!)
    return dict([['expires_in', i(2)], ['access_token', self.get('access_token')], ['token_type', 'Bearer'], ['scope', grant!]])
  }],
  ['book_flight', [req('access_token'), req('card_id'), req('travel_date'), req('travel_from'), req('travel_to'), req('travel_class')], ([token, cardId, date, from, to, travelClass], self) => {
    const fail = (message: string) => dict([['booking_status', false], ['error', message]])
    if (!self.tokenOk(token!)) return fail('Invalid access token')
    const card = self.dict('credit_card_list').get(lookupKey(cardId!))
    if (!isMap(card)) return fail('Card not registered')
    if (!card.has('balance')) return fail('Balance not found')
    if (!airports.includes(str(from!))) return fail(`Invalid departure airport code: ${str(from!)}`)
    if (!airports.includes(str(to!))) return fail(`Invalid destination airport code: ${str(to!)}`)
    // BFCL prints a set here ({'economy', 'business', 'first'} in hash-seed order); one fixed order is used.
    if (!(str(travelClass!) in classFactors)) return fail("Invalid travel class. Must be one of {'economy', 'business', 'first'}")
    let cost: number
    try {
      cost = flightCost(from!, to!, date!, travelClass!)
    } catch (error) {
      if (error instanceof PyException) return fail(error.message)
      throw error
    }
    const balance = card.get('balance')!
    if (lt(balance, f(cost))) return fail('Insufficient funds')
    card.set('balance', arith('-', balance, f(cost)))
    const bookingId = String(self.random.randint(1000000, 9999999))
    const transactionId = String(self.random.randint(10000000, 99999999))
    self.dict('booking_record').set(bookingId, dict([['card_id', cardId!], ['travel_date', date!], ['travel_from', from!], ['travel_to', to!], ['travel_class', travelClass!], ['travel_cost', f(cost)], ['transaction_id', transactionId]]))
    return dict([['booking_id', bookingId], ['transaction_id', transactionId], ['booking_status', true], ['booking_history', self.longContext ? self.dict('booking_record') : dict([])]])
  }],
  ['cancel_booking', [req('access_token'), req('booking_id')], ([token, bookingId], self) => {
    if (!self.tokenOk(token!)) return dict([['cancel_status', false], ['error', 'Invalid access token']])
    const record = self.dict('booking_record').get(lookupKey(bookingId!))
    if (!isMap(record)) return dict([['cancel_status', false], ['error', 'Booking not found']])
    const card = self.dict('credit_card_list').get(lookupKey(record.get('card_id') ?? null))
    if (isMap(card) && card.has('balance')) card.set('balance', arith('+', card.get('balance')!, record.get('travel_cost')!))
    self.dict('booking_record').delete(lookupKey(bookingId!))
    return dict([['cancel_status', true]])
  }],
  ['compute_exchange_rate', [req('base_currency'), req('target_currency'), req('value')], ([base, target, value]) => {
    for (const [a, b, rate] of exchangeRates) {
      if (base === a && target === b) return dict([['exchanged_value', f(roundFloat(num(arith('*', value!, f(rate))), 2))]])
      if (base === b && target === a) return dict([['exchanged_value', f(roundFloat(num(arith('/', value!, f(rate))), 2))]])
    }
    throw new PyException('ValueError', 'No available exchange rate for the given currencies.')
  }],
  ['contact_customer_support', [req('booking_id'), req('message')], ([bookingId], self) => {
    if (!self.dict('booking_record').has(lookupKey(bookingId!))) return dict([['error', 'Booking not found']])
    return dict([['customer_support_message', 'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.']])
  }],
  ['get_all_credit_cards', [], (_, self) => dict([['credit_card_list', self.dict('credit_card_list')]])],
  ['get_booking_history', [req('access_token')], ([token], self) => {
    if (!self.tokenOk(token!)) return dict([['error', 'Invalid access token']])
    return dict([['booking_history', self.dict('booking_record')]])
  }],
  ['get_budget_fiscal_year', [opt('lastModifiedAfter'), opt('includeRemoved')], () => {
    throw new PyException('NotImplementedError', 'toolgauge does not model TravelAPI.get_budget_fiscal_year yet')
  }],
  ['get_credit_card_balance', [req('access_token'), req('card_id')], ([token, cardId], self) => {
    if (!self.tokenOk(token!)) return dict([['error', 'Invalid access token']])
    const card = self.dict('credit_card_list').get(lookupKey(cardId!))
    if (!isMap(card)) return dict([['error', 'Card not registered']])
    return dict([['card_balance', card.get('balance') ?? null]])
  }],
  ['get_flight_cost', [req('travel_from'), req('travel_to'), req('travel_date'), req('travel_class')], ([from, to, date, travelClass], self) => {
    const cost = flightCost(from!, to!, date!, travelClass!)
    if (!self.longContext) return dict([['travel_cost_list', [f(cost)]]])
    const factor = costFactor(date!, travelClass!)
    return dict([['travel_cost_list', [...baseFares.values()].map((base) => f(base * factor))]])
  }],
  ['get_nearest_airport_by_city', [req('location')], ([location]) => dict([['nearest_airport', cityAirports[str(location!)] ?? 'Unknown']])],
  ['list_all_airports', [], () => [...airports]],
  ['purchase_insurance', [req('access_token'), req('insurance_type'), req('insurance_cost'), req('booking_id'), req('card_id')], ([token, , cost, bookingId, cardId], self) => {
    const fail = (message: string) => dict([['insurance_status', false], ['error', message]])
    if (!self.tokenOk(token!)) return fail('Invalid access token')
    const budget = self.get('budget_limit')
    if (budget !== null && lt(budget, cost!)) return fail('Exceeded budget limit')
    if (!self.dict('booking_record').has(lookupKey(bookingId!))) return fail('Booking not found')
    const card = self.dict('credit_card_list').get(lookupKey(cardId!))
    if (!isMap(card)) return fail('Credit card not registered')
    card.set('balance', arith('-', card.get('balance') ?? i(0), cost!))
    return dict([['insurance_id', String(self.random.randint(100000000, 999999999))], ['insurance_status', true]])
  }],
  ['register_credit_card', [req('access_token'), req('card_number'), req('expiration_date'), req('cardholder_name'), req('card_verification_number')], ([token, number, expiry, holder, cvv], self) => {
    if (!self.tokenOk(token!)) return dict([['error', 'Invalid access token']])
    if (self.dict('credit_card_list').has(lookupKey(number!))) return dict([['error', 'Card already registered']])
    const cardId = String(self.random.randint(100000000000n, 999999999999n))
    const balance = i(self.random.randint(10000, 99999))
    self.dict('credit_card_list').set(cardId, dict([['card_number', number!], ['expiration_date', expiry!], ['cardholder_name', holder!], ['card_verification_number', cvv!], ['balance', balance]]))
    return dict([['card_id', cardId]])
  }],
  ['retrieve_invoice', [req('access_token'), opt('booking_id'), opt('insurance_id')], ([token, bookingId], self) => {
    if (!self.tokenOk(token!)) return dict([['error', 'Invalid access token']])
    const record = self.dict('booking_record').get(lookupKey(bookingId!))
    if (!isMap(record)) return dict([['error', 'Booking not found']])
    const field = (name: string) => record.get(name) ?? null
    return dict([['invoice', dict([['booking_id', bookingId!], ['travel_date', field('travel_date')], ['travel_from', field('travel_from')], ['travel_to', field('travel_to')], ['travel_class', field('travel_class')], ['travel_cost', field('travel_cost')], ['transaction_id', field('transaction_id')]])]])
  }],
  ['set_budget_limit', [req('access_token'), req('budget_limit')], ([token, limit], self) => {
    if (!self.tokenOk(token!)) return dict([['error', 'Invalid access token']])
    const value = toFloat(limit!)
    self.s.set('budget_limit', value)
    return dict([['budget_limit', value]])
  }],
  ['travel_get_login_status', [], (_, self) => dict([['status', truthy(self.get('access_token'))]])],
  ['verify_traveler_information', [req('first_name'), req('last_name'), req('date_of_birth'), req('passport_number')], ([first, last, birth, passport], self) => {
    const fail = (message: string) => dict([['verification_status', false], ['verification_failure', message]])
    if (first !== self.get('user_first_name') || last !== self.get('user_last_name')) {
      return fail(`Cannot book flight information for another user. Expected ${str(self.get('user_first_name'))} ${str(self.get('user_last_name'))}, got ${str(first!)} ${str(last!)}`)
    }
    const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(str(birth!))
    if (!match) return fail('Invalid date of birth format. Please use YYYY-MM-DD.')
    // BFCL measures the age against today(); toolgauge does the same.
    const today = new Date()
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
    const age = today.getFullYear() - year - (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day) ? 1 : 0)
    if (age < 18) return fail('Traveler must be at least 18 years old.')
    if (!str(passport!).startsWith('US')) return fail('Passport must be issued by the United States.')
    return dict([['verification_status', true]])
  }],
])

/** A TravelAPI instance. */
export function travelApi(process: ProcessState): Environment {
  return new TravelApi(process)
}
