/** Statistics for repeats and comparisons: estimators, intervals and paired tests. */
export { passAtK, passHatK } from './pass-at-k.ts'
export { wilsonInterval, z95 } from './wilson.ts'
export { signTestPValue } from './binomial.ts'
export { mcnemarExact, type McNemarResult } from './mcnemar.ts'
export { pairedPermutationTest, meanDifferenceHalfWidth, normalCdf, type PairedRate, type PermutationResult } from './paired-permutation.ts'
export { pairedDifferenceInterval, unpairedDifferenceInterval, type PairedTable } from './paired-interval.ts'
export { repeatStatistics, type RepeatStatistics } from './repeat-statistics.ts'
export { tallyCases, caseKey, type CaseTally } from './case-tally.ts'
