import fc from 'fast-check'

/**
 * Like `arb.filter(predicate)`, but gives up after `tries` draws and returns the last draw. fast-check's own filter
 * loops forever when the predicate is rarely true, which would hang a fuzz run on an unusual schema; a value that
 * slips through here is caught by the oracle check downstream (and by the mapper's own property test).
 */
export function boundedFilter<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => boolean, tries = 50): fc.Arbitrary<T> {
  return new BoundedFilterArbitrary(arb, predicate, tries)
}

class BoundedFilterArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly predicate: (value: T) => boolean,
    private readonly tries: number,
  ) {
    super()
  }

  override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    let generated = this.arb.generate(mrng, biasFactor)
    for (let attempt = 1; attempt < this.tries && !this.predicate(generated.value); attempt++) {
      generated = this.arb.generate(mrng, biasFactor)
    }
    return generated
  }

  override canShrinkWithoutContext(value: unknown): value is T {
    return this.arb.canShrinkWithoutContext(value) && this.predicate(value)
  }

  override shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    // Shrinking keeps only candidates that still satisfy the predicate, so a minimal counterexample stays valid.
    return this.arb.shrink(value, context).filter((candidate) => this.predicate(candidate.value))
  }
}
