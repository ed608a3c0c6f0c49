import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { executeCall, methodOwners } from '../../../src/bfcl/multi-turn/execute.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'

/** One BFCL environment loaded from its config's JSON text, and a call run on it as the multi-turn checker runs one. */
export function loadedEnvironment(className: string, config = '{}') {
  const env = environmentFactories[className]!(new Map())
  env.load(pyJsonLoads(config), false)
  const owners = methodOwners([env])
  return { env, owners, run: (call: string) => executeCall(call, owners) }
}
