import { describeSuite } from '../../src/vitest/index.ts'

// describeSuite runs a simulated-user case with its simulator (suites/retail's scripted user, its path read against
// the suite file): the registered test below passes only when the simulated user speaks — without one the case
// would end as simulator_error and the test would fail as errored.
describeSuite('suites/retail/suite.yaml', { model: 'scripted:fixtures/scripted/retail.yaml', cases: ['simulated-cancel-boots'], concurrency: 1 })
