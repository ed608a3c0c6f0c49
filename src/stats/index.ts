/** Statistics for repeats and comparisons that the library exports: estimators, intervals and paired tests. */
export { passAtK, passHatK } from './pass-at-k.ts'
export { wilsonInterval } from './wilson.ts'
export { mcnemarExact } from './mcnemar.ts'
export { pairedPermutationTest } from './paired-permutation.ts'
export { repeatStatistics } from './repeat-statistics.ts'
