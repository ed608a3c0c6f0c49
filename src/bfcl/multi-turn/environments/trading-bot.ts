import type { PyValue } from '../../py/value.ts'
import { formatFixed } from '../../py/format-float.ts'
import { AttributeEnvironment, methodTable, opt, req, type Environment, type ProcessState } from '../environment.ts'
import { longContextOf, type LongContextConstants } from '../long-context.ts'
import { PyRandom } from '../mt19937.ts'
import { arith, le, lt, toFloat, truthy } from '../py-ops.ts'
import { keyError, PyException } from '../py-error.ts'
import { attributeLoader, configDict, dict, f, i, isMap, type Key, keyValue, num, type Val, valRepr } from '../values.ts'
import { hashKey, str } from './keys.ts'

// BFCL's TradingBot: orders, account, market, watchlist, transaction history. Behaviour (messages, which checks
// run first, what is returned) is taken from the state and outputs BFCL logs for it.

const stock = (price: number, change: number, volume: number, ma5: number, ma20: number) =>
  dict([['price', f(price)], ['percent_change', f(change)], ['volume', f(volume)], ['MA(5)', f(ma5)], ['MA(20)', f(ma20)]])

const loaded = attributeLoader(() => new Map<string, Val>([
    ['orders', new Map<Key, Val>([
      [12345n, dict([['id', i(12345)], ['order_type', 'Buy'], ['symbol', 'AAPL'], ['price', f(210.65)], ['amount', i(10)], ['status', 'Completed']])],
      [12446n, dict([['id', i(12446)], ['order_type', 'Sell'], ['symbol', 'GOOG'], ['price', f(2840.56)], ['amount', i(5)], ['status', 'Pending']])],
    ])],
    ['account_info', dict([['account_id', i(12345)], ['balance', f(10000.0)], ['binding_card', i(1974202140965533n)]])],
    ['authenticated', false],
    ['market_status', 'Closed'],
    ['order_counter', i(12446)],
    ['stocks', dict([
      ['AAPL', stock(227.16, 0.17, 2.552, 227.11, 227.09)],
      ['GOOG', stock(2840.34, 0.24, 1.123, 2835.67, 2842.15)],
      ['TSLA', stock(667.92, -0.12, 1.654, 671.15, 668.2)],
      ['MSFT', stock(310.23, 0.09, 3.234, 309.88, 310.11)],
      ['NVDA', stock(220.34, 0.34, 1.234, 220.45, 220.67)],
      ['ALPH', stock(1320.45, -0.08, 1.567, 1321.12, 1325.78)],
      ['OMEG', stock(457.23, 0.12, 2.345, 456.78, 458.12)],
      ['QUAS', stock(725.89, -0.03, 1.789, 726.45, 728.0)],
      ['NEPT', stock(88.34, 0.19, 0.654, 88.21, 88.67)],
      ['SYNX', stock(345.67, 0.11, 2.112, 345.34, 346.12)],
    ])],
    ['watch_list', ['NVDA']],
    ['transaction_history', []],
  ]))

// Dicts in BFCL: looked up by Python key, never by a JS object's inherited properties ('constructor').
const symbols: ReadonlyMap<Key, string> = new Map(Object.entries({
  Apple: 'AAPL', Google: 'GOOG', Tesla: 'TSLA', Microsoft: 'MSFT', Nvidia: 'NVDA', 'Zeta Corp': 'ZETA',
  'Alpha Tech': 'ALPH', 'Omega Industries': 'OMEG', 'Quasar Ltd.': 'QUAS', 'Neptune Systems': 'NEPT',
  'Synex Solutions': 'SYNX', Amazon: 'AMZN', Gorilla: 'GORI',
}))

const sectors: ReadonlyMap<Key, readonly string[]> = new Map([
  ['Technology', ['AAPL', 'GOOG', 'MSFT', 'NVDA']],
  ['Automobile', ['TSLA', 'F', 'GM']],
])

const attributes = ['orders', 'account_info', 'authenticated', 'market_status', 'order_counter', 'stocks', 'watch_list', 'transaction_history', 'long_context'] as const

