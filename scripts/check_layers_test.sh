#!/bin/sh
# check_layers_test.sh CC OBJECT...: check_layers.sh passes on the library's
# objects, and fails, naming the use, when a planted core object calls into
# the ai layer or a planted tui object into the command line's layer.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cc=$1
shift
sh "$here/check_layers.sh" "$@"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plant() { # LAYER SYMBOL: an object of LAYER that calls SYMBOL
    mkdir -p "$tmp/src/$1"
    printf 'void %s(void);\nvoid plant_%s(void) { %s(); }\n' "$2" "$1" "$2" >"$tmp/src/$1/plant.c"
    "$cc" -c "$tmp/src/$1/plant.c" -o "$tmp/src/$1/plant.c.o"
}
for use in core:pf_bots_next tui:cmd_play games:pf_session_handle; do
    layer=${use%%:*}
    sym=${use#*:}
    plant "$layer" "$sym"
    if out=$(sh "$here/check_layers.sh" "$@" "$tmp/src/$layer/plant.c.o"); then
        echo "check_layers.sh missed a $layer object calling $sym"
        exit 1
    fi
    echo "$out" | grep -q "src/$layer/plant.c ($layer) uses $sym" || {
        echo "check_layers.sh did not name the planted use: $out"
        exit 1
    }
    rm -rf "${tmp:?}/src"
done
echo "layers check: catches planted upward uses"
