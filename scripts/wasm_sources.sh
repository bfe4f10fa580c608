#!/bin/sh
# wasm_sources.sh DIR: Debian's sources of cJSON and libmd, unpacked with
# Debian's patches into DIR/cjson and DIR/libmd, for the WebAssembly module
# (wasm/CMakeLists.txt compiles cJSON.c and libmd's sha2.c: Debian ships no
# wasm32 build of either). The versions are those of the installed
# libcjson-dev and libmd0, so the module parses and prints JSON exactly as
# the native program does. apt fetches them through a deb-src list of this
# script's own (the system's deb lines, as deb-src) with its own state
# under DIR/apt, changing nothing in the system's apt setup; apt checks the
# files against the archive's signed Sources index, dpkg-source against
# the .dsc. Does nothing when DIR already holds these versions.
set -eu
mkdir -p "$1"
dir=$(cd "$1" && pwd) # apt reads relative paths from /etc/apt
want() { dpkg-query -W -f='${source:Package}=${source:Version}' "$1"; }
cjson=$(want libcjson-dev)
libmd=$(want libmd0)
stamp="$dir/versions"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$cjson $libmd" ]; then
    exit 0
fi
rm -rf "$dir"
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/apt/sources" "$dir/dl"
: >"$dir/apt/sources.list"
# The system's Debian lines, as deb-src (deb822 .sources files and one-line lists).
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed 's/^Types: *deb$/Types: deb-src/' "$f" >"$dir/apt/sources/$(basename "$f")"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/^deb /deb-src /p' "$f" >>"$dir/apt/sources.list"
done
apt_src() {
    apt-get -q -o Dir::Etc::SourceList="$dir/apt/sources.list" \
        -o Dir::Etc::SourceParts="$dir/apt/sources" -o Dir::State::Lists="$dir/apt/lists" \
        -o Dir::Cache="$dir/apt/cache" -o Debug::NoLocking=1 -o APT::Sandbox::User=root "$@"
}
echo "wasm: fetching Debian's sources of $cjson and $libmd"
apt_src update >/dev/null
(cd "$dir/dl" && apt_src source --download-only "$cjson" "$libmd" >/dev/null)
dpkg-source -q -x "$dir/dl/${cjson%%=*}_${cjson#*=}.dsc" "$dir/cjson"
dpkg-source -q -x "$dir/dl/${libmd%%=*}_${libmd#*=}.dsc" "$dir/libmd"
rm -rf "$dir/apt" "$dir/dl" "$dir"/*.orig.tar.*
echo "$cjson $libmd" >"$stamp"
