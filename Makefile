# tdls: build, demo, test and bench. `make test` and `make demo` install
# LLVM 22 (the reference tools and MLIR's .td files) when it is missing.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
LLVM_DIR := /usr/lib/llvm-22
LLVM_PACKAGES := llvm-22 mlir-22-tools libmlir-22-dev clang-format-22
MLIR_INCLUDE := $(LLVM_DIR)/include
TOY := examples/toy

.PHONY: build demo test race bench llvm dist dist-test docs registry-tools registry-test

# -buildvcs=auto stamps the revision (tdls version) in a git checkout even
# where GOFLAGS turns VCS stamping off. The binary is static, as the release
# builds it (release/dist.sh), so that `make bench` measures what users run:
# linked against libc it would map libc and the dynamic loader at every
# start (1.5 MB of resident memory and a millisecond per `tdls check`).
build:
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o bin/tdls ./cmd/tdls

# The demo checks the toy dialect: the good files are clean, the broken ones
# show diagnostics, so there exit 1 is expected (anything else fails); then
# it prints the C++ one pattern becomes.
DEMO_PATTERN ?= ScaleScaleOptPattern
demo: llvm build
	@echo "== tdls check: good files (expect no diagnostics)"
	bin/tdls check -I $(MLIR_INCLUDE) -I $(TOY) $(TOY)/ToyDialect.td $(TOY)/ToyOps.td $(TOY)/ToyPatterns.td
	@echo "== tdls check: files with deliberate mistakes (exit 1 expected)"
	bin/tdls check -I $(MLIR_INCLUDE) -I $(TOY) $(TOY)/ToyOpsTypos.td $(TOY)/ToyPatternsBroken.td || [ $$? -eq 1 ]
	@echo "== tdls gen-rewriters --pattern $(DEMO_PATTERN): the C++ mlir-tblgen would generate for it"
	bin/tdls gen-rewriters -I $(MLIR_INCLUDE) -I $(TOY) $(TOY)/ToyPatterns.td --pattern $(DEMO_PATTERN)

# go test's own lines for passing tests are dropped; the scores tests print,
# failures, skips and the per-package summary lines stay (the oracle suites
# run mlir-tblgen and g++ many times: past go test's default 10 minutes on a
# loaded machine, hence the timeout). The release is
# built and checked too (dist-test).
test: llvm registry-tools editors-test dist-test race
	$(GO) vet ./...
	$(GO) mod tidy -diff
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) test -timeout 60m -v ./... 2>&1 | sed -E '/^(=== (RUN|PAUSE|CONT|NAME)|[[:space:]]*--- PASS|PASS$$)/d'

# The equality tests of incremental and full evaluation (resumed at every
# split, replayed after random edits, the server's edit sequences) again
# under the race detector: the server evaluates on goroutines of its own and
# snapshots share evaluations, checkpoints and journals. The stress suite
# runs short here; its long form runs above. Requests cancelled at random
# moments as NVVMOps.td is edited (its short form; -cancel.rounds=N runs
# N rounds over each of MLIR's four largest files) must not panic.
RACE_TESTS := Replay|Resume|EditSequences|EditsBetween|StatementAcross|UnitsShare|BuildFromReuses|IncrementalStress|CancelledRequests
race: llvm
	$(GO) test -race -count=1 -timeout 30m -run '$(RACE_TESTS)' ./tablegen/eval ./analysis ./ods
	$(GO) test -race -count=1 -short -run '$(RACE_TESTS)' ./lsp/stress ./lsp

# docs/diagnostics.md: every diagnostic code, from the code registry (a
# test fails when it is not up to date).
docs:
	$(GO) run ./cmd/tdls codes --format=markdown > docs/diagnostics.md

# The release: archives for six platforms, a .vsix and a Python wheel for
# each, SHA256SUMS.
DIST ?= dist
dist: editors/vscode/node_modules/.package-lock.json
	release/dist.sh $(DIST)

# Checks what `make dist` built: the right binary for each platform in each
# archive, .vsix and wheel, the host one runs (also installed from its wheel
# into a virtual environment, and by the GitHub Action's install step),
# SHA256SUMS verifies.
dist-test: dist registry-tools
	TDLS_DIST=$(abspath $(DIST)) $(GO) test -count=1 -v -run 'TestDist' ./release 2>&1 | sed -E '/^(=== (RUN|PAUSE|CONT|NAME)|PASS$$)/d'

# The files registries and users install tdls from, checked as those
# registries read them (release/registry_test.go): Mason's package.yaml,
# Helix's languages.toml (its server run), the GitHub Action (actionlint,
# pinned in the test, through the Go module proxy; shellcheck). Neovim's
# lsp/tdls.lua runs in nvim-e2e, the wheels in dist-test.
registry-test: registry-tools
	$(GO) test -count=1 -v -run 'TestRegistry' ./release 2>&1 | sed -E '/^(=== (RUN|PAUSE|CONT|NAME)|PASS$$)/d'

# PyYAML and tomllib read the registry files, venv installs the wheel,
# shellcheck checks the action's scripts, pre-commit runs the hooks
# (release/precommit_test.go); without them those tests skip and say so.
REGISTRY_PACKAGES := python3-yaml python3-venv shellcheck pre-commit
registry-tools:
	@python3 -c 'import yaml, tomllib, ensurepip' 2>/dev/null && command -v shellcheck >/dev/null && command -v pre-commit >/dev/null && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "the registry tests skip without $(REGISTRY_PACKAGES) (and Python 3.11+): sudo apt-get install -y $(REGISTRY_PACKAGES)"; exit 0; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y $(REGISTRY_PACKAGES)

bench: llvm build
	$(GO) run ./bench/cmd/tdlsbench -tdls bin/tdls -llvm $(LLVM_DIR)
	$(GO) run ./bench/lsplatency -tdls bin/tdls -include $(MLIR_INCLUDE)
	$(GO) run ./bench/lspmemory -tdls bin/tdls -include $(MLIR_INCLUDE)
	$(GO) run ./bench/fmtlatency -tdls bin/tdls -include $(MLIR_INCLUDE) -clang-format $(LLVM_DIR)/bin/clang-format
	$(GO) run ./bench/tdindex -folder $(MLIR_INCLUDE)/mlir -include $(MLIR_INCLUDE) -llvm-tblgen $(LLVM_DIR)/bin/llvm-tblgen
	$(GO) run ./bench/impl -tdls bin/tdls -include $(MLIR_INCLUDE) -mlir-tblgen $(LLVM_DIR)/bin/mlir-tblgen
	$(GO) test -run '^$$' -bench . -benchtime 20x ./...

# g++ compiles mlir-tblgen's C++ in the DRR compile oracle.
llvm:
	@if [ -x $(LLVM_DIR)/bin/mlir-tblgen ] && [ -x $(LLVM_DIR)/bin/clang-format ] && [ -f $(MLIR_INCLUDE)/mlir/IR/OpBase.td ] && command -v g++ >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "LLVM 22 or g++ is missing and installing them needs root: run"; \
	     echo "  sudo apt-get update && sudo apt-get install -y $(LLVM_PACKAGES) g++"; \
	     echo "(tests that need LLVM or g++ skip without them: go test ./...)"; exit 1; fi; \
	echo "== installing $(LLVM_PACKAGES) g++"; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y $(LLVM_PACKAGES) g++ \
	  || { echo "could not install $(LLVM_PACKAGES) g++ with apt-get; install LLVM 22 under $(LLVM_DIR) and g++ by hand"; exit 1; }

include editors/editors.mk
