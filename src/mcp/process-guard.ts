/** Server processes still running; killed if toolgauge exits without closing them (a second Ctrl-C, a crash). */
const running = new Set<number>()
let installed = false

/** Remembers a server process so it cannot outlive toolgauge. */
export function trackProcess(pid: number): void {
  running.add(pid)
  if (installed) return
  installed = true
  // 'exit' handlers must be synchronous: a kill is.
  process.once('exit', () => {
    for (const pid of running) signal(pid, 'SIGKILL')
  })
}

/** Forgets a server process that was closed. */
export function untrackProcess(pid: number): void {
  running.delete(pid)
}

/** Sends a signal to a process that may have ended meanwhile. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name)
  } catch {
    // already gone
  }
}
