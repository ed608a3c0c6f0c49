// `toolgauge/config`: what a toolgauge.config.ts imports. It has no runtime dependency (only types), so loading
// a config does not load the library, in an ESM or a CommonJS project alike.
import type { RunConfig } from './load-config.ts'

/** What a toolgauge.config.ts default-exports: the keys of toolgauge.config.yaml (snake_case, like suites). */
export type ToolgaugeConfig = RunConfig

/** Types a toolgauge.config.ts's default export; it returns the config as given (it is validated when loaded). */
export function defineConfig(config: ToolgaugeConfig): ToolgaugeConfig {
  return config
}
