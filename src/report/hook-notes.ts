import type { ToolExecution } from '../core/transcript.ts'

/**
 * What the suite's hooks did to a call's execution, one sentence each, for show and the HTML report: the model
 * saw a result `afterToolCall` rewrote (not the stub's), a stub ran on arguments `beforeToolCall` replaced, a
 * result or a rejection came from the hook.
 */
export function hookNotes(execution: Pick<ToolExecution, 'hooks'>): string[] {
  return execution.hooks.map((hook) => {
    switch (hook.action) {
      case 'replace-result': return 'rewritten by afterToolCall: the model was sent this, not the stub\'s result'
      case 'replace-arguments': return `beforeToolCall replaced the arguments the stub ran with: ${JSON.stringify(hook.arguments)} (scoring reads the model's call)`
      case 'result': return 'answered by beforeToolCall: no stub ran'
      case 'reject': return `rejected by beforeToolCall: ${hook.message}`
    }
  })
}
