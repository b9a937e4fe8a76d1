# Shared by the editors' end-to-end runners (editors/*/test/run.sh), which
# source it: each run gets its own copy of the fixture project, and the
# "N passed, M failed" lines of the runs add up to one.

e2e_passed=0
e2e_failed=0

# e2e_project DIR: a project in DIR with the fixture's .td files, the
# layered/ project whose include directory nothing configures, and a .git
# directory as its root marker.
e2e_project() {
  mkdir -p "$1"
  cp "$(dirname "${BASH_SOURCE[0]}")"/testdata/*.td "$1/"
  cp -r "$(dirname "${BASH_SOURCE[0]}")"/testdata/layered "$1/"
  mkdir "$1/.git"
}

# e2e_tally RESULTS STATUS: prints the check lines of one run, adds its
# summary (the last line of RESULTS) to the totals, and fails when the run
# failed a check, printed no summary, or its editor exited with STATUS > 0.
e2e_tally() {
  local results="$1" status="$2" summary
  [ -s "$results" ] && sed '$d' "$results"
  summary="$(tail -1 "$results" 2>/dev/null || true)"
  if [[ "$summary" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    e2e_passed=$((e2e_passed + BASH_REMATCH[1]))
    e2e_failed=$((e2e_failed + BASH_REMATCH[2]))
    [ "${BASH_REMATCH[2]}" = 0 ] && [ "$status" -eq 0 ] && return 0
    [ "${BASH_REMATCH[2]}" = 0 ] && e2e_failed=$((e2e_failed + 1))
    return 1
  fi
  e2e_failed=$((e2e_failed + 1))
  return 1
}

# e2e_summary LABEL: the totals, as the closing line test runners print;
# fails if anything failed.
e2e_summary() {
  echo "$1:"
  echo "$e2e_passed passed, $e2e_failed failed"
  [ "$e2e_failed" -eq 0 ]
}
