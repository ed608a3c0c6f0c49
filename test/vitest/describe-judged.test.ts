import { describeSuite } from '../../src/vitest/index.ts'

// describeSuite runs a `final.judge` case with its judge (examples/checks' scripted judge, its path read against
// the suite file), as `toolgauge run` and runCase do: the registered tests pass only when the judge answers —
// without one each case would end as judge_error and its test fail as errored.
describeSuite('examples/checks/suite.yaml', { model: 'scripted:examples/checks/scripted.yaml', cases: ['forecast*'], concurrency: 1 })
