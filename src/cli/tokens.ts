import type { Command } from './command.ts'

/** Placeholder until the tokens command lands. */
export const command: Command = {
  name: 'tokens',
  summary: '(not yet available)',
  usage: 'toolgauge tokens',
  async run() {
    process.stderr.write('toolgauge tokens: not available yet\n')
    return 2
  },
}
