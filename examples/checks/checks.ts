// Custom checks (README "Custom checks"): each gets a frozen copy of the scored case and returns { pass, message, score? }.
import type { CheckInput, CheckOutcome } from 'toolgauge'

/** No order is refunded twice, read from the world's state after the reply. */
export function noDuplicateRefunds(input: CheckInput): CheckOutcome {
  const refunds = (input.state as { refunds: string[] }).refunds
  const twice = refunds.find((id, index) => refunds.indexOf(id) !== index)
  return twice ? { pass: false, message: `order ${twice} was refunded twice` } : { pass: true, score: refunds.length }
}

/** The forecast is asked for at most once per case. */
export function oneForecastCall(input: CheckInput): CheckOutcome {
  const calls = input.calls.filter((call) => call.name === 'get_forecast').length
  return calls <= 1 ? { pass: true } : { pass: false, message: `get_forecast was called ${calls} times` }
}
