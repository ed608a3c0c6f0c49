import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** Debian's headless browser (`apt-get install -y chromium`); tests that need it skip, saying why, without it. */
export const chromium = '/usr/bin/chromium'

/** Whether headless Chromium is installed. */
export const hasChromium = existsSync(chromium)

/** The name of a describe block that needs Chromium, with the reason it is skipped when it is absent. */
export function chromiumSuiteName(name: string): string {
  return hasChromium ? name : `${name} [skipped: ${chromium} is absent — apt-get install -y chromium]`
}

/** A folder for pages and a browser profile, removed by the caller. */
export function chromiumDir(): string {
  return mkdtempSync(join(tmpdir(), 'toolgauge-html-'))
}

/**
 * Writes the page to `dir/name`, loads it in headless Chromium and returns the DOM after its scripts ran, with the
 * browser's log (console messages, script errors, Content-Security-Policy refusals).
 */
export async function loadPage(dir: string, name: string, html: string): Promise<{ dom: string; log: string }> {
  const file = join(dir, name)
  writeFileSync(file, html)
  const { stdout, stderr } = await promisify(execFile)(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--no-first-run', '--disable-sync', `--user-data-dir=${join(dir, 'profile')}`,
    // The page's console (and uncaught errors) goes to stderr, so a test can see that the page's own script ran clean.
    '--enable-logging=stderr', '--v=0',
    // Virtual time lets image error handlers and timers run before the DOM is dumped.
    '--virtual-time-budget=3000', '--dump-dom', `file://${file}`,
  ], { maxBuffer: 256 * 1024 * 1024 })
  return { dom: stdout, log: stderr }
}

/** Loads the page in headless Chromium and returns the DOM after its scripts ran. */
export async function dumpDom(dir: string, name: string, html: string): Promise<string> {
  return (await loadPage(dir, name, html)).dom
}
