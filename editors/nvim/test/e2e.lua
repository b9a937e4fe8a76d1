-- End-to-end checks of tdls in a real, headless Neovim. run.sh starts it as
--   nvim --headless -u NONE -i NONE -c 'luafile e2e.lua'
-- with TDLS_BIN, TDLS_PLUGIN, TDLS_FIXTURE (a copy of editors/testdata),
-- TDLS_RESULTS (where the check lines go) and TDLS_E2E_SETUP in the
-- environment. The setup is one a user would write:
--   plugin        require('tdls').setup({...}): on 0.11+ through
--                 vim.lsp.config/enable, on 0.7 through vim.lsp.start_client
--   plugin-start  the same with lsp_api = 'start', the path Neovim 0.8-0.10
--                 take (run on 0.11 to keep it honest)
--   config        no plugin: vim.lsp.config('tdls', ...) + vim.lsp.enable
--                 as the README shows (0.11+)
--   lsp-file      no plugin: only editors/nvim on the runtimepath, where
--                 Neovim finds lsp/tdls.lua (the nvim-lspconfig-style
--                 config) itself; the user sets cmd and enables it (0.11+)
-- Each check prints PASS or FAIL with what it saw; Neovim exits 1 if any
-- failed.

local env = function(name)
  local v = os.getenv(name)
  assert(v and v ~= '', name .. ' is not set')
  return v
end

local setup = os.getenv('TDLS_E2E_SETUP') or 'plugin'
local fixture = env('TDLS_FIXTURE')
local results = assert(io.open(env('TDLS_RESULTS'), 'w'))
local failed, checks = 0, 0
local timeout = tonumber(os.getenv('TDLS_E2E_TIMEOUT_MS') or '') or 20000
local with_plugin = setup ~= 'config' and setup ~= 'lsp-file'

local function report(ok, name, detail)
  local line = string.format('%s [%s] %s%s', ok and 'PASS' or 'FAIL', setup, name, detail and detail ~= '' and (': ' .. detail) or '')
  results:write(line .. '\n')
  results:flush()
  if not ok then
    failed = failed + 1
  end
end

local function finish()
  results:write(string.format('%d passed, %d failed\n', checks - failed, failed))
  results:close()
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

-- Uses of deprecated Neovim API (reported through vim.deprecate) and
-- warnings or errors shown to the user: the plugin and the setups must
-- cause none on the Neovim they run on.
local complaints = {}
local function where()
  return debug.traceback('', 3):match('\n%s*([^\n]*editors/nvim/[^\n]*)') or 'Neovim'
end
if vim.deprecate then
  local deprecate = vim.deprecate
  vim.deprecate = function(name, alternative, ...)
    table.insert(complaints, string.format('deprecated %s (use %s) at %s', name, tostring(alternative), where()))
    return deprecate(name, alternative, ...)
  end
end
for _, fn in ipairs({ 'notify', 'notify_once' }) do
  local orig = vim[fn]
  vim[fn] = function(msg, level, ...)
    if level and level >= vim.log.levels.WARN then
      table.insert(complaints, string.format('%s at %s', tostring(msg), where()))
    end
    return orig(msg, level, ...)
  end
end

local cmd = { env('TDLS_BIN'), 'serve', '--log-file', fixture .. '/tdls.log', '--log-level', 'debug' }
vim.cmd('filetype plugin on')
vim.cmd('syntax on')
if setup == 'config' then
  -- Exactly the README's setup for Neovim 0.11+ without the plugin.
  assert(vim.lsp.config and vim.lsp.enable, 'vim.lsp.config needs Neovim 0.11')
  vim.filetype.add({ extension = { td = 'tablegen' } })
  vim.lsp.config('tdls', {
    cmd = cmd,
    filetypes = { 'tablegen' },
    root_markers = { 'tablegen_compile_commands.yml', '.git' },
    settings = { tdls = { includeDirs = {}, compilationDatabases = {} } },
  })
  vim.lsp.enable('tdls')