// Digit-only order keys become ints on load (BFCL converts them), others stay strings.
function loadOrders(v: Val): Val {
  if (!isMap(v)) return v
  return new Map([...v].map(([k, value]) => [typeof k === 'string' && /^\d+$/.test(k) ? BigInt(k) : k, value]))
}

const orderKey = (v: Val): Key | undefined => (typeof v === 'string' ? v : v !== null && typeof v === 'object' && 't' in v && v.t === 'int' ? v.v : undefined)

/** `2024-09-01 10:30:00` plus `seconds`, formatted `%Y-%m-%d %H:%M:%S`. */
function timestamp(seconds: number): string {
  return new Date(Date.UTC(2024, 8, 1, 10, 30, 0) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')
}

// Python's `template.format(symbol=value)` for the order metadata texts (a `{name}` other than symbol: KeyError).
function formatSymbol(template: string, symbol: string): string | { readonly missing: string } {
  let out = ''
  for (let at = 0; at < template.length; at++) {
    const c = template[at]!
    if ((c === '{' || c === '}') && template[at + 1] === c) {
      out += c
      at++
      continue
    }
    if (c === '}') throw new PyException('ValueError', "Single '}' encountered in format string")
    if (c !== '{') {
      out += c
      continue
    }
    const close = template.indexOf('}', at)
    if (close < 0) throw new PyException('ValueError', "expected '}' before end of string")
    const field = template.slice(at + 1, close)
    if (field === 'symbol') out += symbol
    else if (/^[A-Za-z_]\w*$/.test(field)) return { missing: field }
    else throw new PyException('ValueError', `toolgauge does not model the format field {${field}}`)
    at = close
  }
  return out
}

/** A TradingBot instance. */
class TradingBot extends AttributeEnvironment {
  readonly className = 'TradingBot'
  readonly methods = methods
  // long_context: BFCL's extension lists and texts in five outputs (the state itself is unchanged).
  extension: LongContextConstants | undefined
  readonly random = new PyRandom(1053520)

  constructor(readonly process: ProcessState) {
    super(attributes)
  }

  authenticated(): boolean {
    return truthy(this.get('authenticated'))
  }

  nextTimestamp(): string {
    return timestamp(Number(this.random.randint(0, 86400)))
  }

  load(config: PyValue, longContext: boolean): void {
    const s = this.s
    const given = configDict(config)
    for (const name of attributes) {
      if (name === 'long_context') continue
      const value = loaded(given, name)
      s.set(name, name === 'orders' ? loadOrders(value) : value)
    }
    s.set('long_context', longContext)
    this.extension = longContext ? longContextOf(this.process) : undefined
    if (!isMap(s.get('account_info'))) throw keyError("'account_info'")
  }
}

const methods = methodTable<TradingBot>([
  ['add_to_watchlist', [req('stock')], ([symbol], self) => {
    if (typeof symbol === 'string' && self.dict('stocks').has(symbol) && !self.list('watch_list').includes(symbol)) self.list('watch_list').push(symbol)
    return dict([['watchlist', self.list('watch_list')]])
  }],
  ['cancel_order', [req('order_id')], ([id], self) => {
    const key = orderKey(id!)
    const order = key === undefined ? undefined : self.dict('orders').get(key)
    if (!isMap(order)) return dict([['error', `Order with ID ${valRepr(id!)} not found.`]])
    if (order.get('status') === 'Completed') return dict([['error', `Can't cancel order ${valRepr(id!)}. Order is already completed.`]])
    order.set('status', 'Cancelled')
    return dict([['order_id', id!], ['status', 'Cancelled']])
  }],
  ['filter_stocks_by_price', [req('stocks'), req('min_price'), req('max_price')], ([list, min, max], self) => {
    const filtered = (Array.isArray(list) ? list : []).filter((symbol) => {
      const info = typeof symbol === 'string' ? self.dict('stocks').get(symbol) : undefined
      const price = isMap(info) ? info.get('price')! : i(0)
      return le(min!, price) && le(price, max!)
    })
    return dict([['filtered_stocks', filtered]])
  }],
  ['fund_account', [req('amount')], ([amount], self) => {
    if (num(amount!) <= 0) return dict([['error', 'Funding amount must be positive.']])
    self.dict('account_info').set('balance', arith('+', self.dict('account_info').get('balance')!, amount!))
    self.list('transaction_history').push(dict([['type', 'deposit'], ['amount', amount!], ['timestamp', self.nextTimestamp()]]))
    return dict([['status', 'Account funded successfully'], ['new_balance', self.dict('account_info').get('balance')!]])
  }],
  ['get_account_info', [], (_, self) => {
    if (!self.authenticated()) return dict([['error', 'User not authenticated. Please log in to view account information.']])
    return self.dict('account_info')
  }],
  ['get_available_stocks', [req('sector')], ([sector], self) => {
    const list: Val[] = [...(sectors.get(hashKey(sector!)) ?? [])]
    if (self.extension && sector === 'Technology') return dict([['stock_list', list.concat(self.extension.TECHNOLOGY_EXTENSION)]])
    if (self.extension && sector === 'Automobile') return dict([['stock_list', list.concat(self.extension.AUTOMOBILE_EXTENSION)]])
    return dict([['stock_list', list]])
  }],
  ['get_current_time', [], () => dict([['current_time', '10:30 AM']])],
  ['get_order_details', [req('order_id')], ([id], self) => {
    const key = orderKey(id!)
    const order = key === undefined ? undefined : self.dict('orders').get(key)
    if (order === undefined) return dict([['error', `Order with ID ${valRepr(id!)} not found.`]])
    if (!self.extension) return order
    // A copy of the order with every ORDER_DETAIL_EXTENSION text formatted for its symbol, as `metadata`.
    if (!isMap(order)) throw new PyException('AttributeError', `'${Array.isArray(order) ? 'list' : typeof order === 'string' ? 'str' : 'object'}' object has no attribute 'copy'`)
    if (!order.has('symbol')) throw keyError("'symbol'")
    const symbol = order.get('symbol')!
    const metadata = new Map<Key, Val>()
    for (const [key, template] of self.extension.ORDER_DETAIL_EXTENSION) {
      const text = formatSymbol(str(template), str(symbol))
      if (typeof text !== 'string') return dict([['error', `KeyError during formatting: '${text.missing}'`]])
      metadata.set(key, text)
    }
    const copy = new Map(order)
    copy.set('metadata', metadata)
    return copy
  }],
  ['get_order_history', [], (_, self) => {
    if (!self.authenticated()) return dict([['error', 'User not authenticated. Please log in to view order history.']])
    return dict([['history', [...self.dict('orders').keys()].map(keyValue)]])
  }],
  ['get_stock_info', [req('symbol')], ([symbol], self) => {
    const info = typeof symbol === 'string' ? self.dict('stocks').get(symbol) : undefined
    if (info === undefined) return dict([['error', `Stock with symbol '${str(symbol!)}' not found.`]])
    if (!self.extension || !isMap(info)) return info
    const copy = new Map(info)
    copy.set('MA(5)', self.extension.MA_5_EXTENSION)
    copy.set('MA(20)', self.extension.MA_20_EXTENSION)
    return copy
  }],
  ['get_symbol_by_name', [req('name')], ([name]) => dict([['symbol', symbols.get(hashKey(name!)) ?? 'Stock not found']])],
  ['get_transaction_history', [opt('start_date'), opt('end_date')], ([start, end], self) => {
    if (!self.authenticated()) return dict([['error', 'User not authenticated. Please log in to view transaction history.']])
    const from = typeof start === 'string' ? start : '0001-01-01'
    const to = typeof end === 'string' ? `${end} 23:59:59` : '9999-12-31 23:59:59'
    const history = self.list('transaction_history').filter((t) => {
      const when = isMap(t) ? String(t.get('timestamp')) : ''
      return when >= from && when <= to
    })
    return dict([['transaction_history', self.extension ? history.concat(self.extension.TRANSACTION_HISTORY_EXTENSION) : history]])
  }],
  ['get_watchlist', [], (_, self) => {
    if (!self.authenticated()) return ['Error: User not authenticated. Please log in to view the watchlist.']
    // long_context returns a bare list (its str() is the output), the self.extension after the user's symbols.
    if (self.extension) return self.list('watch_list').concat(self.extension.WATCH_LIST_EXTENSION)
    return dict([['watchlist', self.list('watch_list')]])
  }],
  ['notify_price_change', [req('stocks'), req('threshold')], ([list, threshold], self) => {
    const hits = (Array.isArray(list) ? list : []).filter((symbol) => {
      const info = typeof symbol === 'string' ? self.dict('stocks').get(symbol) : undefined
      return isMap(info) && Math.abs(num(info.get('percent_change'))) >= num(threshold!)
    })
    return dict([['notification', hits.length > 0 ? `Stocks ${hits.join(', ')} have significant price changes.` : 'No significant price changes in the selected stocks.']])
  }],
  ['place_order', [req('order_type'), req('symbol'), req('price'), req('amount')], ([type, symbol, price, amount], self) => {
    if (!self.authenticated()) return dict([['error', 'User not authenticated. Please log in to place an order.']])
    if (typeof symbol !== 'string' || !self.dict('stocks').has(symbol)) return dict([['error', `Invalid stock symbol: ${str(symbol!)}`]])
    if (num(price!) <= 0 || num(amount!) <= 0) return dict([['error', 'Price and amount must be positive values.']])
    const cost = arith('*', toFloat(price!), amount!)
    const balance = self.dict('account_info').get('balance')!
    if (type === 'Buy' && lt(balance, cost)) {
      return dict([['error', `Insufficient funds: required $${formatFixed(num(cost), 2)} but only $${formatFixed(num(balance), 2)} available.`]])
    }
    const id = self.get('order_counter')
    const floatPrice = toFloat(price!)
    self.dict('orders').set(orderKey(id)!, dict([['id', id], ['order_type', type!], ['symbol', symbol], ['price', floatPrice], ['amount', amount!], ['status', 'Open']]))
    self.s.set('order_counter', arith('+', id, i(1)))
    return dict([['order_id', id], ['order_type', type!], ['status', 'Pending'], ['price', floatPrice], ['amount', amount!]])
  }],
  ['remove_stock_from_watchlist', [req('symbol')], ([symbol], self) => {
    if (!self.authenticated()) return dict([['error', 'User not authenticated. Please log in to modify the watchlist.']])
    const list = self.list('watch_list')
    const at = list.indexOf(symbol!)
    if (at < 0) return dict([['error', `Stock ${valRepr(symbol!)} not found in watchlist.`]])
    list.splice(at, 1)
    return dict([['status', `Stock ${symbol as string} removed from watchlist successfully.`]])
  }],
  ['trading_get_login_status', [], (_, self) => dict([['status', self.authenticated()]])],
  ['trading_login', [req('username'), req('password')], (_, self) => {
    if (self.authenticated()) return dict([['status', 'Already logged in']])
    self.s.set('authenticated', true)
    return dict([['status', 'Logged in successfully']])
  }],
  ['trading_logout', [], (_, self) => {
    if (!self.authenticated()) return dict([['status', 'No user is currently logged in']])
    self.s.set('authenticated', false)
    return dict([['status', 'Logged out successfully']])
  }],
  ['withdraw_funds', [req('amount')], ([amount], self) => {
    if (num(amount!) <= 0) return dict([['error', 'Withdrawal amount must be positive.']])
    const balance = self.dict('account_info').get('balance')!
    if (lt(balance, amount!)) return dict([['error', 'Insufficient funds for withdrawal.']])
    self.dict('account_info').set('balance', arith('-', balance, amount!))
    self.list('transaction_history').push(dict([['type', 'withdrawal'], ['amount', amount!], ['timestamp', self.nextTimestamp()]]))
    return dict([['status', 'Withdrawal successful'], ['new_balance', self.dict('account_info').get('balance')!]])
  }],
])

/** A TradingBot instance. */
export function tradingBot(process: ProcessState): Environment {
  return new TradingBot(process)
}
