# bench_cpu.sh: sourced by bench_limit.sh and bench_baseline.sh (with $tmp
# set to a scratch folder) for their --cpu figures.

# cpu_seconds OUT COMMAND...: runs COMMAND into OUT and prints the CPU time
# (user + system) it took, from the shell's `times` (its children's line):
# on a machine others load, the wall clock also counts the waits for a core.
cpu_seconds() {
    out=$1
    shift
    times >"$tmp/t0"
    "$@" >"$out"
    times >"$tmp/t1"
    { sed -n 2p "$tmp/t0"; sed -n 2p "$tmp/t1"; } | sed 's/m/ /g; s/s//g' |
        awk '{ t = $1 * 60 + $2 + $3 * 60 + $4; if (NR == 1) b = t; else printf "%.3f", t - b }'
}
