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
# FILE:SYMBOL:SAID: src/FILE.c calls SYMBOL, and the check must say SAID.
for plant in "core/plant:pf_bots_next:src/core/plant.c (core) uses pf_bots_next" \
    "tui/plant:cmd_play:src/tui/plant.c (tui) uses cmd_play" \
    "games/plant:pf_session_handle:src/games/plant.c (games) uses pf_session_handle" \
    "server/token:pf_room_act:src/server/token.c (server/helpers) uses pf_room_act" \
    "server/tell:pf_rooms_hello:src/server/tell.c (server/room) uses pf_rooms_hello" \
    "server/chat:pf_room_request:src/server/chat.c (server/modules) uses pf_room_request" \
    "server/commands:pf_ws_open:src/server/commands.c (server/commands) uses pf_ws_open" \
    "server/rooms:pf_http_route:src/server/rooms.c (server/registry) uses pf_http_route" \
    "server/unplaced:pf_token_new:src/server/unplaced.c is in none of the server's layers"; do
    file=${plant%%:*}
    rest=${plant#*:}
    sym=${rest%%:*}
    said=${rest#*:}
    mkdir -p "$(dirname "$tmp/src/$file")"
    printf 'void %s(void);\nvoid plant_%s(void) { %s(); }\n' "$sym" "$sym" "$sym" >"$tmp/src/$file.c"
    "$cc" -c "$tmp/src/$file.c" -o "$tmp/src/$file.c.o"
    if out=$(sh "$here/check_layers.sh" "$@" "$tmp/src/$file.c.o"); then
        echo "check_layers.sh missed src/$file.c calling $sym"
        exit 1
    fi
    echo "$out" | grep -qF "$said" || {
        echo "check_layers.sh did not say '$said': $out"
        exit 1
    }
    rm -rf "${tmp:?}/src"
done
echo "layers check: catches planted upward uses"