elseif setup == 'lsp-file' then
  -- What a user of lsp/tdls.lua writes: Neovim reads the file from the
  -- runtimepath and .td is tablegen without help; only the binary's path
  -- is the test's.
  assert(vim.lsp.config and vim.lsp.enable, 'lsp/ configs need Neovim 0.11')
  vim.opt.runtimepath:prepend(env('TDLS_PLUGIN'))
  vim.lsp.config('tdls', { cmd = cmd })
  vim.lsp.enable('tdls')
else
  vim.opt.runtimepath:prepend(env('TDLS_PLUGIN'))
  require('tdls').setup({ cmd = cmd, lsp_api = setup == 'plugin-start' and 'start' or 'auto' })
end

local function clients(bufnr)
  if with_plugin then
    return require('tdls').clients(bufnr)
  end
  return vim.lsp.get_clients({ name = 'tdls', bufnr = bufnr })
end

local patterns = fixture .. '/ToyPatterns.td'
local ops = fixture .. '/ToyOps.td'

-- check runs fn, which returns ok, detail. when=false leaves it out (not
-- counted) for setups it does not apply to.
local function check(name, fn, when)
  if when == false then
    return
  end
  checks = checks + 1
  local ok, res, detail = pcall(fn)
  if not ok then
    report(false, name, 'error: ' .. tostring(res))
  else
    report(res, name, detail)
  end
end

local function wait(cond)
  return vim.wait(timeout, cond, 50)
end

-- Cursor on the first occurrence of `needle` on 1-based line `lnum`.
local function cursor_on(lnum, needle)
  local line = vim.api.nvim_buf_get_lines(0, lnum - 1, lnum, false)[1]
  local col = assert(line:find(needle, 1, true), needle .. ' not on line ' .. lnum)
  vim.api.nvim_win_set_cursor(0, { lnum, col - 1 })
end

local function buffer_text(b)
  return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
end

-- The floating windows open now.
local function floats()
  local out = {}
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(w).relative ~= '' then
      table.insert(out, w)
    end
  end
  return out
end

local function close_floats()
  for _, w in ipairs(floats()) do
    pcall(vim.api.nvim_win_close, w, true)
  end
end

vim.cmd('edit ' .. vim.fn.fnameescape(patterns))
local src = vim.api.nvim_get_current_buf()

check('filetype', function()
  return vim.bo.filetype == 'tablegen', 'filetype=' .. vim.bo.filetype
end)

check('lsp/tdls.lua is found on the runtimepath and merged under the user\'s cmd', function()
  local files = vim.api.nvim_get_runtime_file('lsp/tdls.lua', true)
  local want = env('TDLS_PLUGIN') .. '/lsp/tdls.lua'
  local file = dofile(want)
  local c = vim.lsp.config.tdls
  local ok = #files == 1 and vim.fn.resolve(files[1]) == vim.fn.resolve(want)
    and vim.deep_equal(c.filetypes, file.filetypes) and vim.deep_equal(c.root_markers, file.root_markers)
    and vim.deep_equal(file.cmd, { 'tdls', 'serve' }) and vim.deep_equal(c.cmd, cmd)
    and vim.tbl_contains(c.root_markers, '.tdls.yaml') and vim.tbl_contains(c.root_markers, 'tablegen_compile_commands.yml')
  return ok, string.format('files %s; filetypes %s root_markers %s cmd %s', vim.inspect(files), vim.inspect(c.filetypes), vim.inspect(c.root_markers), vim.inspect(c.cmd))
end, setup == 'lsp-file')

check('server attaches', function()
  local ok = wait(function()
    local c = clients(src)[1]
    return c ~= nil and c.initialized ~= false and c.server_capabilities ~= nil
  end)
  local c = clients(src)[1]
  ok = ok and vim.fn.resolve(c.config.root_dir or '') == vim.fn.resolve(fixture)
  return ok and #clients(src) == 1, c and string.format('%d client(s), root %s', #clients(src), tostring(c.config.root_dir)) or 'no tdls client'
end)

check('serverInfo names tdls and its version', function()
  local c = assert(clients(src)[1], 'no client')
  local info = c.server_info or (c.rpc and c.rpc.server_info) or {}
  return info.name == 'tdls' and type(info.version) == 'string' and info.version:match('^%d+%.%d+%.%d+') ~= nil, vim.inspect(info)
end, vim.fn.has('nvim-0.9') == 1)

