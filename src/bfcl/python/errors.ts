// The errors the Python parser and evaluator raise (BFCL reports their messages).

/** A Python syntax error: the source is not something `ast.parse(..., mode="eval")` accepts. */
export class PySyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message)
    this.name = 'SyntaxError'
  }
}

/** A Python runtime error during evaluation (TypeError, ZeroDivisionError, NameError…). */
export class PyEvalError extends Error {
  override readonly name = 'PyEvalError'
}
