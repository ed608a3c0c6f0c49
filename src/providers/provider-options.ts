/** Settings every provider factory receives (from CLI flags, config and environment). */
export type ProviderOptions = {
  /** Base URL override (`--base-url`); otherwise each SDK reads its own env var (OPENAI_BASE_URL, ANTHROPIC_BASE_URL). */
  readonly baseUrl?: string
  /** Name of the env var holding the API key, when not the provider's default. */
  readonly apiKeyEnv?: string
  /** Retries after the first attempt on retryable failures (default 4). */
  readonly retries?: number
  /** Per-request timeout in milliseconds. */
  readonly timeoutMs?: number
  /** Record every HTTP exchange as cassettes into this folder. */
  readonly recordDir?: string
  /** Serve HTTP exchanges from cassettes in this folder, with no network. */
  readonly replayDir?: string
  /** Extra secret strings to redact from cassettes, reports and logs. */
  readonly secrets?: readonly string[]
  /** Called on each retry, for the progress line. */
  readonly onRetry?: (info: { readonly attempt: number; readonly reason: string; readonly delayMs: number }) => void
  /** Folder the model spec's relative paths are resolved against (scripted files). */
  readonly cwd?: string
}
