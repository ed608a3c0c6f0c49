import type { Command } from './command.ts'

/** Placeholder until the compare command lands. */
export const command: Command = {
  name: 'compare',
  summary: '(not yet available)',
  usage: 'toolgauge compare',
  async run() {
    process.stderr.write('toolgauge compare: not available yet\n')
    return 2
  },
}
