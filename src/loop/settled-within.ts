/**
 * `promise`, or `timedOut()` thrown after `ms`: how the loop bounds user code that may never settle (live stubs,
 * hooks). The timer is a real one (not unref'd): code that never settles and holds nothing open would otherwise let
 * Node's event loop drain and the process exit mid-run (code 13) with no report. The user's code cannot be stopped;
 * it is abandoned, and its late result ignored.
 */
export function settledWithin<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** The one wording of user code (hook, live stub, world, custom check) that outran the case's stub timeout. */
export function notSettled(timeoutMs: number, detail = ''): string {
  return `did not settle within ${timeoutMs / 1000} s${detail}; raise stub_timeout (suite or case) or --stub-timeout if it is slow on purpose`
}
