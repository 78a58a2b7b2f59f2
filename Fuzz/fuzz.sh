#!/usr/bin/env bash
# Runs each fuzz target of the nfcrig-fuzz binary (make fuzz builds it) from its committed
# seed corpus, for FUZZ_TIME seconds or FUZZ_RUNS inputs each, and prints per target the
# inputs run, the rate, the coverage libFuzzer reached (cov:) and the crashes. New inputs
# go to .build-fuzz/corpus/<target>, crashes to .build-fuzz/crashes/. Exit 1 on a crash.
set -uo pipefail
cd "$(dirname "$0")/.."
binary=${FUZZ_BINARY:-.build-fuzz/release/nfcrig-fuzz}
targets=${FUZZ_TARGETS:-ndef pn533-frame isodep tag-format rig-file dut-line report-file firmware}
limit=(-max_total_time="${FUZZ_TIME:-30}")
if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS"); fi
mkdir -p .build-fuzz/crashes .build-fuzz/logs
status=0
printf '%-12s %12s %10s %8s %8s  %s\n' target runs "exec/s" cov ft crashes
for target in $targets; do
    mkdir -p ".build-fuzz/corpus/$target"
    log=".build-fuzz/logs/$target.log"
    # Inputs kept from earlier runs stay for replaying; only this run's new ones count.
    before=$(ls .build-fuzz/crashes/ 2>/dev/null | grep -c "^$target-" || true)
    # The Swift runtime's backtracer reads freed memory under AddressSanitizer and hides the
    # real report behind its own: libFuzzer prints the stack instead.
    SWIFT_BACKTRACE=enable=no NFCRIG_FUZZ_TARGET="$target" "$binary" "${limit[@]}" -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/crashes/$target-" -rss_limit_mb=2048 \
        ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" > "$log" 2>&1
    result=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    after=$(ls .build-fuzz/crashes/ 2>/dev/null | grep -c "^$target-" || true)
    crashes=$((after - before))
    printf '%-12s %12s %10s %8s %8s  %s\n' "$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" \
        "${ft:-?}" "$crashes"
    if [ "$result" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        status=1
        echo "fuzz: $target failed (exit $result); its log: $log" >&2
        grep -E 'property broken|Fatal error|ERROR: ' "$log" | head -5 >&2
    fi
done
exit $status
