import { randomUUID } from 'node:crypto'
import { ProviderError } from '../../core/errors.ts'
import { thrownMessage } from '../../core/thrown.ts'
import { uncertainCreation } from '../../http/creating-request.ts'

/** Finds the batch an uncertain create call may have made, by the tag it was created with; `describe` says where that tag is. */
export type BatchLookup = { readonly describe: string; find(): Promise<string | undefined> }

/** A fresh tag for one submission: journaled with its creation, and carried by the batch where the API has a field for it (OpenAI metadata, Gemini display name). */
export function submissionTag(): string {
  return `toolgauge-${randomUUID()}`
}

/** The `metadata` key an OpenAI batch carries its submission tag under (found again by it after an uncertain create). */
export const submissionTagKey = 'toolgauge_submission'

/**
 * Runs a batch's create call (which carries `createsHeaders`, so the HTTP layer never retries it after a failure
 * that may have come after the API acted). After such an uncertain failure, `lookup` — where the API lets a batch
 * carry our tag — finds the batch if it was created, and the submission follows it: nothing fails, nothing is paid
 * twice. Without a lookup, or when the batch is not listed, the uncertain error is thrown (its requests error).
 */
export async function createOnce(create: () => Promise<string>, lookup?: BatchLookup): Promise<string> {
  try {
    return await create()
  } catch (error) {
    const uncertain = uncertainCreation(error)
    if (!uncertain) throw error
    if (!lookup) throw uncertain
    let found: string | undefined
    try {
      found = await lookup.find()
    } catch (lookupError) {
      throw new ProviderError(`${uncertain.message} (looking for the batch with ${lookup.describe} failed too: ${thrownMessage(lookupError)})`, uncertain.details)
    }
    if (found !== undefined) return found
    throw new ProviderError(`${uncertain.message} (no batch with ${lookup.describe} is listed yet)`, uncertain.details)
  }
}

// The most batches a lookup reads of the list (newest first) before it gives up.
const lookupMostBatches = 1000

/** The id `match` finds among the first listed batches; `past` says where the rest are older than the create call. */
export async function findListed<T>(list: AsyncIterable<T>, match: (batch: T) => string | undefined, past: (batch: T) => boolean = () => false): Promise<string | undefined> {
  let seen = 0
  for await (const batch of list) {
    const id = match(batch)
    if (id !== undefined) return id
    if (++seen >= lookupMostBatches || past(batch)) return undefined
  }
  return undefined
}
