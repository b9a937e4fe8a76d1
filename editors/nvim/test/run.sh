#!/usr/bin/env bash
# Runs the Neovim end-to-end checks (e2e.lua) in Debian's headless neovim
# against a tdls binary, on a copy of editors/testdata.
#   editors/nvim/test/run.sh [path/to/tdls]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
tdls="$(realpath "${1:-$repo/bin/tdls}")"
command -v nvim >/dev/null || { echo "nvim is missing: apt-get install -y neovim"; exit 1; }
[ -x "$tdls" ] || { echo "no tdls binary at $tdls (make build)"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" "$work/xdg"
cp "$repo"/editors/testdata/*.td "$work/project/"
mkdir "$work/project/.git" # the project root marker

echo "== neovim e2e: $(nvim --version | head -1), tdls $tdls"
status=0
XDG_CONFIG_HOME="$work/xdg/config" XDG_DATA_HOME="$work/xdg/data" \
XDG_STATE_HOME="$work/xdg/state" XDG_CACHE_HOME="$work/xdg/cache" \
TDLS_BIN="$tdls" TDLS_PLUGIN="$repo/editors/nvim" TDLS_FIXTURE="$work/project" \
TDLS_RESULTS="$work/results" \
  timeout 180 nvim --headless -u NONE -i NONE -n -c "luafile $here/e2e.lua" </dev/null >"$work/nvim.out" 2>&1 || status=$?

if [ -s "$work/results" ]; then
  cat "$work/results"
fi
if [ "$status" -ne 0 ] || ! grep -q ' 0 failed$' "$work/results" 2>/dev/null; then
  echo "== neovim e2e FAILED (nvim exit $status)"
  echo "-- nvim output:"; cat "$work/nvim.out" || true
  echo "-- tdls log (last 40 lines):"; tail -40 "$work/project/tdls.log" 2>/dev/null || true
  exit 1
fi
