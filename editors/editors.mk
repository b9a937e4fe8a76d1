# Editor integrations, included by the Makefile: the VS Code extension
# (editors/vscode, packaged as a .vsix) and the Neovim plugin (editors/nvim),
# each tested in the real editor.

VSCODE := editors/vscode
VSCODE_DEPS := $(VSCODE)/node_modules/.package-lock.json
VSIX := $(VSCODE)/tdls.vsix
# The .vsix bundles bin/tdls, so it is built for this machine's platform.
VSCE_OS := $(patsubst windows,win32,$(shell $(GO) env GOOS))
VSCE_TARGET ?= $(VSCE_OS)-$(patsubst amd64,x64,$(shell $(GO) env GOARCH))

.PHONY: editors-test vsix vscode-test nvim-e2e e2e-vscode neovim chromium

editors-test: vsix vscode-test nvim-e2e

$(VSCODE_DEPS): $(VSCODE)/package-lock.json $(VSCODE)/package.json
	@command -v npm >/dev/null || { echo "npm is missing: install Node.js 20 or later (apt-get install nodejs npm)"; exit 1; }
	cd $(VSCODE) && npm ci --no-audit --no-fund
	touch $@

vsix: build $(VSCODE_DEPS)
	rm -rf $(VSCODE)/bin && mkdir -p $(VSCODE)/bin && cp bin/tdls $(VSCODE)/bin/tdls
	cd $(VSCODE) && npx tsc -p . --noEmit && node build.mjs
	cd $(VSCODE) && npx vsce package --target $(VSCE_TARGET) --skip-license --allow-missing-repository -o tdls.vsix
	@echo "== built $(VSIX) ($(VSCE_TARGET)): code --install-extension $(VSIX)"

# Unit tests of the extension's logic, grammar tests on sample files, and the
# grammar over every MLIR .td file.
vscode-test: $(VSCODE_DEPS)
	cd $(VSCODE) && npm test --silent

# Debian's neovim, headless, with the plugin, against bin/tdls.
nvim-e2e: build neovim
	editors/nvim/test/run.sh bin/tdls

neovim:
	@command -v nvim >/dev/null && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "neovim is missing: sudo apt-get install -y neovim"; exit 1; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y neovim

# The extension in a real VS Code (code-server) in headless Chromium. Heavy:
# not part of `make test`.
e2e-vscode: vsix chromium
	editors/vscode/e2e/run.sh

chromium:
	@command -v chromium >/dev/null && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "chromium is missing: sudo apt-get install -y chromium"; exit 1; fi; \
	$$sudo apt-get update && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y chromium
