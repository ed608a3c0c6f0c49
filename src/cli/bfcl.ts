import type { Command } from './command.ts'

/** Placeholder until the bfcl command lands. */
export const command: Command = {
  name: 'bfcl',
  summary: '(not yet available)',
  usage: 'toolgauge bfcl',
  async run() {
    process.stderr.write('toolgauge bfcl: not available yet\n')
    return 2
  },
}
