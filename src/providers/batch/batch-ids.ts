import { createHash } from 'node:crypto'
import type { RequestContext } from '../../core/provider.ts'

/**
 * The custom id of a request in a batch: a hash of who asks — the model, suite, case, variant, repeat and turn —
 * so the same request of a resumed run gets the same id and is found in the journaled batch. Base64url of
 * sha256, 43 characters: inside every protocol's `^[A-Za-z0-9_-]{1,64}$`.
 */
export function batchCustomId(model: string, context: RequestContext): string {
  // JSON of a fixed field order: "a"+"bc" and "ab"+"c" never collide, and an absent variant differs from "".
  const identity = JSON.stringify([model, context.suite, context.caseId, context.variant ?? null, context.repeat, context.turn])
  return createHash('sha256').update(identity).digest('base64url')
}

/** A hash of the request body's text: a journaled entry serves a resumed request only when the body is the same. */
export function batchBodyHash(bodyText: string): string {
  return createHash('sha256').update(bodyText).digest('hex').slice(0, 32)
}

/**
 * The task a request belongs to — model, suite, case, variant and repeat, every turn alike — hashed: a resumed run
 * knows from it which of the tasks it will run a journaled entry concerns, without knowing that entry's turn.
 */
export function batchTaskKey(model: string, context: Pick<RequestContext, 'suite' | 'caseId' | 'repeat' | 'variant'>): string {
  const identity = JSON.stringify([model, context.suite, context.caseId, context.variant ?? null, context.repeat])
  return createHash('sha256').update(identity).digest('base64url').slice(0, 22)
}
