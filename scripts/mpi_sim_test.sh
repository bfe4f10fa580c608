#!/bin/sh
# mpi_sim_test.sh PARTYFOOD: `mpirun -n 2 partyfood sim` prints what one
# process prints for the same seed (timings aside), for every game, a
# sweep and --lines among them, in every format; a shard played by two
# ranks merges with one played alone; rank 0's bar counts every rank's
# games; ranks started with different runs are refused, naming the rank. Exits 77 (skipped, for CTest) where mpirun
# is missing, or where partyfood was built without MPI (after checking that
# it then refuses to run under mpirun).
set -eu
bin=$1
if ! command -v mpirun >/dev/null 2>&1; then
    echo "skipped: mpirun is not installed (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
dir=$(mktemp -d /tmp/pf-mpi-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

# Two ranks on whatever cores there are (2 here), no network probing, no
# CMA (containers often forbid ptrace), root allowed: CI runs as root.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_hwloc_base_binding_policy=none
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi() { timeout 60 mpirun -n 2 "$@"; }

# Without MPI built in, a run under mpirun refuses instead of playing the
# whole run once per rank; the rest needs MPI.
if ! "$bin" sim --help | grep -q "MPI: built in"; then
    if mpi "$bin" sim pizza --games 5 >out.txt 2>err.txt || [ -s out.txt ] ||
        ! grep -q "this partyfood was built without MPI" err.txt; then
        cat out.txt err.txt
        echo "FAIL: a partyfood without MPI played under mpirun"
        exit 1
    fi
    echo "ok: without MPI built in, a run under mpirun refuses"
    echo "skipped: the rest, this partyfood was built without MPI (see docs/sim.md)"
    exit 77
fi

# The report without its timings.
untimed() { sed -e '/"seconds":/d' -e 's/) in [0-9.]* s, [0-9]* games\/s$/)/' "$1"; }
same() {
    untimed "$1" >"$1.untimed"
    if ! cmp -s "$1.untimed" "$2.untimed"; then
        diff -u "$2.untimed" "$1.untimed" | head -40
        echo "FAIL: $3: $1 and $2 differ"
        exit 1
    fi
}
check() {
    name=$1
    shift
    "$bin" sim "$@" --threads 2 --svg one.svg >one.txt
    "$bin" sim "$@" --threads 2 --json >one.json
    "$bin" sim "$@" --threads 2 --csv >one.csv
    for f in one.txt one.json one.csv one.svg; do untimed $f >$f.untimed; done
    mpi "$bin" sim "$@" --threads 1 --svg mpi.svg >mpi.txt
    mpi "$bin" sim "$@" --threads 1 --json >mpi.json
    mpi "$bin" sim "$@" --threads 1 --csv >mpi.csv
    same mpi.txt one.txt "$name table"
    same mpi.svg one.svg "$name svg"
    same mpi.json one.json "$name json"
    same mpi.csv one.csv "$name csv"
    echo "ok: $name"
}

check "passfood, a sweep" passfood --seats random,random,random --games 60 --seed 21 \
    --sweep difficulty=0..2
check "pancake, rotated" pancake --seats random,easy,random --games 45 --seed 22
check "pakupaku" pakupaku --seats random,random,random --games 20 --seed 23 --option limit=5
check "pizza, --lines" pizza --seats random --games 30 --seed 24 --option extra_slices=false \
    --sweep kinds=3..4 --lines seats=2,3

# Shards and ranks together: shard 0 on two ranks, shard 1 alone.
run="passfood --seats random,random --games 33 --seed 25 --sweep difficulty=1..2"
"$bin" sim $run --json >one.json
untimed one.json >one.json.untimed
mpi "$bin" sim $run --shard 0/2 --out s0.json
"$bin" sim $run --shard 1/2 --out s1.json
"$bin" sim merge s0.json s1.json --json >merged.json
same merged.json one.json "a shard on two ranks"
echo "ok: a shard on two ranks merges with one played alone"

# Rank 0's bar counts every rank's games: each batch's last bar is full.
mpi "$bin" sim passfood --seats random,random --games 60 --sweep difficulty=1..2 --progress \
    >/dev/null 2>bar.txt
# (The bar may be drawn full more than once; its last line per batch counts.)
last_full() { tr '\r' '\n' <bar.txt | grep "^difficulty=$1 " | tail -n 1 | grep -q '\] 60/60 games'; }
if ! last_full 1 || ! last_full 2; then
    tr '\r' '\n' <bar.txt
    echo "FAIL: rank 0's progress bar does not end at 60/60 for each batch"
    exit 1
fi
echo "ok: rank 0's bar counts the other rank's games"

# Two ranks started with different runs: refused, naming the rank.
if timeout 60 mpirun -n 1 "$bin" sim pizza --games 10 : -n 1 "$bin" sim pizza --games 10 \
    --seed 2 >out.txt 2>err.txt; then
    echo "FAIL: ranks with different runs were not refused"
    exit 1
fi
if ! grep -q "rank 1 of 2 was started with another run than rank 0 (seed: 1 vs 2)" err.txt; then
    cat err.txt
    echo "FAIL: the refusal does not name the rank and the field"
    exit 1
fi
if [ -s out.txt ]; then
    echo "FAIL: a refused run printed a report"
    exit 1
fi
echo "ok: ranks started with different runs are refused"
