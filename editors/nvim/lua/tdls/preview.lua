-- :TdlsShowRewriter — the C++ tdls generates for the DRR pattern under the
-- cursor (custom request tdls/generatedCode), in a `cpp` scratch split that
-- follows edits of the source: an extmark keeps the pattern's position, and
-- a debounced refresh runs after each change.
local M = { delay_ms = 300 }

local compat = require('tdls.compat')

local ns = vim.api.nvim_create_namespace('tdls_preview')
local method = 'tdls/generatedCode'
local counter = 0

local function set_text(buf, text)
  if not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  local lines = vim.split(text, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
end

-- error_text says why the preview failed, above the last C++ that worked.
function M.error_text(reason, previous)
  local out = { '// tdls could not generate the rewriter:' }
  for _, l in ipairs(vim.split(reason, '\n', { plain = true })) do
    table.insert(out, '//   ' .. l)
  end
  if previous then
    table.insert(out, '//')
    table.insert(out, '// Last generated C++:')
    table.insert(out, '')
    table.insert(out, previous)
  end
  return table.concat(out, '\n')
end

local function params(s, client)
  local p = { uri = vim.uri_from_bufnr(s.src), kind = s.kind }
  if s.name then
    p.name = s.name
  elseif s.kind == 'rewriter' then
    local pos = vim.api.nvim_buf_get_extmark_by_id(s.src, ns, s.mark, {})
    local row, col = pos[1], pos[2]
    p.position = { line = row, character = vim.lsp.util.character_offset(s.src, row, col, client.offset_encoding or 'utf-16') }
  end
  return p
end

local function request(s)
  local client = vim.lsp.get_client_by_id(s.client_id)
  if client == nil or compat.call(client, 'is_stopped') then
    -- After :TdlsRestart the buffer has a new client.
    client = require('tdls').clients(s.src)[1]
    if client == nil then
      set_text(s.buf, M.error_text('tdls is not running for this buffer', s.last_good))
      return
    end
    s.client_id = client.id
  end
  s.seq = s.seq + 1
  local seq = s.seq
  compat.call(client, 'request', method, params(s, client), function(err, result)
    if seq ~= s.seq or not vim.api.nvim_buf_is_valid(s.buf) then
      return -- superseded or closed
    end
    if err then
      set_text(s.buf, M.error_text(err.message or vim.inspect(err), s.last_good))
    elseif type(result) ~= 'table' or type(result.text) ~= 'string' then
      set_text(s.buf, M.error_text('tdls answered without text: ' .. vim.inspect(result), s.last_good))
    else
      s.last_good = result.text
      set_text(s.buf, result.text)
      if result.title and result.title ~= '' then
        vim.b[s.buf].tdls_title = result.title
      end
      vim.b[s.buf].tdls_engine = result.engine
    end
  end, s.src)
end

local function cleanup(s)
  if s.timer then
    s.timer:stop()
    s.timer:close()
    s.timer = nil
  end
  pcall(vim.api.nvim_del_augroup_by_id, s.group)
  if vim.api.nvim_buf_is_valid(s.src) then
    pcall(vim.api.nvim_buf_del_extmark, s.src, ns, s.mark)
  end
end

-- open shows the preview for the pattern under the cursor, or the pattern
-- opts.name, or the whole file (opts.all). opts.bufnr and opts.position (an
-- LSP position) choose another place, as the server's code action does.
function M.open(opts)
  opts = opts or {}
  local src = opts.bufnr or vim.api.nvim_get_current_buf()
  local client = require('tdls').clients(src)[1]
  if client == nil then
    vim.notify('tdls: no tdls server is attached to this buffer', vim.log.levels.ERROR)
    return
  end
  local src_win = vim.fn.bufwinid(src)
  if src_win == -1 then
    src_win = vim.api.nvim_get_current_win()
  end
  local row, col
  if opts.position then
    row = opts.position.line
    local line = vim.api.nvim_buf_get_lines(src, row, row + 1, false)[1] or ''
    local ok, byte = pcall(compat.byteindex, line, opts.position.character, client.offset_encoding or 'utf-16')
    col = ok and byte or 0
  else
    local cursor = vim.api.nvim_win_get_cursor(src_win)
    row, col = cursor[1] - 1, cursor[2]
  end
  counter = counter + 1
  local s = {
    src = src,
    client_id = client.id,
    name = opts.name,
    kind = opts.all and 'rewriters-file' or 'rewriter',
    mark = vim.api.nvim_buf_set_extmark(src, ns, row, col, {}),
    buf = vim.api.nvim_create_buf(false, true),
    seq = 0,
  }
  local label = opts.name or (opts.all and 'all' or ('line' .. (row + 1)))
  pcall(vim.api.nvim_buf_set_name, s.buf, string.format('tdls://%s/%s.%d.cpp', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ':t'), label, counter))
  vim.bo[s.buf].bufhidden = 'wipe'
  vim.bo[s.buf].filetype = 'cpp'
  set_text(s.buf, '// generating…')
  vim.b[s.buf].tdls_preview = true

  vim.api.nvim_set_current_win(src_win)
  vim.cmd('vertical rightbelow sbuffer ' .. s.buf)
  vim.api.nvim_set_current_win(src_win)

  s.group = vim.api.nvim_create_augroup('tdls_preview_' .. s.buf, { clear = true })
  vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
    group = s.group,
    buffer = src,
    callback = function()
      if s.timer == nil then
        s.timer = (vim.uv or vim.loop).new_timer()
      end
      s.timer:stop()
      s.timer:start(M.delay_ms, 0, vim.schedule_wrap(function()
        request(s)
      end))
    end,
  })
  vim.api.nvim_create_autocmd('BufWipeout', {
    group = s.group,
    buffer = s.buf,
    callback = function()
      cleanup(s)
    end,
  })
  request(s)
  return s.buf
end

-- from_command opens the preview for the arguments of the server's
-- tdls.showGeneratedRewriter command ({uri, position?, name?, kind?}).
function M.from_command(command)
  local t = (command.arguments or {})[1]
  if type(t) ~= 'table' then
    return M.open({})
  end
  local uri = t.uri or (t.textDocument and t.textDocument.uri)
  local bufnr = uri and vim.uri_to_bufnr(uri) or nil
  if bufnr then
    vim.fn.bufload(bufnr)
  end
  return M.open({ bufnr = bufnr, position = t.position, name = t.name, all = t.kind == 'rewriters-file' })
end

return M
