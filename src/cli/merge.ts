import type { Command } from './command.ts'

/** Placeholder until the merge command lands. */
export const command: Command = {
  name: 'merge',
  summary: '(not yet available)',
  usage: 'toolgauge merge',
  async run() {
    process.stderr.write('toolgauge merge: not available yet\n')
    return 2
  },
}
