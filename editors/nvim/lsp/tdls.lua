---@brief
---
--- https://github.com/tdls/tdls
---
--- A language server and checker for LLVM TableGen specialised for MLIR: ODS
--- ops, attributes, types, enums, interfaces and passes, and DRR rewrite
--- patterns (diagnostics, hover, navigation, completion, the C++ mlir-tblgen
--- generates).
---
--- `tdls` is one self-contained binary: from a release archive, the release's
--- wheel for your platform (`pip install tdls-VERSION-...whl` puts it on
--- PATH) or Mason. Neovim 0.11 opens `.td` files as `tablegen`.
--- Include directories and compilation databases come from the project's
--- `.tdls.yaml` or `tablegen_compile_commands.yml`, or from settings:
--- ```lua
--- vim.lsp.config('tdls', {
---   settings = { tdls = { includeDirs = { '/usr/lib/llvm-22/include' } } },
--- })
--- ```
--- A repository's own executables (its build tree's `mlir-tblgen`) run only
--- in folders the user trusts: `init_options = { trustedFolders = { ... } }`.
--- The plugin in `editors/nvim` adds live previews (`:TdlsShow`).

---@type vim.lsp.Config
return {
  cmd = { 'tdls', 'serve' },
  filetypes = { 'tablegen' },
  root_markers = { '.tdls.yaml', 'tablegen_compile_commands.yml', '.git' },
}
