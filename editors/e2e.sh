# Shared by the editors' end-to-end runners (editors/*/test/run.sh), which
# source it: each run gets its own copy of the fixture project, and the
# "N passed, M failed" lines of the runs add up to one.

e2e_passed=0
e2e_failed=0

# e2e_project DIR: a project in DIR with the fixture's .td files and the
# C++ that defines what they require (ToyOps.cpp), the layered/ project
# whose include directory nothing configures, and a .git directory as its
# root marker.
e2e_project() {
  mkdir -p "$1"
  cp "$(dirname "${BASH_SOURCE[0]}")"/testdata/*.td "$(dirname "${BASH_SOURCE[0]}")"/testdata/*.cpp "$1/"
  cp -r "$(dirname "${BASH_SOURCE[0]}")"/testdata/layered "$1/"
  mkdir "$1/.git"
}

# e2e_trap_project DIR LOG: the fixture project with a build tree whose
# bin/mlir-tblgen writes each run to LOG (outside DIR) and then runs the
# machine's: a repository's executable, which runs only once the user
# trusts DIR. Its compile database lists the fixture's files.
e2e_trap_project() {
  local dir="$1" log="$2"
  local include="${MLIR_INCLUDE:-/usr/lib/llvm-22/include}"
  local real="${MLIR_TBLGEN:-/usr/lib/llvm-22/bin/mlir-tblgen}"
  e2e_project "$dir"
  mkdir -p "$dir/build/bin"
  printf '#!/bin/sh\necho "$0 $*" >> "%s"\nexec "%s" "$@"\n' "$log" "$real" > "$dir/build/bin/mlir-tblgen"
  chmod +x "$dir/build/bin/mlir-tblgen"
  local f
  for f in "$dir"/*.td; do
    printf -- '--- !FileInfo:\n  filepath: "%s"\n  includes: "%s;%s"\n' "$f" "$include" "$dir"
  done > "$dir/build/tablegen_compile_commands.yml"
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
