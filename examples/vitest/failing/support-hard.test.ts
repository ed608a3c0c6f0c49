import { describeSuite } from 'toolgauge/vitest'

// `support-hard/returns-policy [baseline]` fails (missing_required); `order-status-not-refund` passes.
describeSuite('failing/suites/support-hard.yaml', { model: 'baseline' })
