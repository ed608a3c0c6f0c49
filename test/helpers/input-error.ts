import { InputError } from '../../src/core/errors.ts'

/** The InputError `run` throws (anything else it throws is rethrown; not throwing fails the test). */
export function thrownInputError(run: () => unknown): InputError {
  try {
    run()
  } catch (error) {
    if (InputError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected an InputError')
}
