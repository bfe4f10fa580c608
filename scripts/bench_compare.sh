#!/bin/sh
# bench_compare.sh BASE [ROUNDS] [-- BENCH ARGS...]: the server's load figures
# of this tree against those of commit BASE, measured in the same sitting
# (docs/server.md, "Figures").
#
# BASE's source is exported (git archive) to /tmp/pf-base-SHA and built
# there, and this tree's into build-release, both with `make
# build-release` (Release, -O3). Then `partyfood bench server ARGS`
# (default: --rooms 1000 --seconds 10) runs ROUNDS times (3) for each,
# interleaved (base, this, base, this...), so that the machine's load
# weighs on both alike. Each run's figures are printed as they come, then
# for each build the median of the runs: acknowledged actions a second,
# p99, and the server's CPU time a 1,000 actions (read by the tool from
# /proc: user and system time of the server's process, the steadier
# measure on a shared machine), with the load average before each run.
set -eu
base=${1:?usage: bench_compare.sh BASE [ROUNDS] [-- BENCH ARGS...]}
shift
rounds=3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    rounds=$1
    shift
fi
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || set -- --rooms 1000 --seconds 10
here=$(cd "$(dirname "$0")/.." && pwd)
sha=$(git -C "$here" rev-parse --short "$base")
dir=/tmp/pf-base-$sha
if [ ! -x "$dir/build-release/partyfood" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    git -C "$here" archive "$sha" | tar -x -C "$dir"
    make -C "$dir" build-release >/dev/null
fi
make -C "$here" build-release >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for i in $(seq "$rounds"); do
    for which in base this; do
        bin=$dir/build-release/partyfood
        [ $which = this ] && bin=$here/build-release/partyfood
        load=$(cut -d' ' -f1 /proc/loadavg)
        "$bin" bench server "$@" >"$out/$which.$i" 2>&1 || true
        printf '%s run %d (load %s): %s; %s; %s\n' "$which" "$i" "$load" \
            "$(grep -o '[0-9]*/s); per commit' "$out/$which.$i" | cut -d')' -f1)" \
            "$(grep -o 'p99 [0-9.]* ms' "$out/$which.$i")" \
            "$(grep -o 'the server [0-9]* ms' "$out/$which.$i")"
    done
done
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for which in base this; do
    rate=$(cat "$out/$which".* | sed -n 's|.*(\([0-9]*\)/s); per commit.*|\1|p' | median)
    p99=$(cat "$out/$which".* | sed -n 's|.*p99 \([0-9.]*\) ms.*|\1|p' | median)
    cpu=$(cat "$out/$which".* | sed -n 's|.*the server \([0-9]*\) ms.*|\1|p' | median)
    echo "$which ($([ $which = base ] && echo "$sha" || git -C "$here" rev-parse --short HEAD)): median of $rounds: $rate actions/s, p99 $p99 ms, server CPU $cpu ms a 1,000 actions"
done
