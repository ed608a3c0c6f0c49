import type { Command } from './command.ts'

/** Placeholder until the show command lands. */
export const command: Command = {
  name: 'show',
  summary: '(not yet available)',
  usage: 'toolgauge show',
  async run() {
    process.stderr.write('toolgauge show: not available yet\n')
    return 2
  },
}
