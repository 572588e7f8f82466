#!/usr/bin/env bash
# Install Debian trixie's tree-sitter CLI (package `tree-sitter-cli`) into DEST on a Debian
# bookworm machine, and print the path of a wrapper that runs it.
#
#   tools/fetch-tree-sitter-cli.sh [DEST]      (default: build/tree-sitter-cli)
#
# Why this way: bookworm has no tree-sitter-cli package, and the npm package `tree-sitter-cli`
# downloads its binary from a code host at install time, which fails where only the package
# registries are reachable. Trixie's binary needs trixie's glibc, so the script fetches the
# package together with its whole dependency closure (apt resolves it against an empty dpkg
# status) into DEST with a private apt configuration, unpacks the .deb files there with
# `dpkg -x`, and writes DEST/tree-sitter, which runs the CLI through trixie's own dynamic loader.
# The system's apt lists, cache and dpkg state are never touched; a second run reuses DEST.
set -euo pipefail

DEST=$(mkdir -p "${1:-build/tree-sitter-cli}" && cd "${1:-build/tree-sitter-cli}" && pwd)
WRAPPER="$DEST/tree-sitter"
if [ -x "$WRAPPER" ] && "$WRAPPER" --version >/dev/null 2>&1; then
  echo "$WRAPPER"
  exit 0
fi

APT_DIR="$DEST/apt"
ROOT="$DEST/root"
rm -rf "$ROOT"
mkdir -p "$APT_DIR/sources" "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial" \
         "$APT_DIR/debs" "$ROOT"
cat > "$APT_DIR/sources/trixie.sources" <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
: > "$APT_DIR/status"      # empty dpkg status: apt resolves the full closure, libc6 included
cat > "$APT_DIR/apt.conf" <<CONF
Dir::Etc::SourceParts "$APT_DIR/sources";
Dir::Etc::SourceList "/dev/null";
Dir::State::Lists "$APT_DIR/lists";
Dir::Cache "$APT_DIR/cache";
Dir::State::status "$APT_DIR/status";
Debug::NoLocking "1";
APT::Sandbox::User "root";
CONF
export APT_CONFIG="$APT_DIR/apt.conf"

echo "fetching Debian trixie's tree-sitter-cli into $DEST (once)" >&2
apt-get -qq update >&2
PACKAGES=$(apt-get install -s --no-install-recommends tree-sitter-cli | awk '/^Inst/ {print $2}')
(cd "$APT_DIR/debs" && apt-get -qq download $PACKAGES >&2)
for deb in "$APT_DIR"/debs/*.deb; do dpkg -x "$deb" "$ROOT"; done

cat > "$WRAPPER" <<'WRAP'
#!/bin/sh
# Debian trixie's tree-sitter CLI, run through trixie's own loader and libraries
# (written by tools/fetch-tree-sitter-cli.sh).
R="$(dirname "$(readlink -f "$0")")/root"
L="$R/usr/lib/x86_64-linux-gnu"
exec "$L/ld-linux-x86-64.so.2" --library-path "$L" "$R/usr/bin/tree-sitter" "$@"
WRAP
chmod +x "$WRAPPER"
"$WRAPPER" --version >&2
echo "$WRAPPER"
