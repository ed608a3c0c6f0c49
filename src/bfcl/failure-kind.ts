import type { FailureKind } from '../core/result.ts'

// BFCL error_type → toolgauge failure kind (docs/bfcl.md "Failure kinds"). Prefix rules cover the families.
const exact: { readonly [errorType: string]: FailureKind } = {
  'ast_decoder:decoder_failed': 'malformed_arguments',
  'ast_decoder:decoder_wrong_output_format': 'malformed_arguments',
  'simple_function_checker:wrong_func_name': 'wrong_tool',
  'simple_function_checker:missing_required': 'missing_required',
  'simple_function_checker:unexpected_param': 'hallucinated_param',
  'simple_function_checker:missing_optional': 'wrong_argument_value',
  'parallel_function_checker_no_order:cannot_find_match': 'wrong_argument_value',
  'irrelevance_error:decoder_success': 'unexpected_call',
  'relevance_error:decoder_failed': 'missing_call',
  'multi_turn:instance_state_mismatch': 'state_mismatch',
  'multi_turn:execution_response_mismatch': 'wrong_argument_value',
  'multi_turn:empty_turn_model_response': 'missing_call',
}

/**
 * The toolgauge failure kind for a BFCL error_type. `wrong_count` types become `unexpected_call` when the model
 * made more calls than expected (pass `counts`), else `missing_call`; type errors are `schema_violation`; value
 * errors `wrong_argument_value`.
 */
export function bfclFailureKind(errorType: string, counts?: { readonly actual: number; readonly expected: number }): FailureKind {
  const known = exact[errorType]
  if (known) return known
  if (errorType.endsWith(':wrong_count')) return counts && counts.actual > counts.expected ? 'unexpected_call' : 'missing_call'
  if (errorType.startsWith('type_error:')) return 'schema_violation'
  return 'wrong_argument_value'
}
