#!/bin/sh
# check_rules_pure.sh LIBRARY SOURCE_DIR: the games' objects in LIBRARY must
# not call the allocator, print, or read a clock (ARCHITECTURE idea 1;
# STYLE habit 4). Views build JSON through cJSON, which is allowed.
set -eu
lib=$1
src=$2
bad='^(malloc|calloc|realloc|free|printf|fprintf|puts|fputs|putchar|fwrite|clock_gettime|time|gettimeofday|clock|rand|srand|random)$'
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
ar x "$lib"
for c in "$src"/src/games/*/*.c; do
    obj=$(basename "$c").o
    [ -f "$obj" ] || { echo "missing object $obj in $lib"; status=1; continue; }
    used=$(nm -u "$obj" | awk '{print $2}' | sed 's/@.*//' | grep -E "$bad" || true)
    if [ -n "$used" ]; then
        echo "$c uses:" $used
        status=1
    fi
done
[ $status -eq 0 ] && echo "rules objects: no allocation, printing or clock"
exit $status
