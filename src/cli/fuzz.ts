import type { Command } from './command.ts'

/** Placeholder until the fuzz command lands. */
export const command: Command = {
  name: 'fuzz',
  summary: '(not yet available)',
  usage: 'toolgauge fuzz',
  async run() {
    process.stderr.write('toolgauge fuzz: not available yet\n')
    return 2
  },
}
