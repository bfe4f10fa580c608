#!/bin/sh
# check_layers_test.sh CC OBJECT...: check_layers.sh passes on the library's
# objects, and fails, naming the use, when a planted object calls a layer
# above its own: a core object into the ai layer, a tui object into the
# command line's, a game into the protocol; and among the server's files a
# helper into the room, the room into the registry, a module of the room
# into the room's commands, the commands into the network. A server file
# placed in none of its layers fails too.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cc=$1
shift
sh "$here/check_layers.sh" "$@"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plant() { # FILE SYMBOL: src/FILE.c, an object that calls SYMBOL
    mkdir -p "$(dirname "$tmp/src/$1")"
    printf 'void %s(void);\nvoid plant_%s(void) { %s(); }\n' "$2" "$2" "$2" >"$tmp/src/$1.c"
    "$cc" -c "$tmp/src/$1.c" -o "$tmp/src/$1.c.o"
}
for use in core/plant:core:pf_bots_next tui/plant:tui:cmd_play games/plant:games:pf_session_handle \
    server/token:server/helpers:pf_room_act server/tell:server/room:pf_rooms_hello \
    server/chat:server/modules:pf_room_request server/commands:server/commands:pf_ws_open \
    server/rooms:server/registry:pf_http_route; do
    file=${use%%:*}
    rest=${use#*:}
    layer=${rest%%:*}
    sym=${rest#*:}
    plant "$file" "$sym"
    if out=$(sh "$here/check_layers.sh" "$@" "$tmp/src/$file.c.o"); then
        echo "check_layers.sh missed src/$file.c ($layer) calling $sym"
        exit 1
    fi
    echo "$out" | grep -q "src/$file.c ($layer) uses $sym" || {
        echo "check_layers.sh did not name the planted use: $out"
        exit 1
    }
    rm -rf "${tmp:?}/src"
done
plant server/unplaced pf_token_new
if out=$(sh "$here/check_layers.sh" "$@" "$tmp/src/server/unplaced.c.o"); then
    echo "check_layers.sh let a server file in none of its layers pass"
    exit 1
fi
echo "$out" | grep -q "src/server/unplaced.c is in none of the server's layers" || {
    echo "check_layers.sh did not name the unplaced file: $out"
    exit 1
}
echo "layers check: catches planted upward uses"
