// `toolgauge/vitest`: tool-calling evals as vitest tests. Importing this entry registers the tool-call matchers
// on vitest's `expect` (typed by module augmentation). vitest is an optional peer dependency of this entry only;
// the main entry never imports it.
import { registerMatchers } from './matchers.ts'

registerMatchers()

export { describeSuite, type DescribeSuiteOptions } from './describe-suite.ts'
export type { ToolCallMatchers } from './matchers.ts'
export type { AssertionOutcome } from './call-assertions.ts'
export type { ExpectedCall } from '../core/case.ts'
export type { ToolgaugeTestMeta } from './result-meta.ts'
export type { RunCaseRequest, ScoredCase } from '../runner/run-one-case.ts'
export { runCase, messageReplies, type MessageReply, type ScoredConversation } from './message-replies.ts'
export { assertValidator, ValidatorFuzzError } from '../fuzz/assert-validator.ts'