check("the status names the user's LLVM (tdls/llvm)", function()
  local ok = wait(function()
    return require('tdls').status():match('^tdls: LLVM %d') ~= nil
  end)
  return ok, require('tdls').status()
end, with_plugin)

-- The DRR mistake: $y on line 13 is bound nowhere.
local function unbound_y()
  for _, d in ipairs(vim.diagnostic.get(src)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == 'drr-unbound-symbol' then
      return d, code
    end
  end
end

check('DRR diagnostic: code, line, message', function()
  wait(function()
    return unbound_y() ~= nil
  end)
  local d, code = unbound_y()
  if not d then
    local seen = {}
    for _, x in ipairs(vim.diagnostic.get(src)) do
      table.insert(seen, string.format('%d:%d %s [%s]', x.lnum + 1, x.col + 1, x.message, tostring(x.code)))
    end
    return false, 'no drr-unbound-symbol diagnostic; got: ' .. (#seen > 0 and table.concat(seen, '; ') or 'none')
  end
  local ok = d.lnum == 12 and d.col == 30 and d.message:find("^referencing unbound symbol 'y'") ~= nil and d.severity == vim.diagnostic.severity.ERROR
  return ok, string.format('%d:%d %q [%s]', d.lnum + 1, d.col + 1, d.message, code)
end)

local function position_params()
  local c = assert(clients(src)[1], 'no client')
  return vim.lsp.util.make_position_params(0, c.offset_encoding)
end

check('hover request on an op in a pattern answers the op', function()
  cursor_on(12, 'Toy_AddOp')
  local res = vim.lsp.buf_request_sync(src, 'textDocument/hover', position_params(), timeout) or {}
  local text = ''
  for _, r in pairs(res) do
    if r.result and r.result.contents then
      local c = r.result.contents
      text = text .. (type(c) == 'string' and c or c.value or vim.inspect(c))
    end
  end
  return text:find('toy.add', 1, true) ~= nil, string.format('%q', text:sub(1, 200))
end)

check('K-style hover shows the op in a markdown float', function()
  close_floats()
  cursor_on(12, 'Toy_AddOp')
  vim.lsp.buf.hover()
  local win
  wait(function()
    win = floats()[1]
    return win ~= nil and buffer_text(vim.api.nvim_win_get_buf(win)):find('toy.add', 1, true) ~= nil
  end)
  if not win then
    return false, 'no floating window'
  end
  local fb = vim.api.nvim_win_get_buf(win)
  local text, ft = buffer_text(fb), vim.bo[fb].filetype
  -- How the float renders markdown: Neovim 0.9+ gives it the markdown
  -- filetype (tree-sitter highlighting where the parser is installed);
  -- before, markdown syntax regions with concealed delimiters.
  local ts = vim.treesitter and vim.treesitter.highlighter and vim.treesitter.highlighter.active[fb] ~= nil
  local syn = vim.api.nvim_buf_call(fb, function()
    return vim.fn.synIDattr(vim.fn.synID(1, 1, 1), 'name')
  end)
  local conceal = vim.wo[win].conceallevel
  close_floats()
  local rendered = (ft == 'markdown' and (ts or syn:find('^markdown') ~= nil)) or (syn:find('^markdown') ~= nil and conceal > 0)
  -- The op and its operand table.
  local ok = rendered and text:find('toy.add', 1, true) ~= nil and text:find('lhs', 1, true) ~= nil
    and text:find('F64Tensor', 1, true) ~= nil
  return ok, string.format('filetype=%s tree-sitter=%s syntax=%s conceallevel=%d %q', ft, tostring(ts), syn, conceal, text:sub(1, 120))
end)

check('go to definition of an op in a pattern lands on its def', function()
  cursor_on(8, 'Toy_NegOp')
  vim.lsp.buf.definition()
  local ok = wait(function()
    return vim.api.nvim_buf_get_name(0) == ops
  end)
  local where = string.format('%s:%d', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ':t'), vim.api.nvim_win_get_cursor(0)[1])
  local line = vim.api.nvim_get_current_line()
  local back = vim.api.nvim_buf_get_name(0) ~= patterns
  local landed = ok and line:find('^def Toy_NegOp') ~= nil
  if back then
    vim.cmd('buffer ' .. src)
  end
  return landed, where .. ' ' .. string.format('%q', line)
end)

local preview_buf

local function preview_text()
  if not preview_buf or not vim.api.nvim_buf_is_valid(preview_buf) then
    return ''
  end
  return buffer_text(preview_buf)
end

check(':TdlsShowRewriter fills a cpp buffer with the rewriter', function()
  vim.cmd('buffer ' .. src)
  cursor_on(8, 'FoldDoubleNeg')
  vim.cmd('TdlsShowRewriter')
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.b[b].tdls_preview then
      preview_buf = b
    end
  end
  if not preview_buf then
    return false, 'no preview buffer'
  end
  local re = 'struct %S+ : public ::mlir::RewritePattern'
  wait(function()
    return preview_text():find(re) ~= nil
  end)
  local text = preview_text()
  local shown = vim.fn.bufwinnr(preview_buf) ~= -1
  return text:find(re) ~= nil and vim.bo[preview_buf].filetype == 'cpp' and shown and vim.api.nvim_get_current_buf() == src,
    string.format('filetype=%s shown=%s engine=%s first lines %q', vim.bo[preview_buf].filetype, tostring(shown), tostring(vim.b[preview_buf].tdls_engine), text:sub(1, 160))
end, with_plugin)

-- Two new lines above the pattern move it; a preview must keep following
-- it, and show the new benefit.
local function edit_fold_double_neg()
  vim.api.nvim_buf_set_lines(src, 2, 2, false, { '// moved', '// down' })
  local lnum = 11
  local line = vim.api.nvim_buf_get_lines(src, lnum - 1, lnum, false)[1]
  assert(line:find('(replaceWithValue $x)>;', 1, true), 'unexpected line ' .. line)
  vim.api.nvim_buf_set_lines(src, lnum - 1, lnum, false, { (line:gsub('%)>;$', '), [], [], (addBenefit 7)>;')) })
  vim.cmd('doautocmd TextChanged')
end

check('the preview follows edits of the pattern', function()
  if not preview_buf then
    return false, 'no preview to follow'
  end
  local before = preview_text()
  edit_fold_double_neg()
  -- Benefit 2 (two matched ops) + 7; the pattern now starts on line 10.
  local want = 'RewritePattern("toy.neg", 9, context'
  wait(function()
    return preview_text():find(want, 1, true) ~= nil
  end)
  local after = preview_text()
  local ok = before:find('RewritePattern("toy.neg", 2, context', 1, true) ~= nil
    and after:find(want, 1, true) ~= nil
    and after:find('ToyPatterns.td:10', 1, true) ~= nil
    and after:find('struct FoldDoubleNeg : public ::mlir::RewritePattern', 1, true) ~= nil
  return ok, string.format('%q', after:sub(1, 200))
end, with_plugin)

if not with_plugin then
  -- The same edit, so that the lines below agree in every setup.
  edit_fold_double_neg()
end

-- Runs the code action titled `want` at the cursor as a user picking it
-- from the menu would; fails with the titles offered when it is not there.
local function pick_code_action(want)
  local seen = {}
  local picked
  local select = vim.ui.select
  vim.ui.select = function(items, _, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2] or item
      local title = action.title or ''
      table.insert(seen, title)
      if title == want then
        picked = title
        return on_choice(item, i)
      end
    end
    on_choice(nil)
  end
  vim.lsp.buf.code_action()
  wait(function()
    return picked ~= nil or #seen > 0
  end)
  vim.ui.select = select
  assert(picked, 'no "' .. want .. '" among: ' .. table.concat(seen, ' | '))
  return picked
end

local function buffers()
  local set = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    set[b] = true
  end
  return set
end

-- new_preview waits for a preview buffer that is not in `before` and
-- whose text satisfies ready; nil when none opened.
local function new_preview(before, ready)
  local new
  wait(function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if not before[b] and vim.b[b].tdls_preview then
        new = b
        return ready(buffer_text(b))
      end
    end
    return false
  end)
  return new
end

-- shown_file waits for the current buffer to be a file the server asked
-- the client to show (window/showDocument) with extension ext; nil when
-- none came.
local function shown_file(ext)
  local opened
  wait(function()
    if vim.api.nvim_buf_get_name(0):sub(-#ext) == ext then
      opened = vim.api.nvim_get_current_buf()
      return true
    end
    return false
  end)
  return opened
end

check('the code action "Show generated rewriter" opens the live preview', function()
  vim.cmd('buffer ' .. src)
  cursor_on(14, 'NegOfAdd') -- two lines were added above
  local before = buffers()
  local picked = pick_code_action('Show generated rewriter')
  local new = new_preview(before, function(text)
    return text:find('// generating', 1, true) == nil
  end)
  if not new then
    return false, 'picked "' .. picked .. '" but no preview buffer opened'
  end
  local text = buffer_text(new)
  -- NegOfAdd has the unbound $y: its preview shows that problem, not C++.
  return text:find("unbound symbol 'y'", 1, true) ~= nil, string.format('%s: %q', picked, text:sub(1, 200))
end, with_plugin)

check('without the plugin, "Show generated rewriter" opens the server\'s file (window/showDocument)', function()
  vim.cmd('buffer ' .. src)
  cursor_on(10, 'FoldDoubleNeg')
  pick_code_action('Show generated rewriter')
  local opened = shown_file('.cpp')
  if not opened then
    return false, 'current buffer stays ' .. vim.api.nvim_buf_get_name(0)
  end
  local text = buffer_text(opened)
  local ok = text:find('struct FoldDoubleNeg : public ::mlir::RewritePattern', 1, true) ~= nil
    and text:find('RewritePattern("toy.neg", 9, context', 1, true) ~= nil
  vim.cmd('buffer ' .. src)
  return ok, string.format('%s: %q', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(opened), ':t'), text:sub(1, 200))
end, not with_plugin)

check(':TdlsShow completes its views', function()
  local all = vim.fn.getcompletion('TdlsShow ', 'cmdline')
  local d = vim.fn.getcompletion('TdlsShow d', 'cmdline')
  local second = vim.fn.getcompletion('TdlsShow decls ', 'cmdline')
  local ok = table.concat(all, ',') == 'decls,defs,doc,rewriter' and table.concat(d, ',') == 'decls,defs,doc' and #second == 0
  return ok, string.format('%q; d: %q; after a view: %q', table.concat(all, ','), table.concat(d, ','), table.concat(second, ','))
end, with_plugin)

-- The op the declarations checks look at: Toy_AddOp, whose arguments are
-- on line 26 of ToyOps.td.
local ops_buf
local add_args = 26
local function open_ops()
  -- hide: the buffer left may have unsaved edits of earlier checks.
  if ops_buf and vim.api.nvim_buf_is_valid(ops_buf) then
    vim.cmd('hide buffer ' .. ops_buf)
  else
    vim.cmd('hide edit ' .. ops)
  end
  ops_buf = vim.api.nvim_get_current_buf()
  wait(function()
    return #clients(ops_buf) > 0
  end)
  cursor_on(add_args, '$lhs')
end

local decls_buf
check(':TdlsShow decls opens the declarations of the op under the cursor', function()
  open_ops()
  local before = buffers()
  vim.cmd('TdlsShow decls')
  local want = 'class AddOpGenericAdaptorBase {'
  decls_buf = new_preview(before, function(text)
    return text:find(want, 1, true) ~= nil
  end)
  if not decls_buf then
    return false, 'no preview buffer'
  end
  local text = buffer_text(decls_buf)
  local ok = text:find(want, 1, true) ~= nil and text:find('using Properties = ::mlir::EmptyProperties;', 1, true) ~= nil
    and text:find('class AddOp : public ::mlir::Op<AddOp', 1, true) ~= nil and text:find('class NegOp ', 1, true) == nil
    and vim.bo[decls_buf].filetype == 'cpp' and vim.b[decls_buf].tdls_generator == 'op-decls'
    and vim.fn.bufwinnr(decls_buf) ~= -1 and vim.api.nvim_get_current_buf() == ops_buf
  return ok, string.format('generator=%s filetype=%s first lines %q', tostring(vim.b[decls_buf].tdls_generator), vim.bo[decls_buf].filetype, text:sub(1, 200))
end, with_plugin)

check('the declarations follow an edit of the op', function()
  if not decls_buf then
    return false, 'no preview to follow'
  end
  local line = vim.api.nvim_buf_get_lines(ops_buf, add_args - 1, add_args, false)[1]
  vim.api.nvim_buf_set_lines(ops_buf, add_args - 1, add_args, false, { (line:gsub('%);$', ', F64Attr:$alpha);')) })
  vim.cmd('doautocmd TextChanged')
  local want = 'using alphaTy = ::mlir::FloatAttr;'
  wait(function()
    return buffer_text(decls_buf):find(want, 1, true) ~= nil
  end)
  local text = buffer_text(decls_buf)
  local ok = text:find(want, 1, true) ~= nil and text:find('::mlir::FloatAttr getAlphaAttr()', 1, true) ~= nil
  -- Back as it was, for the checks after this one.
  vim.api.nvim_buf_set_lines(ops_buf, add_args - 1, add_args, false, { line })
  vim.cmd('doautocmd TextChanged')
  vim.bo[ops_buf].modified = false
  return ok, string.format('%q', text:sub(1, 300))
end, with_plugin)

check('the code action "Show generated documentation" opens a live markdown preview', function()
  open_ops()
  local before = buffers()
  local picked = pick_code_action('Show generated documentation')
  local new = new_preview(before, function(text)
    return text:find('toy.add', 1, true) ~= nil
  end)
  if not new then
    return false, 'picked "' .. picked .. '" but no preview buffer opened'
  end
  local text = buffer_text(new)
  return text:find('toy.add', 1, true) ~= nil and vim.bo[new].filetype == 'markdown',
    string.format('filetype=%s %q', vim.bo[new].filetype, text:sub(1, 200))
end, with_plugin)

check('without the plugin, "Show generated declarations" opens the server\'s file (window/showDocument)', function()
  open_ops()
  pick_code_action('Show generated declarations')
  local opened = shown_file('.cpp')
  if not opened then
    return false, 'current buffer stays ' .. vim.api.nvim_buf_get_name(0)
  end
  local text = buffer_text(opened)
  vim.cmd('hide buffer ' .. src)
  return text:find('class AddOp : public ::mlir::Op<AddOp', 1, true) ~= nil,
    string.format('%s: %q', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(opened), ':t'), text:sub(1, 200))
end, not with_plugin)

