import type OpenAI from 'openai'
import type { ResponseCreateAndStreamParams } from 'openai/lib/responses/ResponseStream'
import type { Response as ResponsesResponse } from 'openai/resources/responses/responses'
import type { SdkRequestOptions } from '../runtime/sdk-call.ts'

/**
 * Sends a streaming request through the SDK's `responses.stream` and returns the response its ResponseStream
 * assembled from the events (`response.output_item.added`, `response.function_call_arguments.delta` / `.done` …, up
 * to `response.completed`, whose response becomes its snapshot). That snapshot is taken as the stream's last event
 * carried it, before the SDK's finalization adds `parsed` / `parsed_arguments` to the items: those would go back to
 * the API in the next input, which refuses fields it does not know. A response cut short (`response.incomplete`)
 * is that event's response (the SDK keeps its snapshot `in_progress` then).
 */
export async function streamResponse(client: OpenAI, body: ResponseCreateAndStreamParams, options: SdkRequestOptions): Promise<ResponsesResponse> {
  const stream = client.responses.stream(body, options)
  let terminal: ResponsesResponse | undefined
  stream.on('event', (event) => {
    if (event.type === 'response.completed' || event.type === 'response.incomplete') terminal = event.response
  })
  const assembled = await stream.finalResponse()
  return terminal ?? assembled
}
