#!/bin/sh
# bench_baseline.sh: `partyfood bench` of this checkout's build side by side with a
# build of another commit (issue 35: "1.5 times the build before the change"), in
# one sitting. The commit is exported with `git archive` and built as `make build`
# builds (RelWithDebInfo, gcc) into build-baseline/<commit>/, kept for the next
# time; then RUNS rounds run `partyfood bench GAME --json` with each binary in
# turn (the order alternating round by round), for every game asked. Prints each
# round's actions/s and ISMCTS iterations/s with the ratios current / baseline,
# and the load average before and after. With --cpu both play the same fixed
# work (about S seconds' worth of the current build's: `bench --games N
# --searches 1` for the actions, `--games 1 --searches M` for the search) and
# a rate is that work over the CPU time it used (user + system, from the
# shell's `times`), which a loaded machine's waits do not count; the baseline
# must know --games and --searches (060f485 and after).
#
#   scripts/bench_baseline.sh --baseline REV [--runs N] [--seconds S] [--cpu]
#                             [--bin PARTYFOOD] [GAME...]
#
# PARTYFOOD defaults to build/partyfood (`make build`); GAME to every game the
# baseline knows. Not part of `make test`: a speed is measured, never asserted.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
runs=3
seconds=2
bin=$root/build/partyfood
rev=
cpu=
usage() {
    echo "usage: scripts/bench_baseline.sh --baseline REV [--runs N] [--seconds S] [--cpu]" \
         "[--bin PARTYFOOD] [GAME...]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --baseline) [ $# -ge 2 ] || usage; rev=$2; shift 2 ;;
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    --seconds) [ $# -ge 2 ] || usage; seconds=$2; shift 2 ;;
    --cpu) cpu=1; shift ;;
    --bin) [ $# -ge 2 ] || usage; bin=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ -n "$rev" ] || usage
if [ ! -x "$bin" ]; then
    echo "bench_baseline.sh: no $bin: run 'make build' first, or pass --bin PARTYFOOD" >&2
    exit 2
fi
sha=$(git -C "$root" rev-parse --verify --quiet "$rev^{commit}") || {
    echo "bench_baseline.sh: '$rev' is no commit of this repository" >&2
    exit 2
}
base=$root/build-baseline/$sha
if [ ! -x "$base/build/partyfood" ]; then
    echo "building the baseline $sha into $base (once) ..."
    rm -rf "$base"
    mkdir -p "$base/src"
    git -C "$root" archive "$sha" | tar -x -C "$base/src"
    cmake -S "$base/src" -B "$base/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPF_GAMES= \
        >"$base/cmake.log" 2>&1 || { cat "$base/cmake.log" >&2; exit 1; }
    cmake --build "$base/build" -j"$(nproc)" --target partyfood >"$base/build.log" 2>&1 ||
        { tail -30 "$base/build.log" >&2; exit 1; }
fi
old=$base/build/partyfood
if [ $# -eq 0 ]; then
    set -- $("$old" games | sed -n 's/^\([a-z]*\): .*/\1/p')
fi

# field JSON KEY: a number of one line of `bench --json`
field() { echo "$1" | sed "s/.*\"$2\":\(null\|[0-9.][0-9.]*\).*/\1/"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "null" || b == "null" || b == 0) print "-"; else printf "%.2f", a / b }'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$root/scripts/bench_cpu.sh"
# bench_cpu BIN GAME: one line of `bench --json` whose actions_per_s and
# ismcts_iters_per_s are per CPU second, over the work fixed above.
bench_cpu() {
    t=$(cpu_seconds "$tmp/out" "$1" bench "$2" --games "$games" --searches 1 --json)
    m=$(field "$(cat "$tmp/out")" mean_actions)
    a=$(awk -v n="$games" -v m="$m" -v t="$t" 'BEGIN { printf "%.1f", n * m / t }')
    i=null
    if [ "$searches" -gt 0 ]; then
        t=$(cpu_seconds "$tmp/out" "$1" bench "$2" --games 1 --searches "$searches" --json)
        i=$(awk -v n="$searches" -v t="$t" 'BEGIN { printf "%.1f", n * 10000 / t }')
    fi
    echo "{\"actions_per_s\":$a,\"ismcts_iters_per_s\":$i}"
}
bench_wall() { "$1" bench "$2" --seconds "$seconds" --json; }
mode=wall
[ -z "$cpu" ] || mode=cpu

echo "baseline: $old ($(git -C "$root" log -1 --format='%h %s' "$sha" | cut -c1-70))"
echo "current:  $bin"
if [ -n "$cpu" ]; then
    echo "each: partyfood bench GAME --games N --searches 1, then --games 1 --searches M" \
         "(N, M: about $seconds s of the current build's); per CPU second; $runs rounds"
else
    echo "each: partyfood bench GAME --seconds $seconds --json; $runs rounds"
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %3s %14s %14s %6s %14s %14s %6s\n' game run "base act/s" "act/s" x \
    "base ismcts/s" "ismcts/s" x
summary=
for game in "$@"; do
    if [ -n "$cpu" ]; then
        # the work: what the current build does in 0.2 s of each part, scaled
        # by the CPU time it got for them (under load, less than the wall's)
        t=$(cpu_seconds "$tmp/out" "$bin" bench "$game" --seconds 0.2 --json)
        c=$(cat "$tmp/out")
        r=$(field "$c" ismcts_iters_per_s)
        games=$(awk -v g="$(field "$c" games_per_s)" -v r="$r" -v t="$t" -v s="$seconds" '
            BEGIN { parts = (r == "null" || r == 0) ? 1 : 2; printf "%d", g * 0.2 * s * parts / t + 1 }')
        searches=$(awk -v r="$r" -v t="$t" -v s="$seconds" '
            BEGIN { if (r == "null" || r == 0) print 0; else printf "%d", r * 0.2 * s * 2 / t / 10000 + 1 }')
        echo "$game: N = $games games, M = $searches searches"
    fi
    i=1
    while [ "$i" -le "$runs" ]; do
        if [ $((i % 2)) -eq 1 ]; then
            b=$(bench_$mode "$old" "$game")
            c=$(bench_$mode "$bin" "$game")
        else
            c=$(bench_$mode "$bin" "$game")
            b=$(bench_$mode "$old" "$game")
        fi
        ba=$(field "$b" actions_per_s); ca=$(field "$c" actions_per_s)
        bi=$(field "$b" ismcts_iters_per_s); ci=$(field "$c" ismcts_iters_per_s)
        ra=$(ratio "$ca" "$ba"); ri=$(ratio "$ci" "$bi")
        printf '%-9s %3s %14.0f %14.0f %6s %14s %14s %6s\n' "$game" "$i" "$ba" "$ca" "$ra" \
            "$bi" "$ci" "$ri"
        summary="$summary$game $ra $ri
"
        i=$((i + 1))
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s' "$summary" | awk '
    { if (!($1 in n)) { order[++k] = $1; alo[$1] = ahi[$1] = $2; ilo[$1] = ihi[$1] = $3 }
      n[$1]++
      if ($2 < alo[$1]) alo[$1] = $2; if ($2 > ahi[$1]) ahi[$1] = $2
      if ($3 < ilo[$1]) ilo[$1] = $3; if ($3 > ihi[$1]) ihi[$1] = $3 }
    END { for (j = 1; j <= k; j++) { g = order[j]
            printf "%-9s actions/s x%s to x%s", g, alo[g], ahi[g]
            if (ilo[g] != "-") printf ", ISMCTS iterations/s x%s to x%s", ilo[g], ihi[g]
            printf "\n" } }'