-- Formatting: vim.lsp.buf.format, whole and over a range (0.7 has
-- formatting_sync and range_formatting, its names for the same requests).
local messy = { 'class  B;', 'def A :B;', 'def C : B  ;', '  def G : B;' }
local fmt_buf
local function open_messy()
  local path = fixture .. '/Fmt.td'
  local f = assert(io.open(path, 'w'))
  f:write(table.concat(messy, '\n') .. '\n')
  f:close()
  if fmt_buf and vim.api.nvim_buf_is_valid(fmt_buf) then
    vim.cmd('hide buffer ' .. fmt_buf)
    vim.api.nvim_buf_set_lines(fmt_buf, 0, -1, false, messy)
  else
    vim.cmd('hide edit ' .. vim.fn.fnameescape(path))
    fmt_buf = vim.api.nvim_get_current_buf()
  end
  wait(function()
    return #clients(fmt_buf) > 0
  end)
end

local function lines_are(want)
  local got
  local ok = wait(function()
    got = vim.api.nvim_buf_get_lines(fmt_buf, 0, -1, false)
    return table.concat(got, '\n') == table.concat(want, '\n')
  end)
  return ok, table.concat(got or {}, '|')
end

check('vim.lsp.buf.format formats the whole buffer', function()
  open_messy()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = fmt_buf, timeout_ms = timeout })
  else
    vim.lsp.buf.formatting_sync(nil, timeout)
  end
  return lines_are({ 'class B;', 'def A : B;', 'def C : B;', 'def G : B;' })
