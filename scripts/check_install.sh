#!/bin/sh
# check_install.sh BUILD_DIR: `cmake --install` into a scratch prefix puts a
# working program and the documents where a packager expects them.
set -eu
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
"$prefix/bin/partyfood" --version | grep -q '^partyfood [0-9]'
for f in README.md protocol.md design.md games/pizza.md; do
    [ -f "$prefix/share/doc/partyfood/$f" ] || { echo "not installed: share/doc/partyfood/$f"; exit 1; }
done
echo "installed: bin/partyfood and share/doc/partyfood"
