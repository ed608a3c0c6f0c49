// `lint-tools` takes the same paths as `run`, so a misspelt one gets the same "did you mean" (exit 2).
import { it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const suite = 'name: x\ntools:\n  - { name: get_time, description: Gets the current time in a city., parameters: { type: object, properties: {} } }\ncases:\n  - id: a\n    prompt: hi\n'

it('lint-tools evals/exmple beside evals/example', () => {
  const dir = tempFiles({ 'evals/example/suite.yaml': suite })
  expectInputError(runCli(['lint-tools', 'evals/exmple'], { cwd: dir }), 'path: no such file or folder: evals/exmple', '(did you mean "evals/example"?)')
})
