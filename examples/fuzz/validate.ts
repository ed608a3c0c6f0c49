// Example validators for `toolgauge fuzz` (see docs/fuzzing.md). Try:
//   npx toolgauge fuzz --tools examples/fuzz/tools.json --validator examples/fuzz/validate.ts#validateArgs
//   npx toolgauge fuzz --tools examples/fuzz/tools.json --validator examples/fuzz/validate.ts#coercingValidateArgs
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

type Tool = { readonly name: string; readonly parameters: object }

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => void

function validatorFor(options: ConstructorParameters<typeof Ajv>[0]): (args: unknown, tool: Tool) => boolean {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options })
  addFormats(ajv)
  const compiled = new Map<string, ValidateFunction>()
  return (args, tool) => {
    let validate = compiled.get(tool.name)
    if (!validate) {
      validate = ajv.compile(tool.parameters)
      compiled.set(tool.name, validate)
    }
    return validate(args) === true
  }
}

/** A sound validator: strict ajv (no coercion, no removal, no defaults, formats on). No findings. */
export const validateArgs = validatorFor({})

/** A common "fix" for models that send `"5"` for 5: ajv with coerceTypes. The fuzzer flags `rejection`. */
export const coercingValidateArgs = validatorFor({ coerceTypes: true })

