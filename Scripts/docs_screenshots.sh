#!/usr/bin/env bash
# make screenshots: the pictures in docs/images/, taken again in headless Chromium.
#
# From the latest run of Rigs/sim.yaml ($SIM, default Reports/latest: make run) and from the
# gate's latency walk-through ($DEMO, default Reports/gate-demo-latency: make gate-demo
# SUITES=latency OUT=Reports/gate-demo-latency), whose candidate is nfcpy 1.0.4. Each
# picture is one part of a page (Scripts/docs_screenshot.py); docs/reports.md and
# docs/gate.md show them.
set -euo pipefail
cd "$(dirname "$0")/.."

SIM=${SIM:-Reports/latest}
DEMO=${DEMO:-Reports/gate-demo-latency}
IMAGES=docs/images
# The regressed or improved metric whose plot docs/gate.md shows (a caption's start).
GATE_FIGURE=${GATE_FIGURE:-LAT-005 readTime}
SHOT="/usr/bin/python3 Scripts/docs_screenshot.py"
mkdir -p "$IMAGES"

for page in "$SIM/report.html" "$DEMO/candidate/latest/report.html" "$DEMO/gate.html"; do
    if [ ! -f "$page" ]; then
        echo "make screenshots: $page is missing (see this script's comment)"
        exit 2
    fi
done

# docs/reports.md: the summary and three plots of the reference reader on the simulated rig.
$SHOT "$SIM/report.html" "$IMAGES/report-latency-summary.png" \
    --section latency-summary --before-figures
$SHOT "$SIM/report.html" "$IMAGES/report-read-time-type4.png" \
    --section latency-summary --figure "read time on Type 4" --no-details
$SHOT "$SIM/report.html" "$IMAGES/report-apdu-round-trip.png" \
    --section latency-summary --figure "APDU round trip" --no-details
$SHOT "$SIM/report.html" "$IMAGES/report-restart-interval.png" \
    --section latency-summary --figure "restart interval"
# ... and nfcpy 1.0.4's latency suite on the wall clock, where samples spread.
$SHOT "$DEMO/candidate/latest/report.html" "$IMAGES/report-nfcpy-latency-summary.png" \
    --section latency-summary --before-figures
$SHOT "$DEMO/candidate/latest/report.html" "$IMAGES/report-nfcpy-read-time-type4.png" \
    --section latency-summary --figure "read time on Type 4" --no-details
# docs/gate.md: the comparison nfcpy 1.0.3 → 1.0.4 of the latency suite.
$SHOT "$DEMO/gate.html" "$IMAGES/gate-latency.png" --section body --before-figures --width 1400
$SHOT "$DEMO/gate.html" "$IMAGES/gate-latency-plot.png" --section body --figure "$GATE_FIGURE" --width 1000
echo "make screenshots: $(ls "$IMAGES"/*.png | wc -l) pictures in $IMAGES"
