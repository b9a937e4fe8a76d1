-- :TdlsShow {decls|defs|doc|rewriter} and :TdlsShowRewriter — the code tdls
-- generates for the op, attribute, type, enum, interface, pass, dialect or
-- DRR pattern under the cursor (custom request tdls/generatedCode), in a
-- scratch split (`cpp`, or `markdown` for documentation) that follows edits
-- of the source: an extmark keeps the entity's position, and a debounced
-- refresh runs after each change.
local M = { delay_ms = 300 }

-- The views :TdlsShow takes; any generator name of `tdls gen --list`
-- (op-interface-decls, pass-doc, ...) works too.
M.views = { 'decls', 'defs', 'doc', 'rewriter' }

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

-- comment is how a line of the error text starts, by the preview's language.
local comment = { cpp = '// ', markdown = '> ', python = '# ' }

-- error_text says why the preview failed, above the last code that worked.
function M.error_text(reason, previous, language)
  local c = comment[language or 'cpp'] or comment.cpp
  local out = { c .. 'tdls could not generate this preview:' }
  for _, l in ipairs(vim.split(reason, '\n', { plain = true })) do
    table.insert(out, c .. '  ' .. l)
  end
  if previous then
    table.insert(out, vim.trim(c))
    table.insert(out, c .. 'Last generated:')
    table.insert(out, '')
    table.insert(out, previous)
  end
  return table.concat(out, '\n')
end

-- params asks for the session's generator (or rewriter kind) of its entity:
-- by name when it has one, else at the extmark, or of the whole file.
local function params(s, client)
  local p = { uri = vim.uri_from_bufnr(s.src) }
  if s.generator then
    p.generator = s.generator
  else
    p.kind = s.all and 'rewriters-file' or 'rewriter'
  end
  if s.name then
    p.name = s.name
  elseif not s.all then
    local pos = vim.api.nvim_buf_get_extmark_by_id(s.src, ns, s.mark, {})
    local row, col = pos[1], pos[2]
    p.position = { line = row, character = vim.lsp.util.character_offset(s.src, row, col, client.offset_encoding or 'utf-16') }
  end
  return p
end

-- filetypes of the preview buffer, by the code's language.
local filetypes = { cpp = 'cpp', markdown = 'markdown', python = 'python' }

local function request(s)
  local client = vim.lsp.get_client_by_id(s.client_id)
  if client == nil or compat.call(client, 'is_stopped') then
    -- After :TdlsRestart the buffer has a new client.
    client = require('tdls').clients(s.src)[1]
    if client == nil then
      set_text(s.buf, M.error_text('tdls is not running for this buffer', s.last_good, s.language))
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
      set_text(s.buf, M.error_text(err.message or vim.inspect(err), s.last_good, s.language))
    elseif type(result) ~= 'table' or type(result.text) ~= 'string' then
      set_text(s.buf, M.error_text('tdls answered without text: ' .. vim.inspect(result), s.last_good, s.language))
    else
      local ft = filetypes[result.language] or 'cpp'
      if ft ~= s.language then
        s.language = ft
        vim.bo[s.buf].filetype = ft
      end
      s.last_good = result.text
      set_text(s.buf, result.text)
      if result.title and result.title ~= '' then
        vim.b[s.buf].tdls_title = result.title
      end
      vim.b[s.buf].tdls_engine = result.engine
      vim.b[s.buf].tdls_tool = result.tool -- the mlir-tblgen that ran
      vim.b[s.buf].tdls_generator = result.generator
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

-- open shows the preview of opts.generator (a view: decls, defs, doc,
-- rewriter (the default), or a generator name) for the entity under the
-- cursor, or the one called opts.name, or the whole file (opts.all).
-- opts.bufnr and opts.position (an LSP position) choose another place, as
-- the server's code actions do.
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
  local generator = opts.generator
  if generator == 'rewriter' then
    generator = nil -- asked by kind, which every tdls answers
  end
  local s = {
    src = src,
    client_id = client.id,
    name = opts.name,
    generator = generator,
    all = opts.all,
    language = generator == 'doc' and 'markdown' or 'cpp',
    mark = vim.api.nvim_buf_set_extmark(src, ns, row, col, {}),
    buf = vim.api.nvim_create_buf(false, true),
    seq = 0,
  }
  local label = opts.name or (opts.all and 'all' or ('line' .. (row + 1)))
  local ext = s.language == 'markdown' and 'md' or 'cpp'
  pcall(vim.api.nvim_buf_set_name, s.buf, string.format('tdls://%s/%s.%s.%d.%s', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ':t'),
    opts.generator or 'rewriter', label, counter, ext))
  vim.bo[s.buf].bufhidden = 'wipe'
  vim.bo[s.buf].filetype = s.language
  set_text(s.buf, (comment[s.language] or comment.cpp) .. 'generating…')
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
-- tdls.showGenerated and tdls.showGeneratedRewriter commands ({uri,
-- position?, name?, generator?, kind?}); default_view is the command's.
function M.from_command(command, default_view)
  local t = (command.arguments or {})[1]
  if type(t) ~= 'table' then
    return M.open({ generator = default_view })
  end
  local uri = t.uri or (t.textDocument and t.textDocument.uri)
  local bufnr = uri and vim.uri_to_bufnr(uri) or nil
  if bufnr then
    vim.fn.bufload(bufnr)
  end
  local generator = t.generator
  if generator == nil and t.kind == nil then
    generator = default_view
  end
  return M.open({ bufnr = bufnr, position = t.position, name = t.name, generator = generator, all = t.kind == 'rewriters-file' or t.wholeFile })
end

return M
