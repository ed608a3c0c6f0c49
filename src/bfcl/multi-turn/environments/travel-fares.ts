import { arith, pyIter, toFloat, typeName } from '../py-ops.ts'
import { PyException } from '../py-error.ts'
import { digitValue } from '../py-strptime.ts'
import { f, i, isNumber, type Val } from '../values.ts'
import { hashKey } from './keys.ts'

// TravelAPI's tables (airports, cities, fares, exchange rates) and the arithmetic of its get_flight_cost and
// compute_exchange_rate, as BFCL's travel_booking.py has them.

export const airports = ['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS']

export const cityAirports: ReadonlyMap<string, string> = new Map(Object.entries({
  Rivermist: 'RMS', Stonebrook: 'SBK', Maplecrest: 'MPC', Silverpine: 'SVP', Shadowridge: 'SHD', London: 'LHR', Paris: 'CDG',
  'Sunset Valley': 'SSV', Oakendale: 'OKD', Willowbend: 'WLB', 'Crescent Hollow': 'CRH', Autumnville: 'ATV', Pinehaven: 'PHV',
  Greenfield: 'GFD', 'San Francisco': 'SFO', 'Los Angeles': 'LAX', 'New York': 'JFK', Chicago: 'ORD', Boston: 'BOS',
  Beijing: 'PEK', 'Hong Kong': 'HKG', Rome: 'CIA', Tokyo: 'HND',
}))

// BFCL's route table: directed route → base fare (USD), in BFCL's order (long_context lists every route's cost in
// this order). A route's cost is base × class factor × 2 when the travel date's digits sum to an even number.
export const baseFares: ReadonlyMap<string, number> = new Map([
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

export const classFactors: ReadonlyMap<string, number> = new Map([['economy', 1], ['business', 2], ['first', 5]])

// (base, target) → rate, ints where BFCL's table has ints (they show in a TypeError's text); the reverse divides.
export const exchangeRates: readonly (readonly [string, string, Val])[] = [
  ['USD', 'RMB', i(7)], ['USD', 'EUR', f(0.8)], ['USD', 'JPY', i(110)], ['USD', 'GBP', f(0.7)], ['USD', 'CAD', f(1.3)], ['USD', 'AUD', f(1.4)],
  ['USD', 'INR', i(70)], ['USD', 'RUB', i(60)], ['USD', 'BRL', f(3.8)], ['USD', 'MXN', i(20)],
]


/** BFCL's get_flight_cost arithmetic: raises ValueError for an unknown route or class. */
export function flightCost(from: Val, to: Val, date: Val, travelClass: Val): number {
  // The route is a (from, to) tuple looked up in a dict: hashing it raises for a list.
  const base = baseFares.get(`${hashKey(from)}>${hashKey(to)}`)
  if (base === undefined || typeof from !== 'string' || typeof to !== 'string') throw new PyException('ValueError', 'No available route for the given airports.')
  return base * costFactor(date, travelClass)
}

// The class factor times the date multiplier: 2 when the date's digits (`int(c) for c in date if c.isdigit()`) sum
// to an even number.
export function costFactor(date: Val, travelClass: Val): number {
  const factor = typeof travelClass === 'string' ? classFactors.get(travelClass) : undefined
  if (factor === undefined) throw new PyException('ValueError', 'Invalid travel class. Options are: economy, business, first.')
  let digits = 0
  for (const item of pyIter(date)) {
    if (typeof item !== 'string') throw new PyException('AttributeError', `'${typeName(item)}' object has no attribute 'isdigit'`)
    if (item !== '' && /^\p{Nd}+$/u.test(item)) digits += [...item].reduce((sum, ch) => sum * 10 + digitValue(ch), 0)
  }
  return factor * (digits % 2 === 0 ? 2 : 1)
}

// `value * rate` then float(): a str or list times an int rate repeats it, as Python does.
export function exchanged(value: Val, rate: Val): Val {
  if (typeof value === 'string' || Array.isArray(value)) {
    if (!isNumber(rate) || rate.t !== 'int') throw new PyException('TypeError', `can't multiply sequence by non-int of type '${typeName(rate)}'`)
    const times = Math.max(0, Number(rate.v))
    return toFloat(typeof value === 'string' ? value.repeat(times) : Array.from({ length: times }, () => value).flat())
  }
  return toFloat(arith('*', value, rate))
}

