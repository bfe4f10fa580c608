#!/bin/sh
# check_layers.sh OBJECT...: no layer uses a layer above it (docs/design.md).
#
# Each object belongs to the layer of its source folder, src/LAYER/...; a
# symbol an object uses (nm -u) and another object defines must be defined
# in the same layer or one below. Ranks, lowest first:
#   core 0, games 1, ai 2, table 3, proto 3, sim 4, tui 4, server 4, cli 5
# One use is the design itself: the core's registry names the games'
# descriptors (pf_game_<id>), which is how a game plugs in by existing.
set -eu
rank() {
    case $1 in
    core) echo 0 ;; games) echo 1 ;; ai) echo 2 ;; table | proto) echo 3 ;;
    sim | tui | server) echo 4 ;; cli) echo 5 ;; *) echo 9 ;;
    esac
}
layer_of() { echo "$1" | sed -n 's|.*/src/\([a-z]*\)/.*|\1|p'; }
defs=$(mktemp)
uses=$(mktemp)
trap 'rm -f "$defs" "$uses"' EXIT
for o in "$@"; do
    l=$(layer_of "$o")
    [ -n "$l" ] || continue
    r=$(rank "$l")
    name=$(echo "$o" | sed 's|.*/src/|src/|; s|\.o$||')
    nm --defined-only -g "$o" | awk -v l="$l" -v r="$r" 'NF==3 {print $3, l, r}' >>"$defs"
    nm -u "$o" | awk -v l="$l" -v r="$r" -v n="$name" '{print $2, l, r, n}' >>"$uses"
done
# One pass: a use whose definition lies in a higher rank is a violation.
awk 'NR==FNR {def[$1] = $2; rank[$1] = $3; next}
     ($1 in def) && rank[$1] > $3 && !($2 == "core" && $1 ~ /^pf_game_/) {
         print $4 " (" $2 ") uses " $1 " from " def[$1]; bad = 1
     }
     END {
         if (bad) exit 1
         print "layers: no layer uses one above it"
     }' "$defs" "$uses"
