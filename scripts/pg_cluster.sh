#!/bin/sh
# pg_cluster.sh start DIR | stop DIR: a throw-away PostgreSQL cluster for
# the tests (issue 18), in DIR, listening only on a Unix socket in DIR.
#
# `start` creates DIR, runs initdb and pg_ctl as an unprivileged user (the
# caller, or `nobody` when the caller is root: PostgreSQL refuses to run as
# root), creates the database `partyfood`, and prints its connection URL on
# stdout. `stop` stops the cluster and removes DIR.
set -eu

usage() {
    echo "usage: pg_cluster.sh start DIR | stop DIR" >&2
    exit 2
}
[ $# -eq 2 ] || usage
dir=$2
bindir=$(pg_config --bindir 2>/dev/null || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "pg_cluster: PostgreSQL's initdb was not found (apt-get install postgresql)" >&2
    exit 1
fi

# Runs a command as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

case $1 in
start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown nobody "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -A trust -U partyfood --no-sync -E UTF8 \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    # No TCP at all; the socket lives in DIR. fsync stays on: the durability
    # tests rely on a commit really being on disk.
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=50" \
        start >/dev/null || {
        cat "$dir/server.log" >&2
        exit 1
    }
    as_owner "$bindir/createdb" -h "$dir" -U partyfood partyfood
    echo "postgresql://partyfood@/partyfood?host=$dir"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    usage
    ;;
esac
