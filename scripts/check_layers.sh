#!/bin/sh
# check_layers.sh OBJECT...: no layer uses a layer above it (docs/design.md).
#
# Each object belongs to the layer of its source folder, src/LAYER/...; a
# symbol an object uses (nm -u) and another object defines must be defined
# in the same layer or one below. Ranks, lowest first:
#   core 0, games 1, ai 2, table 3, proto 3, sim 4, tui 4, server 4, cli 5
# The server's files have layers of their own, in the same way (rank 4 and
# a tenth for each; docs/server.md "The server's files"): its helpers and
# storage, the room, the room's modules, the room's commands, the registry
# of rooms, the network. A server file in none of them is refused, so a
# new file is placed on purpose.
# One use is the design itself: the core's registry names the games'
# descriptors (pf_game_<id>), which is how a game plugs in by existing.
set -eu
defs=$(mktemp)
uses=$(mktemp)
trap 'rm -f "$defs" "$uses"' EXIT
nm -A --defined-only -g "$@" >"$defs"
nm -A -u "$@" >"$uses"
awk '
function layer(file,    l, f) {
    if (!match(file, /\/src\/[a-z]+\//))
        return ""
    l = substr(file, RSTART + 5, RLENGTH - 6)
    if (l != "server")
        return l
    f = substr(file, RSTART + RLENGTH)
    sub(/\.c\.o$|\.o$/, "", f)
    if (f ~ /^(store|store_sqlite|store_pg|token|log|metrics|limits|node|commit|think|fair|frame|memory\/.*)$/)
        return "server/helpers"
    if (f ~ /^(room|seats|change|tell|story)$/) return "server/room"
    if (f ~ /^(chat|meter|host|rematch)$/) return "server/modules"
    if (f == "commands") return "server/commands"
    if (f == "rooms") return "server/registry"
    if (f ~ /^(server|ws|http|loop|listener|gate)$/) return "server/network"
    return "unplaced:src/server/" f ".c"
}
function rank(l) {
    if (l == "core") return 0
    if (l == "games") return 1
    if (l == "ai") return 2
    if (l == "table" || l == "proto") return 3
    if (l == "sim" || l == "tui" || l == "server/helpers") return 4
    if (l == "server/room") return 4.1
    if (l == "server/modules") return 4.2
    if (l == "server/commands") return 4.3
    if (l == "server/registry") return 4.4
    if (l == "server/network") return 4.5
    if (l == "cli") return 5
    return 9
}
# "FILE:ADDRESS TYPE SYMBOL" (a definition) or "FILE: U SYMBOL" (a use).
{ file = $1; sub(/:$/, "", file); sub(/:[0-9a-f]*$/, "", file); sym = $NF; l = layer(file) }
l ~ /^unplaced:/ { sub(/^unplaced:/, "", l); print l " is in none of the server'"'"'s layers (scripts/check_layers.sh)"; bad = 1; next }
l == "" { next }
NR == FNR { def[sym] = l; next }
(sym in def) && rank(def[sym]) > rank(l) && !(l == "core" && sym ~ /^pf_game_/) {
    name = file; sub(/^.*\/src\//, "src/", name); sub(/\.c\.o$/, ".c", name); sub(/\.o$/, "", name)
    print name " (" l ") uses " sym " from " def[sym]; bad = 1
}
END {
    if (bad) exit 1
    print "layers: no layer uses one above it"
}' "$defs" "$uses"
