#!/bin/bash
# check_rules_pure_test.sh SOURCE_DIR CC FLAG... -- OBJECT...: proves that
# check_rules_pure.sh sees every game source. In a scratch copy of the
# sources it plants forbidden calls in one file at a time (a malloc in
# every game file, then file-system, environment and randomness calls),
# compiles only that file with the library's flags, and expects the check
# on the library's objects, that one replaced, to fail naming that file
# alone. The real source tree is only read.
set -eu
src=$1
cc=$2
shift 2
flags=()
while [ "$1" != -- ]; do
    flags+=("$1")
    shift
done
shift
objects=("$@")
check=$src/scripts/check_rules_pure.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/src" "$src/include" "$tmp/"

# The unchanged objects pass, so a failure below comes from the plant.
sh "$check" "$tmp" "${objects[@]}" >/dev/null || { echo "the real objects fail"; exit 1; }

failures=0
# plant FILE CALLS CODE: appends CODE (functions making the CALLS) to FILE
# in the scratch copy and expects the check to name FILE and each call.
plant() {
    local rel=$1 calls=$2 code=$3
    local copy=$tmp/$rel obj=$tmp/obj/$rel.o
    cp "$src/$rel" "$copy"
    printf '\n%s\n' "$code" >>"$copy"
    mkdir -p "$(dirname "$obj")"
    "$cc" "${flags[@]}" -c "$copy" -o "$obj"
    cp "$src/$rel" "$copy"
    local list=() o
    for o in "${objects[@]}"; do
        case $o in
        */"$rel".o) list+=("$obj") ;;
        *) list+=("$o") ;;
        esac
    done
    local out status=0 named=yes call
    out=$(sh "$check" "$tmp" "${list[@]}") || status=$?
    for call in $calls; do
        grep -q "^$copy uses:.*$call" <<<"$out" || named=no
    done
    if [ $status -eq 0 ] || [ "$(grep -c ' uses:' <<<"$out")" -ne 1 ] || [ $named = no ]; then
        echo "planting $calls in $rel: the check said (status $status):"
        echo "$out"
        failures=$((failures + 1))
    fi
}

n=0
for c in "$src"/src/games/*/*.c; do
    rel=${c#"$src"/}
    plant "$rel" malloc '#include <stdlib.h>
void *pf_planted(void) { return malloc(1); }'
    n=$((n + 1))
done
plant src/games/passfood/passfood_numbers.c "open fopen read stat getenv getrandom" '#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
int pf_planted_open(void) { return open("t", O_RDONLY); }
FILE *pf_planted_fopen(void) { return fopen("t", "r"); }
long pf_planted_read(char *b) { return read(0, b, 1); }
int pf_planted_stat(struct stat *s) { return stat("t", s); }
char *pf_planted_getenv(void) { return getenv("HOME"); }
long pf_planted_getrandom(char *b) { return getrandom(b, 1, 0); }'

[ $failures -eq 0 ] || exit 1
echo "the purity check caught a plant in each of $n game files and file-system, environment and randomness calls"
