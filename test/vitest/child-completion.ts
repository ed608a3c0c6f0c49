/**
 * JS source of `completion(message, finish)`, a Chat Completions answer in the loopback's reply form, for the test
 * files the describeSuite tests write for a child vitest (a string: the child runs it, this process does not).
 */
export const completionSource = `function completion(message, finish) {
  return { type: 'json', status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } } }
}`
