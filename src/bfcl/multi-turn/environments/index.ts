import type { EnvironmentFactory } from '../environment.ts'
import { gorillaFileSystem } from './gorilla-file-system.ts'
import { mathApi } from './math-api.ts'
import { messageApi } from './message-api.ts'
import { ticketApi } from './ticket-api.ts'
import { tradingBot } from './trading-bot.ts'
import { travelApi } from './travel-api.ts'
import { twitterApi } from './twitter-api.ts'
import { vehicleControl } from './vehicle-control.ts'

/** The environment classes toolgauge implements, by BFCL class name. */
export const environmentFactories: { readonly [className: string]: EnvironmentFactory } = {
  GorillaFileSystem: gorillaFileSystem,
  MathAPI: mathApi,
  MessageAPI: messageApi,
  TicketAPI: ticketApi,
  TradingBot: tradingBot,
  TravelAPI: travelApi,
  TwitterAPI: twitterApi,
  VehicleControlAPI: vehicleControl,
}

/** The environment of a BFCL class name, own names only (`constructor` or `toString` name no class). */
export function environmentFactory(className: string): EnvironmentFactory | undefined {
  return Object.hasOwn(environmentFactories, className) ? environmentFactories[className] : undefined
}
