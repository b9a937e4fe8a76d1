#!/usr/bin/env bash
# The tdls extension in a real VS Code: code-server (from npm) serves the
# workbench on 127.0.0.1, headless Chromium (Debian's) shows it, and
# playwright-core drives it (e2e.mjs). Needs editors/vscode/tdls.vsix (make
# vsix). Screenshots and VS Code's logs (with the protocol trace) go to
# bin/e2e-vscode/.
#   editors/vscode/e2e/run.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
vsix="$repo/editors/vscode/tdls.vsix"
artifacts="$repo/bin/e2e-vscode"
[ -f "$vsix" ] || { echo "no $vsix: run make vsix"; exit 1; }

# What code-server's native modules and Chromium need from Debian.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/rg ] || need+=(ripgrep)
[ -f /usr/include/gssapi/gssapi.h ] || need+=(libkrb5-dev)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo;
  else echo "missing Debian packages: sudo apt-get install -y ${need[*]}"; exit 1; fi
  $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${need[@]}"
fi

# code-server's postinstall builds native modules and fetches ripgrep from a
# release page; the network here has only the registries, so ripgrep comes
# from Debian through the download cache @vscode/ripgrep looks at first.
if [ ! -x "$here/node_modules/.bin/code-server" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
  npm_tmp="$(mktemp -d)"
  for v in 1.15.11 1.15.14 1.17.0 1.18.0; do
    mkdir -p "$npm_tmp/vscode-ripgrep-cache-$v"
    for t in v13.0.0-10 v13.0.0-13 v15.0.0; do
      tar czf "$npm_tmp/vscode-ripgrep-cache-$v/ripgrep-$t-$(uname -m)-unknown-linux-musl.tar.gz" -C /usr/bin rg
    done
  done
  (cd "$here" && TMPDIR="$npm_tmp" npm_config_yes=true npm_config_unsafe_perm=true npm ci --no-audit --no-fund)
  rm -rf "$npm_tmp"
fi

work="$(mktemp -d)"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
rm -rf "$artifacts"
mkdir -p "$work/project" "$work/user" "$work/extensions" "$artifacts"
cp "$repo"/editors/testdata/*.td "$work/project/"
cp -r "${MLIR_INCLUDE:-/usr/lib/llvm-22/include}/mlir" "$work/project/mlir-include"
mkdir "$work/project/.git"
# Fmt.td, committed badly spaced: the formatting checks edit and save it.
printf 'class  B;\ndef A :B;\ndef C : B  ;\n  def G : B;\n' >"$work/project/Fmt.td"
git -C "$work/project" init -q && git -C "$work/project" add Fmt.td &&
  git -C "$work/project" -c user.name=e2e -c user.email=e2e@localhost commit -qm fixture
printf 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n' >"$work/config.yaml"
mkdir -p "$work/user/User"
cat >"$work/user/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "security.workspace.trust.enabled": false,
  "tdls.trace.server": "messages",
  "[tablegen]": { "editor.formatOnSave": true, "editor.formatOnSaveMode": "modificationsIfAvailable" }
}
JSON
# No extension gallery: nothing leaves this machine.
export EXTENSIONS_GALLERY='{"serviceUrl": "http://127.0.0.1:9/gallery", "itemUrl": "http://127.0.0.1:9/item"}'

cs=("$here/node_modules/.bin/code-server" --config "$work/config.yaml" --user-data-dir "$work/user" --extensions-dir "$work/extensions")
"${cs[@]}" --install-extension "$vsix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"${cs[@]}" --bind-addr "127.0.0.1:$port" --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override "$work/project" >"$work/code-server.log" 2>&1 &
server_pid=$!

status=0
E2E_URL="http://127.0.0.1:$port/?folder=$work/project" E2E_ARTIFACTS="$artifacts" \
  E2E_PROFILE="$work/chromium" timeout 300 node "$here/e2e.mjs" || status=$?
cp -r "$work/user/logs" "$artifacts/logs" 2>/dev/null || true
if [ "$status" -ne 0 ]; then
  echo "-- code-server log (last 30 lines):"; tail -30 "$work/code-server.log"
  for f in "$work"/user/logs/*/exthost*/output_logging_*/*tdls*.log; do
    [ -f "$f" ] && { echo "-- $f"; tail -30 "$f"; }
  done
  echo "== VS Code e2e FAILED; screenshots in $artifacts"
  exit 1
fi
echo "== VS Code e2e passed; screenshots in $artifacts"
