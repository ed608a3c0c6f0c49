/** A Python exception raised inside an environment method: BFCL writes `Error during execution: <str(e)>`. */
export class PyException extends Error {
  constructor(readonly pyType: string, message: string) {
    super(message)
    this.name = pyType
  }
}

/** Python `KeyError(key)`: `str()` of it is the key's repr. */
export function keyError(keyRepr: string): PyException {
  return new PyException('KeyError', keyRepr)
}
