-- End-to-end checks of the plugin in a real, headless Neovim against a real
-- tdls. run.sh starts it as
--   nvim --headless -u NONE -i NONE -c 'luafile e2e.lua'
-- with TDLS_BIN, TDLS_PLUGIN, TDLS_FIXTURE (a copy of editors/testdata) and
-- TDLS_RESULTS (where the check lines go) in the environment. Each check
-- prints PASS or FAIL with what it saw; Neovim exits 1 if any failed.

local env = function(name)
  local v = os.getenv(name)
  assert(v and v ~= '', name .. ' is not set')
  return v
end

local fixture = env('TDLS_FIXTURE')
local results = assert(io.open(env('TDLS_RESULTS'), 'w'))
local failed = 0
local timeout = tonumber(os.getenv('TDLS_E2E_TIMEOUT_MS') or '') or 20000

local function report(ok, name, detail)
  local line = string.format('%s %s%s', ok and 'PASS' or 'FAIL', name, detail and detail ~= '' and (': ' .. detail) or '')
  results:write(line .. '\n')
  results:flush()
  if not ok then
    failed = failed + 1
  end
end

local function finish()
  results:write(string.format('%d passed, %d failed\n', CHECKS - failed, failed))
  results:close()
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

-- Setup exactly as a user would do it.
vim.opt.runtimepath:prepend(env('TDLS_PLUGIN'))
vim.cmd('filetype plugin on')
vim.cmd('syntax on')
require('tdls').setup({
  cmd = { env('TDLS_BIN'), 'serve', '--log-file', fixture .. '/tdls.log', '--log-level', 'debug' },
})

local tdls = require('tdls')
local patterns = fixture .. '/ToyPatterns.td'
local ops = fixture .. '/ToyOps.td'
CHECKS = 0

-- check runs fn, which returns ok, detail.
local function check(name, fn)
  CHECKS = CHECKS + 1
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

vim.cmd('edit ' .. vim.fn.fnameescape(patterns))
local src = vim.api.nvim_get_current_buf()

check('filetype', function()
  return vim.bo.filetype == 'tablegen', 'filetype=' .. vim.bo.filetype
end)

check('server attaches', function()
  local ok = wait(function()
    local c = tdls.clients(src)[1]
    return c ~= nil and c.initialized ~= false and c.server_capabilities ~= nil
  end)
  local c = tdls.clients(src)[1]
  return ok, c and ('root ' .. tostring(c.config.root_dir)) or 'no tdls client'
end)

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

check('hover on an op in a pattern shows the op name', function()
  cursor_on(12, 'Toy_AddOp')
  local params = vim.lsp.util.make_position_params()
  local res = vim.lsp.buf_request_sync(src, 'textDocument/hover', params, timeout) or {}
  local text = ''
  for _, r in pairs(res) do
    if r.result and r.result.contents then
      local c = r.result.contents
      text = text .. (type(c) == 'string' and c or c.value or vim.inspect(c))
    end
  end
  return text:find('toy.add', 1, true) ~= nil, string.format('%q', text:sub(1, 200))
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
  return table.concat(vim.api.nvim_buf_get_lines(preview_buf, 0, -1, false), '\n')
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
end)

check('the preview follows edits of the pattern', function()
  if not preview_buf then
    return false, 'no preview to follow'
  end
  local before = preview_text()
  -- Two new lines above the pattern move it; the preview must keep
  -- following it, and show the new benefit.
  vim.api.nvim_buf_set_lines(src, 2, 2, false, { '// moved', '// down' })
  local lnum = 11
  local line = vim.api.nvim_buf_get_lines(src, lnum - 1, lnum, false)[1]
  assert(line:find('(replaceWithValue $x)>;', 1, true), 'unexpected line ' .. line)
  vim.api.nvim_buf_set_lines(src, lnum - 1, lnum, false, { (line:gsub('%)>;$', '), [], [], (addBenefit 7)>;')) })
  vim.cmd('doautocmd TextChanged')
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
end)

check('the code action "Show generated rewriter" opens the live preview', function()
  vim.cmd('buffer ' .. src)
  cursor_on(14, 'NegOfAdd') -- two lines were added above
  local seen = {}
  local picked
  local select = vim.ui.select
  -- Pick the action as a user would in the code action menu.
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2] or item
      local title = action.title or ''
      table.insert(seen, title)
      if title:lower():find('generated rewriter', 1, true) and not title:lower():find('all', 1, true) then
        picked = title
        return on_choice(item, i)
      end
    end
    on_choice(nil)
  end
  local before = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    before[b] = true
  end
  vim.lsp.buf.code_action()
  wait(function()
    return picked ~= nil or #seen > 0
  end)
  vim.ui.select = select
  if picked == nil then
    return false, 'no "Show generated rewriter" among: ' .. table.concat(seen, ' | ')
  end
  local new
  wait(function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if not before[b] and vim.b[b].tdls_preview then
        new = b
        local t = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
        return t:find('// generating', 1, true) == nil
      end
    end
    return false
  end)
  if not new then
    return false, 'picked "' .. picked .. '" but no preview buffer opened'
  end
  local text = table.concat(vim.api.nvim_buf_get_lines(new, 0, -1, false), '\n')
  -- NegOfAdd has the unbound $y: its preview shows that problem, not C++.
  return text:find("unbound symbol 'y'", 1, true) ~= nil, string.format('%s: %q', picked, text:sub(1, 200))
end)

check(':TdlsRestart brings a new server', function()
  local old = tdls.clients(src)[1]
  vim.cmd('TdlsRestart')
  local ok = wait(function()
    local c = tdls.clients(src)[1]
    return c ~= nil and old ~= nil and c.id ~= old.id
  end)
  return ok, ok and 'new client attached' or 'no new client'
end)

finish()
