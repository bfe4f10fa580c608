#!/bin/sh
# fuzz_coverage.sh FUZZ_BUILD_DIR [COVERAGE_BUILD_DIR]: what the fuzzers
# reach. Builds the targets again with clang's source coverage (in
# COVERAGE_BUILD_DIR, default build-fuzzcov), runs each once over its seeds,
# its fixed reproducers and the corpus that runs in FUZZ_BUILD_DIR found
# (no fuzzing), and prints, per target, the share of each source file's
# lines it ran. Needs Debian's llvm-14 (llvm-profdata, llvm-cov).
set -eu
corpora=$1
cov=${2:-build-fuzzcov}
src=$(cd "$(dirname "$0")/.." && pwd)
targets=$(cd "$src/fuzz" && ls -d */ | tr -d /)
CC=clang CFLAGS="-fprofile-instr-generate -fcoverage-mapping" \
    cmake -S "$src" -B "$cov" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPF_FUZZ=ON >/dev/null
bins=""
for t in $targets; do
    bins="$bins fuzz_$t"
done
# shellcheck disable=SC2086
cmake --build "$cov" -j"$(nproc)" --target $bins >/dev/null
rm -rf "$cov/profiles"
mkdir -p "$cov/profiles"
for t in $targets; do
    dirs="$src/fuzz/$t/seeds"
    [ -d "$src/fuzz/$t/crashes-found" ] && dirs="$dirs $src/fuzz/$t/crashes-found"
    [ -d "$corpora/fuzz-corpus/$t" ] && dirs="$dirs $corpora/fuzz-corpus/$t"
    # shellcheck disable=SC2086
    LLVM_PROFILE_FILE="$cov/profiles/$t.profraw" ASAN_OPTIONS=detect_leaks=0 \
        "$cov/fuzz_$t" -runs=0 $dirs </dev/null >/dev/null 2>&1
    llvm-profdata-14 merge -o "$cov/profiles/$t.profdata" "$cov/profiles/$t.profraw"
    # One program and its own profile at a time: llvm-cov cannot add up the
    # same functions across several programs.
    echo "== fuzz_$t: lines of the library it runs (columns: file, lines, missed, cover)"
    llvm-cov-14 report "$cov/fuzz_$t" -instr-profile="$cov/profiles/$t.profdata" \
            -ignore-filename-regex='(fuzz_[a-z]+[.]c|[.]h)$' |
        awk '$10 ~ /%$/ { printf "  %-36s %6s %6s %8s\n", $1, $8, $9, $10 }'
done
