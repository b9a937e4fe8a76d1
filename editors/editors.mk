# Editor integrations, included by the Makefile: the VS Code extension
# (editors/vscode, packaged as a .vsix), the Neovim plugin (editors/nvim) and
# the Emacs package (editors/emacs), each tested in the real editor.

VSCODE := editors/vscode
VSCODE_DEPS := $(VSCODE)/node_modules/.package-lock.json
VSIX := $(VSCODE)/tdls.vsix
# The .vsix bundles bin/tdls, so it is built for this machine's platform.
VSCE_OS := $(patsubst windows,win32,$(shell $(GO) env GOOS))
VSCE_TARGET ?= $(VSCE_OS)-$(patsubst amd64,x64,$(shell $(GO) env GOARCH))

.PHONY: screenshots editors-test vsix vscode-test nvim-e2e e2e-vscode vscode-screenshots neovim neovim-0.11 emacs-e2e emacs chromium

editors-test: vsix vscode-test nvim-e2e emacs-e2e

$(VSCODE_DEPS): $(VSCODE)/package-lock.json $(VSCODE)/package.json
	@command -v npm >/dev/null || { echo "npm is missing: install Node.js 20 or later (apt-get install nodejs npm)"; exit 1; }
	cd $(VSCODE) && npm ci --no-audit --no-fund
	touch $@

vsix: build $(VSCODE_DEPS)
	rm -rf $(VSCODE)/bin && mkdir -p $(VSCODE)/bin && cp bin/tdls $(VSCODE)/bin/tdls
	cd $(VSCODE) && npx tsc -p . --noEmit && node build.mjs
	cd $(VSCODE) && npm run --silent package -- --target $(VSCE_TARGET) -o tdls.vsix
	@echo "== built $(VSIX) ($(VSCE_TARGET)): code --install-extension $(VSIX)"

# Unit tests of the extension's logic, grammar tests on sample files, and the
# grammar over every MLIR .td file.
vscode-test: $(VSCODE_DEPS)
	cd $(VSCODE) && npm test --silent

# Headless Neovim with the plugin, against bin/tdls: Debian's (0.7.2 on
# bookworm) and 0.11.6, built once from ../shared/neovim into the cache.
NVIM_0_11 := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/tdls/nvim-0.11.6
NEOVIM_SRC := $(CURDIR)/../shared/neovim
nvim-e2e: build neovim neovim-0.11
	editors/nvim/test/run.sh bin/tdls
	NVIM=$(NVIM_0_11)/bin/nvim editors/nvim/test/run.sh bin/tdls

neovim:
	@command -v nvim >/dev/null && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "neovim is missing: sudo apt-get install -y neovim"; exit 1; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y neovim

# build-nvim.sh installs its Debian build dependencies with apt-get (root);
# the lock keeps two checkouts on one machine from building at once, and
# .built marks a finished build.
neovim-0.11:
	@if [ -f $(NVIM_0_11)/.built ] && $(NVIM_0_11)/bin/nvim --version >/dev/null 2>&1; then exit 0; fi; \
	[ -x $(NEOVIM_SRC)/build-nvim.sh ] || { echo "no $(NEOVIM_SRC)/build-nvim.sh: the shared directory must be beside the repository"; exit 1; }; \
	if [ "$$(id -u)" != 0 ]; then echo "building Neovim 0.11.6 installs Debian packages: run as root, or: sudo make neovim-0.11"; exit 1; fi; \
	mkdir -p $(dir $(NVIM_0_11)); \
	flock $(NVIM_0_11).lock bash -c '\
	  [ -f $(NVIM_0_11)/.built ] && exit 0; \
	  rm -rf $(NVIM_0_11); echo "== building Neovim 0.11.6 into $(NVIM_0_11)"; \
	  start=$$(date +%s); \
	  $(NEOVIM_SRC)/build-nvim.sh $(NEOVIM_SRC)/src $(NVIM_0_11) >$(NVIM_0_11).log 2>&1 \
	    || { tail -40 $(NVIM_0_11).log; exit 1; }; \
	  touch $(NVIM_0_11)/.built; \
	  echo "== Neovim 0.11.6 built in $$(( $$(date +%s) - start )) s: $$(tail -1 $(NVIM_0_11).log)"'

# Debian's Emacs 28 in batch mode with eglot (elpa-eglot) and with lsp-mode
# (elpa-lsp-mode), against bin/tdls.
EMACS_PACKAGES := emacs-nox elpa-eglot elpa-lsp-mode
emacs-e2e: build emacs
	editors/emacs/test/run.sh bin/tdls

emacs:
	@command -v emacs >/dev/null && emacs --batch --eval "(progn (package-activate-all) (require 'eglot) (require 'lsp-mode))" >/dev/null 2>&1 && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "emacs, eglot or lsp-mode is missing: sudo apt-get install -y $(EMACS_PACKAGES)"; exit 1; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y $(EMACS_PACKAGES)

# The extension in a real VS Code (code-server) in headless Chromium. Heavy:
# not part of `make test`.
e2e-vscode: vsix chromium
	editors/vscode/e2e/run.sh

# The extension README's screenshots, and the README's (docs/images), are
# those of the e2e run (which fails when one the README shows is missing).
VSCODE_SCREENSHOTS := problems.png rewriter-refreshed.png code-action-preview.png decls-refreshed.png
vscode-screenshots: e2e-vscode
	cp $(addprefix bin/e2e-vscode/,$(VSCODE_SCREENSHOTS)) $(VSCODE)/images/

screenshots: vscode-screenshots
	mkdir -p docs/images
	for img in $$(grep -o 'docs/images/[a-z0-9-]*\.png' README.md | sort -u); do cp bin/e2e-vscode/$$(basename $$img) $$img; done

chromium:
	@command -v chromium >/dev/null && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "chromium is missing: sudo apt-get install -y chromium"; exit 1; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y chromium
