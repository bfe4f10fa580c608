#!/bin/sh
# check_install.sh BUILD_DIR: `cmake --install` into a scratch prefix puts a
# working program, the browser client and the documents where a packager
# expects them.
set -eu
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
"$prefix/bin/partyfood" --version | grep -q '^partyfood [0-9]'
for f in README.md protocol.md design.md games/pizza.md; do
    [ -f "$prefix/share/doc/partyfood/$f" ] || { echo "not installed: share/doc/partyfood/$f"; exit 1; }
done
[ -f "$prefix/share/partyfood/web/index.html" ] || { echo "not installed: share/partyfood/web"; exit 1; }
# The installed server finds the installed browser client by itself: it
# says where its files come from (or that it found none) once it listens,
# waited for (a minute at most: a loaded machine under the sanitizers is
# slow to start it), not a fixed 3 s.
"$prefix/bin/partyfood" serve --listen 127.0.0.1:0 --db "$prefix/db" >"$prefix/serve.out" 2>&1 &
server=$!
tries=0
until grep -q -e "in a browser to play" -e "no browser client found" "$prefix/serve.out" ||
      ! kill -0 "$server" 2>/dev/null || [ "$tries" -ge 600 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
kill "$server" 2>/dev/null || true
wait "$server" || true
grep -q "files from $prefix/bin/../share/partyfood/web" "$prefix/serve.out" ||
    { echo "the installed server does not serve share/partyfood/web:"; cat "$prefix/serve.out"; exit 1; }
echo "installed: bin/partyfood, share/partyfood/web and share/doc/partyfood"