end)

check('vim.lsp.buf.format with a range formats only those lines', function()
  open_messy()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = fmt_buf, timeout_ms = timeout, range = { start = { 3, 0 }, ['end'] = { 3, 3 } } })
  else
    vim.lsp.buf.range_formatting({}, { 3, 0 }, { 3, 3 })
  end
  local ok, got = lines_are({ 'class  B;', 'def A :B;', 'def C : B;', '  def G : B;' })
  vim.bo[fmt_buf].modified = false
  return ok, got
end)

-- The C++ half: ToyOps.td's `let hasVerifier = 1;` (line 28) and
-- ToyOps.cpp's AddOp::verify (line 7), and back from the class name.
local verify_line = 7
check('go to definition on hasVerifier jumps to the C++ verify', function()
  open_ops()
  cursor_on(28, 'hasVerifier')
  local cpp_file = vim.fn.resolve(fixture .. '/ToyOps.cpp')
  -- The C++ index is built in the background: ask until it answers.
  local found = wait(function()
    local res = vim.lsp.buf_request_sync(ops_buf, 'textDocument/definition', position_params(), timeout) or {}
    for _, r in pairs(res) do
      for _, l in ipairs(r.result or {}) do
        if vim.fn.resolve(vim.uri_to_fname(l.uri or l.targetUri)) == cpp_file then
          return true
        end
      end
    end
    return false
  end)
  vim.lsp.buf.definition()
  local ok = wait(function()
    return vim.fn.resolve(vim.api.nvim_buf_get_name(0)) == cpp_file and vim.api.nvim_win_get_cursor(0)[1] == verify_line
  end)
  return found and ok, string.format('%s:%d', vim.api.nvim_buf_get_name(0), vim.api.nvim_win_get_cursor(0)[1])
end)

