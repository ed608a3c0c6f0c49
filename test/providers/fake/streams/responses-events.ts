import { jsonFrame, pieces, type SseFrame } from './sse.ts'

type Json = Record<string, any>

/**
 * A Responses answer as its typed events, the way the API streams them (every event named by its `type`, numbered by
 * `sequence_number`): `response.created` and `.in_progress` with no output yet; per output item
 * `response.output_item.added`, its content (`response.reasoning_summary_text.delta`, `response.output_text.delta`,
 * `response.function_call_arguments.delta` → `.done`) and `response.output_item.done` with the whole item (a
 * reasoning item's `encrypted_content` only there); the argument deltas of consecutive function calls interleaved by
 * `output_index`; then `response.completed` (or `.incomplete`) with the whole response and its usage.
 */
export function responsesEvents(response: Json): SseFrame[] {
  const frames: SseFrame[] = []
  let sequence = 0
  const emit = (event: Json) => frames.push(jsonFrame({ ...event, sequence_number: sequence++ }, true))
  const pending = { ...response, status: 'in_progress', output: [], usage: null }
  emit({ type: 'response.created', response: pending })
  emit({ type: 'response.in_progress', response: pending })
  const output = response.output as Json[]
  for (let index = 0; index < output.length; index++) {
    const item = output[index]!
    if (item.type === 'function_call') {
      // A run of function calls: all opened, their argument deltas interleaved, then closed in order.
      let last = index
      while (output[last + 1]?.type === 'function_call') last++
      const run = output.slice(index, last + 1)
      run.forEach((call, offset) => emit({ type: 'response.output_item.added', output_index: index + offset, item: { ...call, arguments: '', status: 'in_progress' } }))
      const fragments = run.map((call) => pieces(call.arguments))
      for (let round = 0; fragments.some((list) => round < list.length); round++) {
        fragments.forEach((list, offset) => {
          if (round < list.length) emit({ type: 'response.function_call_arguments.delta', item_id: run[offset]!.id, output_index: index + offset, delta: list[round] })
        })
      }
      run.forEach((call, offset) => {
        emit({ type: 'response.function_call_arguments.done', item_id: call.id, output_index: index + offset, arguments: call.arguments })
        emit({ type: 'response.output_item.done', output_index: index + offset, item: call })
      })
      index = last
      continue
    }
    if (item.type === 'reasoning') {
      const { encrypted_content: _encrypted, ...opened } = item
      emit({ type: 'response.output_item.added', output_index: index, item: { ...opened, summary: [] } })
      ;(item.summary as Json[]).forEach((part, summaryIndex) => {
        emit({ type: 'response.reasoning_summary_part.added', item_id: item.id, output_index: index, summary_index: summaryIndex, part: { type: 'summary_text', text: '' } })
        for (const delta of pieces(part.text)) emit({ type: 'response.reasoning_summary_text.delta', item_id: item.id, output_index: index, summary_index: summaryIndex, delta })
        emit({ type: 'response.reasoning_summary_text.done', item_id: item.id, output_index: index, summary_index: summaryIndex, text: part.text })
        emit({ type: 'response.reasoning_summary_part.done', item_id: item.id, output_index: index, summary_index: summaryIndex, part })
      })
      emit({ type: 'response.output_item.done', output_index: index, item })
      continue
    }
    // A message: its parts opened, their text streamed, closed.
    emit({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', content: [] } })
    ;(item.content as Json[]).forEach((part, contentIndex) => {
      emit({ type: 'response.content_part.added', item_id: item.id, output_index: index, content_index: contentIndex, part: { ...part, text: '' } })
      for (const delta of pieces(part.text)) emit({ type: 'response.output_text.delta', item_id: item.id, output_index: index, content_index: contentIndex, delta, logprobs: [] })
      emit({ type: 'response.output_text.done', item_id: item.id, output_index: index, content_index: contentIndex, text: part.text, logprobs: [] })
      emit({ type: 'response.content_part.done', item_id: item.id, output_index: index, content_index: contentIndex, part })
    })
    emit({ type: 'response.output_item.done', output_index: index, item })
  }
  emit({ type: response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response })
  return frames
}
