/// The report page's stylesheet, inlined so that the page needs no other file.
enum HTMLStyle {
    static let css = """
        :root { --pass: #1a7f37; --fail: #cf222e; --error: #8250df; --skip: #6e7781;
          --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --bar: #54aeff; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
          margin: 2rem auto; max-width: 72rem; padding: 0 1rem; }
        h1 { font-size: 1.6rem; margin-bottom: .2rem; }
        h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1rem; margin: 1.2rem 0 .3rem; }
        table { border-collapse: collapse; margin: .5rem 0; }
        th, td { border: 1px solid var(--line); padding: .25rem .6rem; text-align: left;
          vertical-align: top; }
        th { background: #f6f8fa; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        td.message { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 36rem; }
        .verdict { font-weight: 600; text-transform: uppercase; }
        .verdict.pass { color: var(--pass); } .verdict.fail { color: var(--fail); }
        .verdict.error { color: var(--error); } .verdict.skip { color: var(--skip); }
        p.outcome { font-weight: 600; font-size: 1.1rem; margin: .3rem 0; }
        p.outcome.passed { color: var(--pass); } p.outcome.failed { color: var(--fail); }
        p.outcome.errored { color: var(--error); } p.outcome.nothingJudged { color: var(--fail); }
        p.outcome-detail { margin: .2rem 0; }
        figure { margin: 1rem 0 1.5rem; } figcaption { color: var(--muted); margin-bottom: .3rem; }
        svg text { font: 11px system-ui, sans-serif; fill: var(--ink); }
        svg .axis, svg .tick, svg .lane { stroke: var(--muted); stroke-width: 1; }
        svg .lane { stroke: var(--line); }
        svg .axis-label, svg .lane-label { fill: var(--muted); }
        svg .bars rect { fill: var(--bar); }
        svg .mark { stroke-width: 1.5; stroke-dasharray: 4 3; }
        svg .mark.p50 { stroke: #0969da; } svg .mark-label.p50 { fill: #0969da; }
        svg .mark.p99 { stroke: var(--fail); } svg .mark-label.p99 { fill: var(--fail); }
        svg .window { fill: #dafbe1; }
        svg .point { fill: var(--muted); fill-opacity: .7; }
        svg .point.r106 { fill: #0969da; } svg .point.r212 { fill: #bf8700; }
        svg .point.r424 { fill: #8250df; }
        svg .floor { fill: none; stroke-width: 1.5; stroke-dasharray: 5 3; }
        svg .floor.r106 { stroke: #0969da; } svg .floor-label.r106 { fill: #0969da; }
        svg .floor.r212 { stroke: #bf8700; } svg .floor-label.r212 { fill: #bf8700; }
        svg .floor.r424 { stroke: #8250df; } svg .floor-label.r424 { fill: #8250df; }
        dl.metrics dt { font-weight: 600; } dl.metrics dd { margin: 0 0 .4rem 1.2rem; }
        p.caption { color: var(--muted); font-size: .85rem; margin-top: 0; }
        svg .event.poll line { stroke: #8c959f; stroke-width: 1.5; }
        svg .event.multipleTags path { fill: #bf8700; }
        svg .event.restartPolling path { fill: #0969da; }
        svg .event.activation circle { fill: var(--pass); }
        svg .event.fieldOff rect { fill: var(--fail); }
        svg .event.other circle { fill: var(--muted); }
        details.trace { margin: .8rem 0; } details.trace summary { cursor: pointer; }
        table.trace td { font-size: .85rem; padding: .1rem .4rem; }
        table.trace code { white-space: pre-wrap; overflow-wrap: anywhere; }
        table.trace tr.evidence td { background: #fff1e5; border-color: var(--fail); }
        p.note { color: var(--muted); font-size: .85rem; }
        footer { color: var(--muted); margin-top: 3rem; font-size: .85rem; }
        """
}
