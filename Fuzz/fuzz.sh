#!/usr/bin/env bash
# Runs each fuzz target of the nfcrig-fuzz binary (make fuzz builds it) from its committed
# seed corpus, for FUZZ_TIME seconds or FUZZ_RUNS inputs each, FUZZ_JOBS targets at a time
# (default: one per core; each fuzzer is single-threaded), then prints per target the inputs
# run, the rate, the coverage libFuzzer reached (cov:) and the crashes. New inputs go to
# .build-fuzz/corpus/<target>, crashes to .build-fuzz/crashes/. Exit 1 on a crash.
set -uo pipefail
cd "$(dirname "$0")/.."
binary=${FUZZ_BINARY:-.build-fuzz/release/nfcrig-fuzz}
targets=${FUZZ_TARGETS:-ndef pn533-frame isodep tag-format rig-file card-file dut-line report-file firmware}
jobs=${FUZZ_JOBS:-$(nproc)}
limit=(-max_total_time="${FUZZ_TIME:-30}")
if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS"); fi
mkdir -p .build-fuzz/crashes .build-fuzz/logs

crash_count() { ls .build-fuzz/crashes/ 2>/dev/null | grep -c "^$1-" || true; }

# One target's run; its exit status goes to its .status file beside its log.
run_target() {
    local target=$1 log=".build-fuzz/logs/$1.log"
    mkdir -p ".build-fuzz/corpus/$target"
    # Targets that run async code free an input's tasks on the concurrency pool just after
    # the input returns: libFuzzer sees more mallocs than frees and runs a whole LeakSanitizer
    # scan after nearly every input, which takes two thirds of their time and finds nothing
    # (the memory is freed a moment later). A real leak still ends the run at -rss_limit_mb.
    local leaks=1
    case $target in isodep | firmware) leaks=0 ;; esac
    # The firmware target's time grows with its inputs' transfers (a simulated chip takes
    # each one through its USB transport): 256 bytes still hold 16 commands.
    local length=4096
    case $target in firmware) length=256 ;; esac
    # The Swift runtime's backtracer reads freed memory under AddressSanitizer and hides the
    # real report behind its own: libFuzzer prints the stack instead.
    SWIFT_BACKTRACE=enable=no NFCRIG_FUZZ_TARGET="$target" "$binary" "${limit[@]}" \
        -detect_leaks="$leaks" -max_len="$length" -print_final_stats=1 -artifact_prefix=".build-fuzz/crashes/$target-" \
        -rss_limit_mb=2048 ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" > "$log" 2>&1
    echo $? > ".build-fuzz/logs/$target.status"
}

# Inputs kept from earlier runs stay for replaying; only this run's new ones count.
declare -A before
for target in $targets; do
    before[$target]=$(crash_count "$target")
    rm -f ".build-fuzz/logs/$target.status"
done
for target in $targets; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    run_target "$target" &
done
wait

status=0
printf '%-12s %12s %10s %8s %8s  %s\n' target runs "exec/s" cov ft crashes
for target in $targets; do
    log=".build-fuzz/logs/$target.log"
    result=$(cat ".build-fuzz/logs/$target.status" 2>/dev/null || echo 1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    crashes=$(($(crash_count "$target") - ${before[$target]}))
    printf '%-12s %12s %10s %8s %8s  %s\n' "$target" "${runs:-?}" "${rate:-?}" "${cov:-?}" \
        "${ft:-?}" "$crashes"
    if [ "$result" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        status=1
        echo "fuzz: $target failed (exit $result); its log: $log" >&2
        grep -E 'property broken|Fatal error|ERROR: ' "$log" | head -5 >&2
    fi
done
exit $status
