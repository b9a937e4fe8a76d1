#!/usr/bin/env bash
# Runs the Emacs end-to-end checks (e2e.el) in batch Emacs against a tdls
# binary, on a copy of editors/testdata: with eglot (the elpa-eglot package
# on Emacs 28), and with lsp-mode when it is installed (elpa-lsp-mode).
#   editors/emacs/test/run.sh [path/to/tdls]
# EMACS names the Emacs to run (default: emacs on PATH).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
tdls="$(realpath "${1:-$repo/bin/tdls}")"
emacs="${EMACS:-emacs}"
command -v "$emacs" >/dev/null || { echo "$emacs is missing: apt-get install -y emacs-nox elpa-eglot"; exit 1; }
[ -x "$tdls" ] || { echo "no tdls binary at $tdls (make build)"; exit 1; }

clients=(eglot)
if "$emacs" --batch --eval "(require 'lsp-mode)" >/dev/null 2>&1; then clients+=(lsp-mode); fi
version="$("$emacs" --version | head -1)"

. "$repo/editors/e2e.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for client in "${clients[@]}"; do
  run="$work/$client"
  e2e_project "$run/project"
  e2e_trap_project "$run/trap" "$run/trap.log"
  mkdir -p "$run/home"

  echo "== emacs e2e: $version, $client, tdls $tdls"
  status=0
  # Batch Emacs loads the site files (Debian's elpa packages, eglot among
  # them) but no user init file; HOME keeps the user's ~/.emacs.d out.
  HOME="$run/home" XDG_CACHE_HOME="$run/home/.cache" \
  TDLS_BIN="$tdls" TDLS_EL="$repo/editors/emacs" TDLS_FIXTURE="$run/project" TDLS_RESULTS="$run/results" \
  TDLS_E2E_CLIENT="$client" TDLS_TRAP="$run/trap" TDLS_TRAP_LOG="$run/trap.log" \
    timeout 180 "$emacs" --batch -l "$here/e2e.el" </dev/null >"$run/emacs.out" 2>&1 || status=$?

  if ! e2e_tally "$run/results" "$status"; then
    echo "== emacs e2e FAILED: $client (emacs exit $status)"
    echo "-- emacs output (last 60 lines):"; tail -60 "$run/emacs.out" || true
    echo "-- tdls log (last 40 lines):"; tail -40 "$run/project/tdls.log" 2>/dev/null || true
  fi
done

e2e_summary "emacs e2e (${version#GNU }, clients: ${clients[*]})"
