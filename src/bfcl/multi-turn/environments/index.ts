import type { EnvironmentFactory } from '../environment.ts'
import { tradingBot } from './trading-bot.ts'
import { vehicleControl } from './vehicle-control.ts'

/** The environment classes toolgauge implements, by BFCL class name. */
export const environmentFactories: { readonly [className: string]: EnvironmentFactory } = {
  TradingBot: tradingBot,
  VehicleControlAPI: vehicleControl,
}
