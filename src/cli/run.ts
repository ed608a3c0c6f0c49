import type { Command } from './command.ts'

/** Placeholder until the run command lands. */
export const command: Command = {
  name: 'run',
  summary: '(not yet available)',
  usage: 'toolgauge run',
  async run() {
    process.stderr.write('toolgauge run: not available yet\n')
    return 2
  },
}
