// How many bytes of one response body are read before it is given up. The SDKs set no limit of their own (openai,
// @anthropic-ai/sdk and @google/genai read `response.json()` / the stream to its end), so a server that streams
// without end — or a gzip bomb — would have every byte of it held in memory, one such body per concurrent case.
// Two ceilings, on the decoded bytes:
// - an answer (JSON, an event stream, an error page): 64 MiB. A generation answer is at most a few MB (128k output
//   tokens are ≈0.5 MB of text; with logprobs or an inline image, a few times that), so a body past 64 MiB is no
//   answer but a misbehaving server, and 16 concurrent cases stay around 1 GiB at the worst.
// - a file (a batch's results: JSON Lines, octet-stream, Gemini's `?alt=media`): 256 MiB. A batch holds up to 256 MB
//   of requests (Message Batches) and its results are about that size; the body is held as one string, and V8 allows
//   none past 2^29−24 characters (≈512 MiB), so a larger file could not be read anyway.

/** The `cause.code` of a body cut off at its limit (the connection is closed; what came is dropped). */
export const bodyTooLargeCode = 'ERR_TOOLGAUGE_BODY_TOO_LARGE'

/** The most bytes read of a body, by what it is. */
export type BodyLimits = { readonly answerBytes: number; readonly fileBytes: number }

export const defaultBodyLimits: BodyLimits = { answerBytes: 64 * 1024 * 1024, fileBytes: 256 * 1024 * 1024 }

// Files served whole (a batch's JSONL output, as application/octet-stream; Message Batches' results as
// application/x-jsonl): one JSON value per line, never one in all.
export const fileContentTypes = /^application\/(octet-stream|jsonl|x-jsonl|ndjson|x-ndjson|x-jsonlines)\b/i

/**
 * A file's bytes (`?alt=media`, as Gemini's Files API serves a batch's JSONL responses): never read as one JSON
 * value whatever Content-Type it comes with, which the API does not document.
 */
export function isMediaDownload(url: string | URL): boolean {
  const parsed = typeof url === 'string' ? (URL.canParse(url) ? new URL(url) : undefined) : url
  return parsed?.searchParams.get('alt') === 'media'
}

/** The limit of a body from `url` with this Content-Type. */
export function bodyLimitFor(limits: BodyLimits, url: URL, contentType: string): number {
  return isMediaDownload(url) || fileContentTypes.test(contentType.trim()) ? limits.fileBytes : limits.answerBytes
}

/** The error a body past its limit ends with (as a system error's cause, like a cut connection's). */
export function bodyTooLarge(limitBytes: number, status: number): Error {
  return Object.assign(new Error(`the body passed ${limitBytes} bytes`), { code: bodyTooLargeCode, limitBytes, status })
}

/** The limit a body was cut off at and the answer's status, when `error` (or its cause) is that cut. */
export function bodyTooLargeOf(error: unknown): { readonly limitBytes: number; readonly status: number } | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; limitBytes?: unknown; status?: unknown } | undefined) : undefined
  if (cause?.code !== bodyTooLargeCode || typeof cause.limitBytes !== 'number' || typeof cause.status !== 'number') return undefined
  return { limitBytes: cause.limitBytes, status: cause.status }
}
