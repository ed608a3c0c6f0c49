import type { PyValue } from '../../py/value.ts'
import { roundFloat } from '../../py/format-float.ts'
import { AttributeEnvironment, methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf } from '../long-context.ts'
import { PyRandom } from '../mt19937.ts'
import { arith, lt, toFloat, typeName } from '../py-ops.ts'
import { keyError, PyException } from '../py-error.ts'
import { strptimeYmd } from '../py-strptime.ts'
import { attributeLoader, configDict, dict, f, i, isMap, isNumber, keyValue, num, valEqual, valRepr, type Val } from '../values.ts'
import { hashKey, str } from './keys.ts'
import { airports, baseFares, cityAirports, classFactors, costFactor, exchanged, exchangeRates, flightCost } from './travel-fares.ts'

// BFCL's TravelAPI: credit cards, bookings, a token, a budget; ids, tokens and balances from Random(141053).

const attributes = ['credit_card_list', 'booking_record', 'access_token', 'token_type', 'token_expires_in', 'token_scope', 'user_first_name', 'user_last_name', 'budget_limit', 'long_context'] as const

const loaded = attributeLoader(() => new Map<string, Val>([
    ['credit_card_list', new Map()], ['booking_record', new Map()], ['access_token', null], ['token_type', null],
    ['token_expires_in', null], ['token_scope', null], ['user_first_name', null], ['user_last_name', null], ['budget_limit', null],
  ]))

// Python's `d[key]` on environment data: KeyError(key) when absent.
function item(d: Val, key: string): Val {
  const value = isMap(d) ? d.get(key) : undefined
  if (value === undefined) throw keyError(valRepr(key))
  return value
}

