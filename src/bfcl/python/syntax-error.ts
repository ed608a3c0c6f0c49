/** A Python syntax error: the source is not something `ast.parse(..., mode="eval")` accepts. */
export class PySyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message)
    this.name = 'SyntaxError'
  }
}
