#!/usr/bin/env bash
# Runs the Neovim end-to-end checks (e2e.lua) in a headless Neovim against a
# tdls binary, on a copy of editors/testdata, once per setup that Neovim
# supports: the plugin (vim.lsp.config/enable on 0.11+, vim.lsp.start_client
# on 0.7), on 0.11+ also the plugin forced onto vim.lsp.start (the 0.8-0.10
# path) and the README's plugin-less vim.lsp.config setup.
#   editors/nvim/test/run.sh [path/to/tdls]
# NVIM names the Neovim to run (default: nvim on PATH).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
tdls="$(realpath "${1:-$repo/bin/tdls}")"
nvim="${NVIM:-nvim}"
command -v "$nvim" >/dev/null || { echo "$nvim is missing: apt-get install -y neovim"; exit 1; }
[ -x "$tdls" ] || { echo "no tdls binary at $tdls (make build)"; exit 1; }

version="$("$nvim" --version | head -1)"
setups=(plugin)
if [ "$("$nvim" --headless -u NONE -i NONE -n --cmd 'echo has("nvim-0.11")' --cmd 'qall!' 2>&1)" = 1 ]; then
  setups+=(plugin-start config)
fi

. "$repo/editors/e2e.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for setup in "${setups[@]}"; do
  run="$work/$setup"
  e2e_project "$run/project"
  e2e_trap_project "$run/trap" "$run/trap.log"

  echo "== neovim e2e: $version, setup $setup, tdls $tdls"
  status=0
  XDG_CONFIG_HOME="$run/xdg/config" XDG_DATA_HOME="$run/xdg/data" \
  XDG_STATE_HOME="$run/xdg/state" XDG_CACHE_HOME="$run/xdg/cache" \
  TDLS_BIN="$tdls" TDLS_PLUGIN="$repo/editors/nvim" TDLS_FIXTURE="$run/project" \
  TDLS_RESULTS="$run/results" TDLS_E2E_SETUP="$setup" \
  TDLS_TRAP="$run/trap" TDLS_TRAP_LOG="$run/trap.log" \
    timeout 180 "$nvim" --headless -u NONE -i NONE -n -c "luafile $here/e2e.lua" </dev/null >"$run/nvim.out" 2>&1 || status=$?

  if ! e2e_tally "$run/results" "$status"; then
    echo "== neovim e2e FAILED: setup $setup (nvim exit $status)"
    echo "-- nvim output:"; cat "$run/nvim.out" || true
    echo "-- tdls log (last 40 lines):"; tail -40 "$run/project/tdls.log" 2>/dev/null || true
  fi
done

e2e_summary "neovim e2e (${version#NVIM }, setups: ${setups[*]})"