check(':TdlsTableGenDefinition on the op class in the .cpp jumps to its def', function()
  vim.cmd('hide edit ' .. vim.fn.fnameescape(fixture .. '/ToyOps.cpp'))
  local cpp_buf = vim.api.nvim_get_current_buf()
  cursor_on(verify_line, 'AddOp')
  vim.cmd('TdlsTableGenDefinition')
  local ok = wait(function()
    return vim.fn.resolve(vim.api.nvim_buf_get_name(0)) == vim.fn.resolve(ops) and vim.api.nvim_win_get_cursor(0)[1] == 24
  end)
  local attached = #clients(cpp_buf)
  return ok and attached == 0, string.format('%s:%d; %d client(s) on the .cpp', vim.api.nvim_buf_get_name(0), vim.api.nvim_win_get_cursor(0)[1], attached)
end, with_plugin)

check(':TdlsRestart brings a new server', function()
  local old = clients(src)[1]
  vim.cmd('TdlsRestart')
  local ok = wait(function()
    local c = clients(src)[1]
    return c ~= nil and old ~= nil and c.id ~= old.id and #clients(src) == 1
  end)
  return ok, string.format('%d client(s) attached', #clients(src))
end, with_plugin)

-- Workspace trust, on a second project (TDLS_TRAP) whose build tree's
-- mlir-tblgen writes each run to TDLS_TRAP_LOG: untrusted, the previews
-- run the machine's; :TdlsTrust trusts the root in Neovim's data
-- directory, after which the build tree's serves them.
local trap, trap_log = os.getenv('TDLS_TRAP'), os.getenv('TDLS_TRAP_LOG')
local function trap_ran()
  local f = io.open(trap_log or '', 'r')
  if f == nil then
    return ''
  end
  local text = f:read('*a')
  f:close()
  return text
end
local trap_buf
-- trap_doc opens the documentation preview of the trapped project's op
-- and returns its buffer.
local function trap_doc()
  if trap_buf and vim.api.nvim_buf_is_valid(trap_buf) then
    vim.cmd('hide buffer ' .. trap_buf)
  else
    vim.cmd('hide edit ' .. trap .. '/ToyOps.td')
  end
  trap_buf = vim.api.nvim_get_current_buf()
  wait(function()
    return #clients(trap_buf) > 0
  end)
  cursor_on(add_args, '$lhs')
  local before = buffers()
  vim.cmd('TdlsShow doc')
  local new = new_preview(before, function(text)
    return text:find('toy.add', 1, true) ~= nil
  end)
  return new
end

local trap_preview
check('untrusted: no executable of the project runs; the preview runs the machine\'s mlir-tblgen', function()
  trap_preview = trap_doc()
  if not trap_preview then
    return false, 'no preview'
  end
  local tool = tostring(vim.b[trap_preview].tdls_tool)
  return trap_ran() == '' and not tool:find(trap, 1, true) and tool:find('mlir-tblgen', 1, true) ~= nil,
    string.format('tool %s; the build tree\'s ran: %q', tool, trap_ran())
end, with_plugin and trap ~= nil)

check(':TdlsTrust trusts the root in the user\'s data; the build tree\'s mlir-tblgen then serves the previews', function()
  vim.cmd('buffer ' .. trap_buf)
  vim.cmd('TdlsTrust')
  local f = io.open(vim.fn.stdpath('data') .. '/tdls/trusted-roots.json', 'r')
  local saved = f and f:read('*a') or ''
  if f then
    f:close()
  end
  if trap_preview and vim.api.nvim_buf_is_valid(trap_preview) then
    vim.cmd('bwipeout! ' .. trap_preview)
  end
  local new = trap_doc()
  wait(function()
    return trap_ran():find('--gen-op-doc', 1, true) ~= nil
  end)
  local tool = new and tostring(vim.b[new].tdls_tool) or 'none'
  local in_project = vim.fn.glob(trap .. '/*trust*') .. vim.fn.glob(trap .. '/.*trust*')
  return saved:find(trap, 1, true) ~= nil and trap_ran():find('--gen-op-doc', 1, true) ~= nil
      and tool:find(trap .. '/build/bin/mlir-tblgen', 1, true) ~= nil and in_project == '',
    string.format('saved %q; tool %s; ran %q; written in the project: %q', saved, tool, trap_ran(), in_project)
end, with_plugin and trap ~= nil)
-- layered/ writes its includes from layered/include, which nothing
-- configures: the server infers it, and its source action pins it.
local layered = fixture .. '/layered/lib/LayeredOps.td'

check('a project with nothing configured: its includes resolve, no include error', function()
  vim.cmd('edit ' .. layered)
  local b = vim.api.nvim_get_current_buf()
  wait(function()
    return #clients(b) > 0
  end)
  cursor_on(3, 'Layered_Op<')
  local params = vim.lsp.util.make_position_params(0, clients(b)[1].offset_encoding)
  local hover = ''
  wait(function()
    local res = vim.lsp.buf_request_sync(b, 'textDocument/hover', params, 2000) or {}
    for _, r in pairs(res) do
      if r.result and r.result.contents then
        hover = vim.inspect(r.result.contents)
      end
    end
    return hover:find('LayeredBase.td', 1, true) ~= nil
  end)
  local errs = {}
  for _, d in ipairs(vim.diagnostic.get(b)) do
    table.insert(errs, tostring(d.code) .. ': ' .. d.message)
  end
  return hover:find('LayeredBase.td', 1, true) ~= nil and #errs == 0,
    string.format('hover %q, diagnostics {%s}', hover:sub(1, 400), table.concat(errs, '; '))
end, with_plugin)

check('the source action "Write the inferred include directories to .tdls.yaml" writes it', function()
  vim.cmd('edit ' .. layered)
  pick_code_action('Write the inferred include directories to .tdls.yaml')
  local path = fixture .. '/.tdls.yaml'
  local text = ''
  wait(function()
    if vim.fn.filereadable(path) == 1 then
      text = table.concat(vim.fn.readfile(path), '\n')
    end
    return text:find('- layered/include', 1, true) ~= nil
  end)
  if vim.fn.filereadable(path) ~= 1 then
    return false, 'no ' .. path
  end
  return text:find('- layered/include', 1, true) ~= nil, string.format('%q', text:sub(1, 200))
end, with_plugin)

check('no deprecated API, no warnings', function()
  return #complaints == 0, #complaints == 0 and ('none on Neovim ' .. vim.fn.matchstr(vim.fn.execute('version'), 'NVIM v\\zs[^\n]*')) or table.concat(complaints, '; ')
end)

finish()
