#!/usr/bin/env bash
# make gate-demo (docs/gate.md): the gate's walk-through on a real change of a real reader.
#
# nfcpy 1.0.3 is the baseline and nfcpy 1.0.4 the candidate, each in a venv of its own
# under .build-gate/ and behind the same reader application (Rigs/duts/nfcpy_dut.py), on
# the simulated rig of Rigs/gate-demo/nfcpy-<version>.yaml. Both runs go to
# $OUT/baseline and $OUT/candidate, one after the other; then `nfcrig gate` compares them,
# its table is printed (and kept in $OUT/gate.txt, with the comparison and its plots in
# $OUT/gate.html and $OUT/gate.md) and its exit status is this script's: 0 no regression,
# 1 a regression, 2 a report that cannot be read.
#
# The venvs .build-gate/nfcpy-1.0.3 and nfcpy-1.0.4 are made by `make gate-demo` (the
# Makefile's python-deps, as for .build-venv). Environment: NFCRIG (default
# .build/debug/nfcrig), OUT (default Reports/gate-demo), SUITES (suites to run by name,
# space-separated, instead of the rig files' list: `latency` for the latency walk-through),
# TOLERANCE and MIN_DELTA (the gate's limits, the gate's own defaults; docs/gate.md says
# why).
set -euo pipefail
cd "$(dirname "$0")/.."

NFCRIG=${NFCRIG:-.build/debug/nfcrig}
OUT=${OUT:-Reports/gate-demo}
TOLERANCE=${TOLERANCE:-10%}
MIN_DELTA=${MIN_DELTA:-0.5ms}
SUITES=${SUITES:-}
suite_options=()
for suite in $SUITES; do suite_options+=(--suite "$suite"); done

# run NAME VERSION: every suite against nfcpy VERSION, reports in $OUT/NAME (NAME/latest is
# the run); the run's lines go to $OUT/NAME.log. A failing case (exit 1) is expected, nfcpy
# fails cases; a broken rig or harness (exit 2) stops the demo.
run() {
    local name=$1 version=$2 status=0 start end
    echo "gate-demo: $name: nfcpy $version on Rigs/gate-demo/nfcpy-$version.yaml"
    start=$(date +%s.%N)
    "$NFCRIG" run --rig "Rigs/gate-demo/nfcpy-$version.yaml" ${suite_options[@]+"${suite_options[@]}"} \
        --out "$OUT/$name" > "$OUT/$name.log" 2>&1 || status=$?
    end=$(date +%s.%N)
    # The counts, the operations not offered and the report's folder: the log's last lines
    # from the counts on.
    sed -n '/^[0-9]* cases: /,$p' "$OUT/$name.log"
    echo "gate-demo: $name took $(awk "BEGIN{printf \"%.1f\", $end - $start}") s of wall time"
    if [ "$status" -gt 1 ]; then
        echo "gate-demo: nfcrig run exited $status; see $OUT/$name.log"
        exit "$status"
    fi
}

mkdir -p "$OUT"
run baseline 1.0.3
run candidate 1.0.4
status=0
"$NFCRIG" gate --baseline "$OUT/baseline/latest" --candidate "$OUT/candidate/latest" \
    --tolerance "$TOLERANCE" --min-delta "$MIN_DELTA" --html "$OUT/gate.html" \
    --markdown "$OUT/gate.md" > "$OUT/gate.txt" || status=$?
cat "$OUT/gate.txt"
exit "$status"
