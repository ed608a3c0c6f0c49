/** The page's stylesheet, inlined so the file needs no network. */
export const style = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --bg: #fff; --panel: #f6f8fa; --line: #d0d7de;
  --good: #1a7f37; --bad: #cf222e; --warn: #9a6700; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --panel: #161b22; --line: #30363d;
  --good: #3fb950; --bad: #f85149; --warn: #d29922; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 12px 0 6px; } h4 { font-size: 13px; margin: 10px 0 6px; font-weight: 600; }
.muted { color: var(--muted); fill: var(--muted); } .small { font-size: 12px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: right; } th:first-child, td:first-child { text-align: left; white-space: nowrap; }
th { background: var(--panel); }
.grid-cards { display: flex; flex-wrap: wrap; gap: 16px; } .card { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; max-width: 100%; overflow-x: auto; }
svg text { font-size: 12px; fill: var(--fg); } svg .muted { fill: var(--muted); }
.track { fill: var(--line); opacity: .45; } .bar-good { fill: var(--good); } .bar-bad { fill: var(--bad); }
.whisker { stroke: var(--fg); stroke-width: 1.5; } .grid { stroke: var(--line); } .axis { stroke: var(--muted); }
.dot { stroke: var(--bg); stroke-width: 1.5; } .dot-0 { fill: #0969da; } .dot-1 { fill: #bf3989; } .dot-2 { fill: #1a7f37; }
.dot-3 { fill: #9a6700; } .dot-4 { fill: #8250df; } .dot-5 { fill: #cf222e; }
.confusion td { min-width: 30px; text-align: center; } .confusion th.col { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; white-space: nowrap; padding: 6px 4px; vertical-align: bottom; } .confusion td.diag { font-weight: 600; } .confusion th.row { text-align: left; }
.confused-pairs td:nth-child(2) { text-align: left; } details.diagonal > summary { cursor: pointer; margin: 10px 0 6px; }
.badge { display: inline-block; min-width: 38px; text-align: center; border-radius: 10px; padding: 0 6px; font-size: 11px; font-weight: 600; color: #fff; }
.badge.pass { background: var(--good); } .badge.fail { background: var(--bad); } .badge.flaky { background: var(--warn); } .badge.errored { background: var(--muted); }
.tally { font-size: 12px; border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; margin-left: 4px; }
.tally.pass { color: var(--good); } .tally.fail { color: var(--bad); } .tally.flaky { color: var(--warn); } .tally.errored { color: var(--muted); }
.gate-fail { color: var(--bad); font-weight: 600; } .gate-pass { color: var(--good); }
.checks ul { margin: 4px 0; padding-left: 20px; font-size: 12px; } .check { font-weight: 600; } .check.pass { color: var(--good); } .check.fail { color: var(--bad); } .check.judged { color: var(--muted); }
.run-stop { border: 1px solid var(--warn); border-left-width: 4px; border-radius: 6px; padding: 6px 10px; margin: 12px 0; color: var(--fg); }
details.case { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
details.case > summary { cursor: pointer; } details.case[hidden] { display: none; }
.result { border-top: 1px dashed var(--line); margin-top: 8px; }
.failures { margin: 4px 0; padding-left: 20px; color: var(--bad); }
.msg { margin: 4px 0; border-left: 3px solid var(--line); padding-left: 8px; }
.msg.user { border-color: var(--accent); } .msg.assistant { border-color: var(--good); } .msg.call { border-color: #8250df; }
.msg.tool { border-color: var(--muted); } .msg.error { border-color: var(--bad); }
.role { font-size: 11px; letter-spacing: .02em; color: var(--muted); } .role code { font-size: 12px; }
pre { margin: 2px 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; max-height: 360px; overflow: auto; }
.issues { color: var(--bad); font-size: 12px; }
.arg-diff { margin: 4px 0 8px; color: var(--fg); font-size: 12px; } .arg-diff td, .arg-diff th { text-align: left; padding: 1px 6px; }
.arg-diff tr.expected td { background: color-mix(in srgb, var(--good) 14%, transparent); } .arg-diff tr.actual td { background: color-mix(in srgb, var(--bad) 14%, transparent); }
.hooks { font-size: 12px; color: var(--warn); } .kinds code { font-size: 11px; color: var(--bad); } a.anchor { color: var(--muted); text-decoration: none; margin-left: 4px; }
.side-by-side { margin: 6px 0; } .side-by-side td, .side-by-side th { text-align: left; vertical-align: top; } .side-by-side .calls code { font-size: 11px; word-break: break-all; }
.overview td, .overview th { white-space: nowrap; }
.arg-diff td.sign { font-weight: 600; width: 1em; }
.controls { display: flex; gap: 8px; align-items: center; margin: 8px 0; } input, select, button { font: inherit; }

.message { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 4px 10px; }
.message.failed { border-color: var(--bad); }
.message-head { font-size: 12px; font-weight: 600; color: var(--muted); margin: 2px 0 4px; }
.message.failed > .message-head { color: var(--bad); }
.message.errored { border-color: var(--muted); } .message.errored > .message-head { color: var(--muted); }
details.state { border-left: 3px solid var(--warn); padding-left: 8px; margin: 4px 0; } details.state > summary { cursor: pointer; }
.state-changes { border-left: 3px solid var(--warn); padding-left: 8px; margin: 4px 0; }
.failures pre.state-diff { color: var(--fg); margin: 2px 0 4px; }
`
