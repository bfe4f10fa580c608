#!/bin/sh
# fuzz.sh BUILD_DIR SECONDS [TARGET...]: runs each libFuzzer target of
# fuzz/ (default: all) for SECONDS, one after the other.
#
# Each target starts from its committed seeds (fuzz/TARGET/seeds) and the
# reproducers of bugs it found and that were fixed (fuzz/TARGET/crashes-found,
# run again every time), both read only, plus what earlier runs found
# (FUZZ_CORPUS/TARGET, where new inputs go; FUZZ_CORPUS defaults to
# BUILD_DIR/fuzz-corpus), with fuzz/TARGET/TARGET.dict when there is one. A crash,
# a sanitizer report, a leak, a timeout or running out of memory stops
# that target: the script prints the end of the log and the reproducer's
# path, goes on with the others, and fails at the end.
#   FUZZ_RSS_MB (default 2048) and FUZZ_TIMEOUT (seconds one input may
#   take, default 20) tune the limits; FUZZ_JOBS>1 runs that many fuzzing
#   processes per target (libFuzzer's -fork), for long runs.
set -u
build=$1
seconds=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-$(cd "$src/fuzz" && ls -d */ | tr -d /)}
rss=${FUZZ_RSS_MB:-2048}
timeout=${FUZZ_TIMEOUT:-20}
jobs=${FUZZ_JOBS:-1}
corpora=${FUZZ_CORPUS:-$build/fuzz-corpus}
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
failed=""
for t in $targets; do
    bin=$build/fuzz_$t
    corpus=$corpora/$t
    findings=$build/fuzz-findings/$t
    log=$build/fuzz-logs/$t.log
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    dict=""
    [ -f "$src/fuzz/$t/$t.dict" ] && dict="-dict=$src/fuzz/$t/$t.dict"
    found=""
    [ -d "$src/fuzz/$t/crashes-found" ] && found="$src/fuzz/$t/crashes-found"
    fork=""
    [ "$jobs" -gt 1 ] && fork="-fork=$jobs -ignore_crashes=0"
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$seconds" -rss_limit_mb="$rss" -timeout="$timeout" \
        -artifact_prefix="$findings/" -print_final_stats=1 $dict $fork \
        "$corpus" "$src/fuzz/$t/seeds" $found </dev/null >"$log" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        # The last status line: executions, coverage, corpus, speed.
        last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
        echo "fuzz $t: ok in ${seconds}s: $last"
        continue
    fi
    failed="$failed $t"
    echo "fuzz $t: FAILED (exit $rc); the end of $log:" >&2
    tail -n 40 "$log" >&2
    repro=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    if [ -n "$repro" ]; then
        echo "fuzz $t: reproducer: $repro" >&2
        echo "fuzz $t: run it again with: $bin $repro" >&2
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: findings in:$failed" >&2
    exit 1
fi
