import { reportFolder } from './config-file.ts'

/** Where `toolgauge init` writes the GitHub Actions workflow. */
export const workflowFileName = '.github/workflows/toolgauge.yml'

/**
 * The workflow: run the evals (the config's gates decide the job), keep the JUnit, Markdown and HTML reports as an
 * artifact, write the Markdown summary to the job's page, and on a pull request compare against the default
 * branch's last report, kept in the Actions cache (a pull request may restore what its base branch saved), failing
 * on a drop of more than 5 points (`--max-drop 5`, as docs/github-actions-example.yml), which a small suite can show.
 */
export const workflowFile = `# Written by \`toolgauge init\`: runs the evals of toolgauge.config.ts on every push and pull request.
# The run's gates decide the job; the report lands in the job summary and as an artifact; a pull request is
# compared with the default branch's last report (kept in the Actions cache) and fails on a regression.
name: toolgauge

on:
  push:
  pull_request:

permissions:
  contents: read

jobs:
  evals:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci

      # Exit 1 when a gate fails (toolgauge.config.ts \`gates\`), 2 on bad input, 3 when a provider is down.
      - name: Run the evals
        run: npx toolgauge run
        # With a real model, give it its key from the repository's secrets:
        # env:
        #   OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}

      - name: Write the summary
        if: \${{ !cancelled() && hashFiles('${reportFolder}/report.md') != '' }}
        run: cat ${reportFolder}/report.md >> "$GITHUB_STEP_SUMMARY"

      # report.json, the JUnit file (report.xml) for a test-report viewer, report.md and the HTML report.
      - name: Keep the reports
        if: \${{ !cancelled() }}
        uses: actions/upload-artifact@v4
        with:
          name: toolgauge-report
          path: ${reportFolder}/
          if-no-files-found: ignore

      # The default branch's last report, saved by an earlier push (the newest key with this prefix).
      - name: Restore the default branch's report
        if: \${{ !cancelled() && github.event_name == 'pull_request' }}
        uses: actions/cache/restore@v4
        with:
          path: toolgauge-baseline
          key: toolgauge-baseline-\${{ github.event.pull_request.base.sha }}
          restore-keys: toolgauge-baseline-

      # Fails on a significant accuracy drop, or on any drop of more than --max-drop points: a suite of a few cases
      # never reaches significance (one of the example's six cases broken is p = 1), so the budget is the gate that
      # can fail. At 5, a suite of fewer than 20 cases fails on any net drop; raise it if a real model's run-to-run
      # noise is larger (or run with --repeat). \`toolgauge plan\` says how many cases a drop of a given size needs.
      - name: Compare with the default branch
        if: \${{ !cancelled() && github.event_name == 'pull_request' && hashFiles('toolgauge-baseline/report.json') != '' }}
        run: |
          set -o pipefail
          npx toolgauge compare toolgauge-baseline/report.json ${reportFolder}/report.json \\
            --fail-on-regression --max-drop 5 --markdown | tee -a "$GITHUB_STEP_SUMMARY"
      # Until the default branch has pushed a passing run there is nothing to compare with: say so, not nothing.
      - name: No report of the default branch yet
        if: \${{ !cancelled() && github.event_name == 'pull_request' && hashFiles('toolgauge-baseline/report.json') == '' }}
        run: echo "No report of the default branch to compare with yet (a passing run on a push to it saves one)." | tee -a "$GITHUB_STEP_SUMMARY"

      # On the default branch a passing run becomes the report later pull requests compare against.
      - name: Keep this report as the baseline
        if: \${{ github.event_name == 'push' && github.ref_name == github.event.repository.default_branch }}
        run: mkdir -p toolgauge-baseline && cp ${reportFolder}/report.json toolgauge-baseline/
      - name: Save the baseline
        if: \${{ github.event_name == 'push' && github.ref_name == github.event.repository.default_branch }}
        uses: actions/cache/save@v4
        with:
          path: toolgauge-baseline
          key: toolgauge-baseline-\${{ github.sha }}
`
