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
# The installed server finds the installed browser client by itself.
timeout 3 "$prefix/bin/partyfood" serve --listen 127.0.0.1:0 --db "$prefix/db" 2>&1 |
    grep -q "files from $prefix/bin/../share/partyfood/web" ||
    { echo "the installed server does not serve share/partyfood/web"; exit 1; }
echo "installed: bin/partyfood, share/partyfood/web and share/doc/partyfood"
