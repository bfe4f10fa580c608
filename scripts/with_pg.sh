#!/bin/sh
# with_pg.sh COMMAND...: runs COMMAND with PF_TEST_PG set to the URL of a
# PostgreSQL cluster of its own (scripts/pg_cluster.sh), stopped and removed
# afterwards whatever happens. Exits 77 (skipped, for CTest) when
# PostgreSQL's server programs are not installed.
set -eu
here=$(dirname "$0")
if ! command -v pg_config >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "skipped: PostgreSQL is not installed (apt-get install postgresql libpq-dev)"
    exit 77
fi
dir=$(mktemp -d /tmp/pf-pg-XXXXXX)
trap 'sh "$here/pg_cluster.sh" stop "$dir"' EXIT
PF_TEST_PG=$(sh "$here/pg_cluster.sh" start "$dir")
export PF_TEST_PG
"$@"
