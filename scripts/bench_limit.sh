#!/bin/sh
# bench_limit.sh: `partyfood bench pizza` side by side with the hand-written
# limit of random Pizza Party playouts (../shared/bench/pizza_limit.c, issue 35),
# in one sitting: the limit is built with `gcc -O2` (portable x86-64, as its
# README says), then RUNS interleaved pairs of runs, each printing both rates
# and their ratio; the load average is printed before and after, since both
# rates move with it and only the ratio is comparable across sittings.
# With --cpu each side plays a fixed number of games (about S seconds' worth,
# `bench --games`) and its rate is the actions over the CPU time it used (user
# + system, from the shell's `times`): on a machine others load, the wall
# clock counts the time a process waited for a core, the CPU time does not.
#
#   scripts/bench_limit.sh [--runs N] [--seconds S] [--cpu] [--bin PARTYFOOD] [--limit-dir DIR]
#
# PARTYFOOD defaults to build/partyfood (`make build`); DIR to ../shared/bench
# beside the repository (or beside its main worktree). Not part of `make test`:
# a speed is measured, never asserted.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
runs=3
seconds=2
bin=$root/build/partyfood
dir=
cpu=
usage() {
    echo "usage: scripts/bench_limit.sh [--runs N] [--seconds S] [--cpu] [--bin PARTYFOOD]" \
         "[--limit-dir DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    --seconds) [ $# -ge 2 ] || usage; seconds=$2; shift 2 ;;
    --cpu) cpu=1; shift ;;
    --bin) [ $# -ge 2 ] || usage; bin=$2; shift 2 ;;
    --limit-dir) [ $# -ge 2 ] || usage; dir=$2; shift 2 ;;
    *) usage ;;
    esac
done
if [ -z "$dir" ]; then
    # ../shared/bench beside this checkout, else beside the main worktree
    # (a linked worktree's common git dir is the main one's .git).
    common=$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
    for d in "$root/../shared/bench" "${common%/.git}/../shared/bench"; do
        if [ -f "$d/pizza_limit.c" ]; then dir=$d; break; fi
    done
fi
if [ -z "$dir" ] || [ ! -f "$dir/pizza_limit.c" ]; then
    echo "bench_limit.sh: pizza_limit.c not found (looked in ${dir:-../shared/bench beside the" \
         "repository and beside its main worktree}); the limit lives in the team's shared" \
         "folder, not in the repository: pass --limit-dir DIR" >&2
    exit 2
fi
if [ ! -x "$bin" ]; then
    echo "bench_limit.sh: no $bin: run 'make build' first, or pass --bin PARTYFOOD" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -o "$tmp/pizza_limit" "$dir/pizza_limit.c"
# The limit's games for about as long as partyfood's (about 110 million actions a
# second when quiet, 75 actions a game).
limit_games=$(awk -v s="$seconds" 'BEGIN { printf "%d", s * 1400000 }')

. "$root/scripts/bench_cpu.sh"
# The rates of one run: limit then partyfood, in actions a second.
limit_wall() { "$tmp/pizza_limit" -n "$limit_games" -p 4 -s 1 | awk '{ for (i = 1; i < NF; i++) if ($i == "actions/s") print $(i + 1) }'; }
pf_wall() { "$bin" bench pizza --seconds "$seconds" --json | sed 's/.*"actions_per_s":\([0-9.]*\).*/\1/'; }
limit_cpu() {
    t=$(cpu_seconds "$tmp/out" "$tmp/pizza_limit" -n "$cpu_games" -p 4 -s 1)
    m=$(sed -n 's/.*mean actions \([0-9.]*\).*/\1/p' "$tmp/out")
    awk -v n="$cpu_games" -v m="$m" -v t="$t" 'BEGIN { printf "%.0f", n * m / t }'
}
pf_cpu() {
    t=$(cpu_seconds "$tmp/out" "$bin" bench pizza --games "$cpu_games" --searches 1 --json)
    m=$(sed 's/.*"mean_actions":\([0-9.]*\).*/\1/' "$tmp/out")
    awk -v n="$cpu_games" -v m="$m" -v t="$t" 'BEGIN { printf "%.0f", n * m / t }'
}
if [ -n "$cpu" ]; then
    # The same games for both, about S seconds' worth of partyfood's (a million
    # games a second when quiet); partyfood's run also holds one search of
    # 10,000 iterations (bench has no way to skip it: a cost against it).
    cpu_games=$(awk -v s="$seconds" 'BEGIN { printf "%d", s * 1000000 }')
    mode=cpu
    echo "limit: gcc -O2 $dir/pizza_limit.c, -n $cpu_games -p 4 -s 1, actions per CPU second"
    echo "partyfood: $bin bench pizza --games $cpu_games --searches 1, actions per CPU second"
else
    mode=wall
    echo "limit: gcc -O2 $dir/pizza_limit.c, -n $limit_games -p 4 -s 1"
    echo "partyfood: $bin bench pizza --seconds $seconds"
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-4s %16s %16s %7s\n' run "limit actions/s" "partyfood" ratio
i=1
ratios=
while [ "$i" -le "$runs" ]; do
    # Alternate which goes first, so neither always meets the same moment of the load.
    if [ $((i % 2)) -eq 1 ]; then
        lim=$(limit_$mode)
        pf=$(pf_$mode)
    else
        pf=$(pf_$mode)
        lim=$(limit_$mode)
    fi
    r=$(awk -v a="$pf" -v b="$lim" 'BEGIN { printf "%.3f", a / b }')
    ratios="$ratios $r"
    printf '%-4s %16.0f %16.0f %7s\n' "$i" "$lim" "$pf" "$r"
    i=$((i + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$ratios" | awk '{ lo = $1; hi = $1; for (i = 2; i <= NF; i++) { if ($i < lo) lo = $i; if ($i > hi) hi = $i }
                       printf "ratio to the limit: %.2f to %.2f\n", lo, hi }'
