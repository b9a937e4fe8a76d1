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
mkdir -p "$artifacts"
# No extension gallery: nothing leaves this machine.
export EXTENSIONS_GALLERY='{"serviceUrl": "http://127.0.0.1:9/gallery", "itemUrl": "http://127.0.0.1:9/item"}'

# drive NAME PROJECT SCRIPT TRUST [ENV=VALUE...]: code-server with its own
# user data and the extension installed, on PROJECT, driven by SCRIPT;
# TRUST is "off" (Workspace Trust disabled, as most users run) or
# "restricted" (enabled, the folder not trusted yet, no prompt).
drive() {
  local name="$1" project="$2" script="$3" trust="$4"
  shift 4
  local dir="$work/$name"
  mkdir -p "$dir/user/User" "$dir/extensions"
  printf 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n' >"$dir/config.yaml"
  local trust_settings='"security.workspace.trust.enabled": false,' trust_flag=--disable-workspace-trust
  if [ "$trust" = restricted ]; then
    trust_settings='"security.workspace.trust.enabled": true, "security.workspace.trust.startupPrompt": "never", "security.workspace.trust.banner": "never",'
    trust_flag=
  fi
  cat >"$dir/user/User/settings.json" <<JSON
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  $trust_settings
  "tdls.trace.server": "messages"
}
JSON
  local cs=("$here/node_modules/.bin/code-server" --config "$dir/config.yaml" --user-data-dir "$dir/user" --extensions-dir "$dir/extensions")
  "${cs[@]}" --install-extension "$vsix" >"$dir/install.log" 2>&1 || { cat "$dir/install.log"; return 1; }
  local port
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  # shellcheck disable=SC2086
  "${cs[@]}" --bind-addr "127.0.0.1:$port" --disable-telemetry --disable-update-check \
    $trust_flag --disable-getting-started-override "$project" >"$dir/code-server.log" 2>&1 &
  server_pid=$!
  local status=0
  env "$@" E2E_URL="http://127.0.0.1:$port/?folder=$project" E2E_ARTIFACTS="$artifacts" \
    E2E_PROFILE="$dir/chromium" timeout 300 node "$here/$script" || status=$?
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  mkdir -p "$artifacts/logs-$name"
  cp -r "$dir/user/logs/." "$artifacts/logs-$name" 2>/dev/null || true
  if [ "$status" -ne 0 ]; then
    echo "-- code-server log (last 30 lines):"; tail -30 "$dir/code-server.log"
    for f in "$dir"/user/logs/*/exthost*/output_logging_*/*tdls*.log; do
      [ -f "$f" ] && { echo "-- $f"; tail -30 "$f"; }
    done
  fi
  return "$status"
}

# The fixture, with MLIR's .td files in the workspace (the index's
# progress shows in the status item).
project="$work/project"
mkdir -p "$project"
cp "$repo"/editors/testdata/*.td "$repo"/editors/testdata/*.cpp "$project/"
cp -r "$repo"/editors/testdata/layered "$project/"
cp -r "${MLIR_INCLUDE:-/usr/lib/llvm-22/include}/mlir" "$project/mlir-include"
mkdir "$project/.git"
# Fmt.td, committed badly spaced: the formatting checks edit it and save
# with the modified lines formatted on save.
printf 'class  B;\ndef A :B;\ndef C : B  ;\n  def G : B;\n' >"$project/Fmt.td"
git -C "$project" init -q && git -C "$project" add Fmt.td &&
  git -C "$project" -c user.name=e2e -c user.email=e2e@localhost commit -qm fixture
mkdir -p "$project/.vscode"
cat >"$project/.vscode/settings.json" <<'JSON'
{ "[tablegen]": { "editor.formatOnSave": true, "editor.formatOnSaveMode": "modificationsIfAvailable" } }
JSON

# The trapped fixture: its build tree's mlir-tblgen and the tdls and
# mlir-tblgen its .vscode/settings.json names write each run to trap.log.
. "$repo/editors/e2e.sh"
trapped="$work/trapped"
traplog="$work/trap.log"
e2e_trap_project "$trapped" "$traplog"
mkdir -p "$trapped/bin" "$trapped/tools" "$trapped/.vscode"
printf '#!/bin/sh\necho "$0 $*" >> "%s"\nexec "%s" "$@"\n' "$traplog" "$repo/bin/tdls" >"$trapped/bin/tdls"
printf '#!/bin/sh\necho "$0 $*" >> "%s"\nexec "%s" "$@"\n' "$traplog" "${MLIR_TBLGEN:-/usr/lib/llvm-22/bin/mlir-tblgen}" >"$trapped/tools/mlir-tblgen"
chmod +x "$trapped/bin/tdls" "$trapped/tools/mlir-tblgen"
cat >"$trapped/.vscode/settings.json" <<'JSON'
{
  "tdls.serverPath": "${workspaceFolder}/bin/tdls",
  "tdls.mlirTblgen": "${workspaceFolder}/tools/mlir-tblgen"
}
JSON

status=0
echo "== VS Code e2e: the fixture"
drive main "$project" e2e.mjs off || status=1
echo "== VS Code e2e: Workspace Trust on a trapped project"
drive trust "$trapped" trust.mjs restricted E2E_TRAP_LOG="$traplog" || status=1
# The README's screenshots (docs/images/) are this run's: each must have
# been taken (make screenshots copies them).
for img in $(grep -o 'docs/images/[a-z0-9-]*\.png' "$repo/README.md" | sort -u); do
  if [ ! -s "$artifacts/$(basename "$img")" ]; then
    echo "FAIL the README's screenshot $img was not taken by this run"
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "== VS Code e2e FAILED; screenshots in $artifacts"
  exit 1
fi
echo "== VS Code e2e passed; screenshots in $artifacts"