const isZero = (v: Val): boolean => (isNumber(v) || typeof v === 'boolean') && num(v) === 0

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

  /** `access_token != self.access_token`. */
  wrongToken(token: Val): boolean {
    return !valEqual(token, this.get('access_token'))
  }

  /** `self.token_expires_in == 0`. */
  expired(): boolean {
    return isZero(this.get('token_expires_in'))
  }

  /** `key in self.<name>` for a dict attribute (a list raises unhashable). */
  has(name: string, key: Val): boolean {
    return this.dict(name).has(hashKey(key))
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

// The replies of the methods that check the token first: expired, then a wrong token.
const expiredReply = (status?: string) => dict(status ? [[status, false], ['error', 'Token expired']] : [['error', 'Token expired']])
const wrongTokenReply = (status?: string) => dict(status ? [[status, false], ['error', 'Invalid access token']] : [['error', 'Invalid access token']])
function tokenReply(self: TravelApi, token: Val, status?: string): Val | undefined {
  if (self.expired()) return expiredReply(status)
  if (self.wrongToken(token)) return wrongTokenReply(status)
  return undefined
}

const methods = methodTable<TravelApi>([
  ['authenticate_travel', [req('client_id'), req('client_secret'), req('refresh_token'), req('grant_type'), req('user_first_name'), req('user_last_name')], ([, , , grant, first, last], self) => {
    self.s.set('token_expires_in', i(2))
    self.s.set('access_token', String(self.random.randint(100000, 999999)))
    self.s.set('token_type', 'Bearer')
    self.s.set('token_scope', grant!)
    self.s.set('user_first_name', first!)
    self.s.set('user_last_name', last!)
    return dict([['expires_in', i(2)], ['access_token', self.get('access_token')], ['token_type', 'Bearer'], ['scope', grant!]])
  }],
  ['book_flight', [req('access_token'), req('card_id'), req('travel_date'), req('travel_from'), req('travel_to'), req('travel_class')], ([token, cardId, date, from, to, travelClass], self) => {
    const fail = (message: string) => dict([['booking_status', false], ['error', message]])
    const refused = tokenReply(self, token!, 'booking_status')
    if (refused) return refused
    if (!self.has('credit_card_list', cardId!)) return fail('Card not registered')
    const card = self.dict('credit_card_list').get(hashKey(cardId!))!
    if (!isMap(card) || !card.has('balance')) return fail('Balance not found')
    if (typeof from !== 'string' || !airports.includes(from)) return fail(`Invalid departure airport code: ${str(from!)}`)
    if (typeof to !== 'string' || !airports.includes(to)) return fail(`Invalid destination airport code: ${str(to!)}`)
    if (!strptimeYmd(date!)) return fail('Invalid date format. Use YYYY-MM-DD.')
    hashKey(travelClass!) // the set membership test hashes it: a list raises
    // BFCL prints a set here ({'economy', 'business', 'first'} in hash-seed order); one fixed order is used.
    if (typeof travelClass !== 'string' || !classFactors.has(travelClass)) return fail("Invalid travel class. Must be one of {'economy', 'business', 'first'}")
    let cost: number
    try {
      cost = flightCost(from, to, date!, travelClass)
    } catch (error) {
      // BFCL catches only ValueError here; anything else (none is raised once the checks above pass) escapes.
      if (error instanceof PyException && error.pyType === 'ValueError') return fail(error.message)
      throw error
    }
    const balance = card.get('balance')!
    if (lt(balance, f(cost))) return fail('Insufficient funds')
    const budget = self.get('budget_limit')
    if (budget !== null && lt(balance, budget)) return fail('Balance is less than budget limit')
    card.set('balance', arith('-', balance, f(cost), true))
    const bookingId = String(self.random.randint(1000000, 9999999))
    const transactionId = String(self.random.randint(10000000, 99999999))
    self.dict('booking_record').set(bookingId, dict([['card_id', cardId!], ['travel_date', date!], ['travel_from', from], ['travel_to', to], ['travel_class', travelClass], ['travel_cost', f(cost)], ['transaction_id', transactionId]]))
    return dict([['booking_id', bookingId], ['transaction_id', transactionId], ['booking_status', true], ['booking_history', self.longContext ? self.dict('booking_record') : dict([])]])
  }],
  ['cancel_booking', [req('access_token'), req('booking_id')], ([token, bookingId], self) => {
    const refused = tokenReply(self, token!, 'cancel_status')
    if (refused) return refused
    if (!self.has('booking_record', bookingId!)) return dict([['cancel_status', false], ['error', 'Booking not found']])
    // Python reads the record's card and cost, then the card's balance: a missing one raises KeyError before the
    // booking is deleted.
    const record = self.dict('booking_record').get(hashKey(bookingId!))!
    const cardId = item(record, 'card_id')
    const cost = item(record, 'travel_cost')
    const card = self.dict('credit_card_list').get(hashKey(cardId))
    if (card === undefined) throw keyError(valRepr(cardId))
    if (isMap(card)) card.set('balance', arith('+', item(card, 'balance'), cost, true))
    self.dict('booking_record').delete(hashKey(bookingId!))
    return dict([['cancel_status', true]])
  }],
  ['compute_exchange_rate', [req('base_currency'), req('target_currency'), req('value')], ([base, target, value]) => {
    for (const [a, b, rate] of exchangeRates) {
      if (base === a && target === b) return dict([['exchanged_value', exchanged(value!, rate)]])
      if (base === b && target === a) return dict([['exchanged_value', f(roundFloat(num(arith('/', value!, rate)), 2))]])
    }
    throw new PyException('ValueError', 'No available exchange rate for the given currencies.')
  }],
  ['contact_customer_support', [req('booking_id'), req('message')], ([bookingId], self) => {
    if (!self.has('booking_record', bookingId!)) return dict([['error', 'Booking not found']])
    return dict([['customer_support_message', 'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.']])
  }],
  ['get_all_credit_cards', [], (_, self) => dict([['credit_card_list', self.dict('credit_card_list')]])],
  ['get_booking_history', [req('access_token')], ([token], self) => tokenReply(self, token!) ?? dict([['booking_history', self.dict('booking_record')]])],
  ['get_budget_fiscal_year', [opt('lastModifiedAfter'), opt('includeRemoved')], () => dict([['budget_fiscal_year', '2018']])],
  ['get_credit_card_balance', [req('access_token'), req('card_id')], ([token, cardId], self) => {
    const refused = tokenReply(self, token!)
    if (refused) return refused
    if (!self.has('credit_card_list', cardId!)) {
      return dict([['error', `Card not registered. Here are a list of card_id's: ${valRepr([...self.dict('credit_card_list').keys()].map(keyValue))}`]])
    }
    return dict([['card_balance', item(self.dict('credit_card_list').get(hashKey(cardId!))!, 'balance')]])
  }],
  ['get_flight_cost', [req('travel_from'), req('travel_to'), req('travel_date'), req('travel_class')], ([from, to, date, travelClass], self) => {
    const cost = flightCost(from!, to!, date!, travelClass!)
    if (!self.longContext) return dict([['travel_cost_list', [f(cost)]]])
    const factor = costFactor(date!, travelClass!)
    return dict([['travel_cost_list', [...baseFares.values()].map((base) => f(base * factor))]])
  }],
  ['get_nearest_airport_by_city', [req('location')], ([location]) => {
    const key = hashKey(location!)
    return dict([['nearest_airport', (typeof key === 'string' ? cityAirports.get(key) : undefined) ?? 'Unknown']])
  }],
  ['list_all_airports', [], () => [...airports]],
  ['purchase_insurance', [req('access_token'), req('insurance_type'), req('booking_id'), req('insurance_cost'), req('card_id')], ([token, , bookingId, cost, cardId], self) => {
    const fail = (message: string) => dict([['insurance_status', false], ['error', message]])
    const refused = tokenReply(self, token!, 'insurance_status')
    if (refused) return refused
    const budget = self.get('budget_limit')
    if (budget !== null && lt(budget, cost!)) return fail('Exceeded budget limit')
    if (!self.has('booking_record', bookingId!)) return fail('Booking not found')
    if (!self.has('credit_card_list', cardId!)) return fail('Credit card not registered')
    const card = self.dict('credit_card_list').get(hashKey(cardId!))!
    if (isMap(card)) card.set('balance', arith('-', item(card, 'balance'), cost!, true))
    return dict([['insurance_id', String(self.random.randint(100000000, 999999999))], ['insurance_status', true]])
  }],
  ['register_credit_card', [req('access_token'), req('card_number'), req('expiration_date'), req('cardholder_name'), req('card_verification_number')], ([token, number, expiry, holder, cvv], self) => {
    if (self.get('token_expires_in') === null) return dict([['error', 'Token not initialized']])
    const refused = tokenReply(self, token!)
    if (refused) return refused
    // BFCL looks the card number up among the card ids.
    if (self.has('credit_card_list', number!)) return dict([['error', 'Card already registered']])
    const cardId = String(self.random.randint(100000000000n, 999999999999n))
    const balance = i(self.random.randint(10000, 99999))
    self.dict('credit_card_list').set(cardId, dict([['card_number', number!], ['expiration_date', expiry!], ['cardholder_name', holder!], ['card_verification_number', cvv!], ['balance', balance]]))
    return dict([['card_id', cardId]])
  }],
  ['retrieve_invoice', [req('access_token'), opt('booking_id'), opt('insurance_id')], ([token, bookingId], self) => {
    const refused = tokenReply(self, token!)
    if (refused) return refused
    if (!self.has('booking_record', bookingId!)) return dict([['error', 'Booking not found']])
    const record = self.dict('booking_record').get(hashKey(bookingId!))!
    const fields = ['travel_date', 'travel_from', 'travel_to', 'travel_class', 'travel_cost', 'transaction_id'].map((name) => [name, item(record, name)] as const)
    return dict([['invoice', dict([['booking_id', bookingId!], ...fields])]])
  }],
  ['set_budget_limit', [req('access_token'), req('budget_limit')], ([token, limit], self) => {
    const refused = tokenReply(self, token!)
    if (refused) return refused
    const value = toFloat(limit!)
    self.s.set('budget_limit', value)
    return dict([['budget_limit', value]])
  }],
  ['travel_get_login_status', [], (_, self) => {
    const expiresIn = self.get('token_expires_in')
    return dict([['status', !(expiresIn === null || isZero(expiresIn))]])
  }],
  ['verify_traveler_information', [req('first_name'), req('last_name'), req('date_of_birth'), req('passport_number')], ([first, last, birth, passport], self) => {
    const fail = (message: string) => dict([['verification_status', false], ['verification_failure', message]])
    if (!valEqual(self.get('user_first_name'), first!) || !valEqual(self.get('user_last_name'), last!)) {
      // BFCL joins two strings here without a space.
      return fail(`Cannot book flight information for another user.Expected ${str(self.get('user_first_name'))} ${str(self.get('user_last_name'))}, got ${str(first!)} ${str(last!)}`)
    }
    const born = strptimeYmd(birth!)
    if (!born) return fail('Invalid date of birth format. Please use YYYY-MM-DD.')
    // BFCL measures the age against today(); toolgauge does the same.
    const today = new Date()
    const month = today.getMonth() + 1
    const age = today.getFullYear() - born.year - (month < born.month || (month === born.month && today.getDate() < born.day) ? 1 : 0)
    if (age < 18) return fail('Traveler must be at least 18 years old.')
    if (typeof passport !== 'string') throw new PyException('AttributeError', `'${typeName(passport!)}' object has no attribute 'startswith'`)
    if (!passport.startsWith('US')) return fail('Passport must be issued by the United States.')
    return dict([['verification_status', true]])
  }],
])

/** A TravelAPI instance. */
export function travelApi(process: ProcessState): Environment {
  return new TravelApi(process)
}
