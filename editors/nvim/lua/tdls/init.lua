-- tdls for Neovim: `.td` files get filetype `tablegen` and the tdls language
-- server; :TdlsShow {decls|defs|doc|rewriter} previews the generated code
-- of what is under the cursor (:TdlsShowRewriter the C++ of the DRR pattern
-- under it), :TdlsRestart restarts the server. require('tdls').status() is
-- a statusline text naming the user's LLVM as the server found it, marked
-- when it is not the release tdls models (the server also says so once in a
-- message). A repository's own executables (its build tree's mlir-tblgen)
-- run only in a root the user trusts: setup's trusted_roots, or
-- :TdlsTrust [DIR] (kept in Neovim's data directory, never in the
-- project; :TdlsUntrust [DIR] takes it back).
--
--   require('tdls').setup({
--     cmd = { 'tdls', 'serve' },           -- or server_path = '/path/to/tdls'
--     settings = { includeDirs = {}, compilationDatabases = {}, preview = { engine = 'auto' },
--                  severity = { ['ods-summary-*'] = 'off', ['drr-result-types'] = 'error' } },
--     root_markers = { '.tdls.yaml', 'tablegen_compile_commands.yml', '.git' },
--     trusted_roots = { '~/src/llvm-project' }, -- roots whose build tools may run
--     on_attach = function(client, bufnr) end,
--     lsp_api = 'auto',                    -- or 'enable', 'start', 'start_client'
--   })
--
-- lsp_api chooses how the server is attached: 'auto' takes
-- vim.lsp.config/enable on Neovim 0.11+ ('enable'), vim.lsp.start on
-- 0.8-0.10 ('start'), vim.lsp.start_client on 0.7 ('start_client'). An
-- older API can be chosen on a newer Neovim, e.g. when the configuration
-- manages vim.lsp.enable itself.
local M = {}

local root = require('tdls.root')
local compat = require('tdls.compat')
local preview = require('tdls.preview')
local trust = require('tdls.trust')

M.name = 'tdls'

local defaults = {
  server_path = nil,
  cmd = nil,
  settings = { includeDirs = {}, compilationDatabases = {}, preview = { engine = 'auto' } },
  root_markers = { '.tdls.yaml', 'tablegen_compile_commands.yml', '.git' },
  trusted_roots = {},
  on_attach = nil,
  capabilities = nil,
  preview_delay_ms = 300,
  lsp_api = 'auto',
}

M.options = vim.deepcopy(defaults)

local function has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

local uv = vim.uv or vim.loop

-- api is the LSP API the plugin attaches the server with.
local function api()
  local want = M.options.lsp_api
  if want == nil or want == 'auto' then
    if has('0.11') then
      return 'enable'
    elseif has('0.8') then
      return 'start'
    end
    return 'start_client'
  end
  return want
end

-- The command that starts the server.
function M.cmd()
  if M.options.cmd then
    return M.options.cmd
  end
  local exe = M.options.server_path
  if exe == nil or exe == '' then
    exe = vim.fn.exepath('tdls')
    if exe == '' then
      exe = 'tdls'
    end
  end
  return { vim.fn.expand(exe), 'serve' }
end

-- The user's LLVM as each client's server last reported it (tdls/llvm).
M.llvm = {}

local handlers = {
  ['tdls/llvm'] = function(_, result, ctx)
    if result ~= nil and ctx ~= nil then
      M.llvm[ctx.client_id] = result
    end
  end,
}

-- status is a short statusline text: the LLVM release the server of the
-- current buffer found, with the modelled one when they differ; '' before
-- the server reports.
function M.status()
  for _, c in ipairs(M.clients(vim.api.nvim_get_current_buf())) do
    local l = M.llvm[c.id]
    if l ~= nil then
      if not l.found then
        return 'tdls: LLVM not found'
      elseif l.major ~= l.modelled then
        return string.format('tdls: LLVM %s (tdls models %d)', l.version, l.modelled)
      end
      return 'tdls: LLVM ' .. l.version
    end
  end
  return ''
end

local function config_for(bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  local o = M.options
  return {
    name = M.name,
    cmd = M.cmd(),
    root_dir = root.find(file ~= '' and file or vim.fn.getcwd() .. '/x', o.root_markers),
    init_options = trust.with_trust(o.settings),
    settings = { tdls = o.settings },
    capabilities = o.capabilities,
    on_attach = o.on_attach,
    flags = { debounce_text_changes = 100 },
    handlers = handlers,
  }
end

-- Clients started through vim.lsp.start_client (Neovim < 0.8), by root.
local legacy_clients = {}

local function attach_legacy(bufnr)
  local config = config_for(bufnr)
  local id = legacy_clients[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.client_is_stopped(id) then
    config.workspace_folders = { { uri = vim.uri_from_fname(config.root_dir), name = config.root_dir } }
    id = vim.lsp.start_client(config)
    if id == nil then
      vim.notify('tdls: could not start ' .. table.concat(config.cmd, ' '), vim.log.levels.ERROR)
      return
    end
    legacy_clients[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

-- attach starts (or reuses) the server for a tablegen buffer.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return
  end
  if api() == 'start_client' then
    attach_legacy(bufnr)
  else
    vim.lsp.start(config_for(bufnr), { bufnr = bufnr })
  end
end

-- clients returns the running tdls clients, optionally only those attached
-- to a buffer.
function M.clients(bufnr)
  local all
  if has('0.10') then
    all = vim.lsp.get_clients({ name = M.name, bufnr = bufnr })
  elseif bufnr ~= nil then
    all = vim.lsp.buf_get_clients(bufnr)
  else
    all = vim.lsp.get_active_clients()
  end
  local out = {}
  for _, c in pairs(all) do
    if c.name == M.name then
      table.insert(out, c)
    end
  end
  return out
end

local function tablegen_buffers()
  local out = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].filetype == 'tablegen' then
      table.insert(out, b)
    end
  end
  return out
end

-- restart stops every tdls client and attaches the tablegen buffers again
-- once they have exited.
function M.restart()
  local clients = M.clients()
  for _, c in ipairs(clients) do
    compat.call(c, 'stop')
  end
  legacy_clients = {}
  local waited = 0
  local timer = uv.new_timer()
  timer:start(100, 100, vim.schedule_wrap(function()
    waited = waited + 100
    local alive = false
    for _, c in ipairs(clients) do
      if not compat.call(c, 'is_stopped') then
        alive = true
      end
    end
    if alive and waited < 3000 then
      return
    end
    for _, c in ipairs(clients) do
      if not compat.call(c, 'is_stopped') then
        compat.call(c, 'stop', true)
      end
    end
    timer:stop()
    timer:close()
    for _, b in ipairs(tablegen_buffers()) do
      M.attach(b)
    end
    vim.notify('tdls: restarted', vim.log.levels.INFO)
  end))
end

-- trust trusts dir (default: the root of the current buffer's server) or
-- stops trusting it: written to Neovim's data directory, and told to the
-- running servers.
function M.trust(dir, trusted)
  if dir == nil then
    for _, c in ipairs(M.clients(vim.api.nvim_get_current_buf())) do
      dir = c.config and c.config.root_dir
      if dir then
        break
      end
    end
  end
  if dir == nil then
    local file = vim.api.nvim_buf_get_name(0)
    dir = root.find(file ~= '' and file or vim.fn.getcwd() .. '/x', M.options.root_markers)
  end
  dir = trust.set(dir, trusted ~= false)
  trust.notify(M.clients())
  vim.notify(string.format('tdls: %s %s (%s)', trusted ~= false and 'trusted' or 'no longer trusted', dir, trust.file()), vim.log.levels.INFO)
  return dir
end

-- The client to ask about a file that tdls does not manage (a C++ file):
-- one whose root holds it, else any running one.
local function client_for_file(file)
  local all = M.clients()
  for _, c in ipairs(all) do
    local r = c.config and c.config.root_dir
    if r and file:sub(1, #r + 1) == r .. '/' then
      return c
    end
  end
  return all[1]
end

-- tablegen_definition jumps from the C++ name under the cursor (an op,
-- attribute, type, interface or pass class, an accessor such as getLhs, a
-- member the .td requires, a helper a pattern calls) to its TableGen
-- declaration, through the server's tdls/tableGenDefinition request; with
-- several, they go to the quickfix list. The buffer's text goes with the
-- request (the server does not follow C++ buffers).
function M.tablegen_definition()
  local bufnr = vim.api.nvim_get_current_buf()
  local c = client_for_file(vim.api.nvim_buf_get_name(bufnr))
  if c == nil then
    vim.notify('tdls: no server running; open a .td file of the project first', vim.log.levels.INFO)
    return
  end
  local enc = c.offset_encoding or 'utf-16'
  local params = vim.lsp.util.make_position_params(0, enc)
  params.text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
  compat.call(c, 'request', 'tdls/tableGenDefinition', params, function(err, result)
    if err then
      vim.notify('tdls: ' .. tostring(err.message or err), vim.log.levels.ERROR)
      return
    end
    if result == nil or #result == 0 then
      vim.notify('tdls: no TableGen definition of ' .. vim.fn.expand('<cword>'), vim.log.levels.INFO)
      return
    end
    if #result == 1 then
      if vim.lsp.util.show_document then
        vim.lsp.util.show_document(result[1], enc, { focus = true })
      else
        vim.lsp.util.jump_to_location(result[1], enc)
      end
      return
    end
    vim.fn.setqflist({}, ' ', { title = 'TableGen definitions', items = vim.lsp.util.locations_to_items(result, enc) })
    vim.cmd('copen')
  end, bufnr)
end

local function detect_filetype()
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { td = 'tablegen' } })
  end
  if not has('0.8') then
    -- 0.7 detects filetypes with filetype.vim unless do_filetype_lua is set.
    vim.cmd([[
      augroup tdls_filetype
        autocmd!
        autocmd BufRead,BufNewFile *.td setfiletype tablegen
      augroup END
    ]])
  end
end

function M.setup(opts)
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  local lsp_api = api()
  if not ({ enable = true, start = true, start_client = true })[lsp_api] then
    vim.notify('tdls: lsp_api must be auto, enable, start or start_client, not ' .. tostring(lsp_api), vim.log.levels.ERROR)
    return
  end
  detect_filetype()
  preview.delay_ms = M.options.preview_delay_ms
  trust.configured = M.options.trusted_roots or {}

  local group = vim.api.nvim_create_augroup('tdls', { clear = true })
  if lsp_api == 'enable' then
    vim.lsp.config(M.name, {
      cmd = M.cmd(),
      filetypes = { 'tablegen' },
      root_markers = M.options.root_markers,
      init_options = M.options.settings,
      -- The trusted roots as they are when a server starts.
      before_init = function(params)
        params.initializationOptions = trust.with_trust(params.initializationOptions)
      end,
      settings = { tdls = M.options.settings },
      capabilities = M.options.capabilities,
      on_attach = M.options.on_attach,
      handlers = handlers,
    })
    vim.lsp.enable(M.name)
  else
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = 'tablegen',
      callback = function(args)
        M.attach(args.buf)
      end,
    })
  end

  vim.api.nvim_create_user_command('TdlsShow', function(args)
    local view, name = args.fargs[1], args.fargs[2]
    preview.open({ generator = view, name = name, all = args.bang })
  end, {
    nargs = '+',
    bang = true,
    complete = function(lead, line)
      -- Only the first argument is a view; the second names an entity.
      if #vim.split(line:sub(1, #line - #lead), '%s+', { trimempty = true }) > 1 then
        return {}
      end
      return vim.tbl_filter(function(v)
        return v:sub(1, #lead) == lead
      end, preview.views)
    end,
    desc = 'tdls: show the generated declarations, definitions, documentation or rewriter of what is under the cursor (NAME: by name; !: the whole file)',
  })
  vim.api.nvim_create_user_command('TdlsShowRewriter', function(args)
    preview.open({ name = args.args ~= '' and args.args or nil, all = args.bang })
  end, { nargs = '?', bang = true, desc = 'tdls: show the C++ of the DRR pattern under the cursor (! for the whole file)' })
  -- The server's code actions "Show generated rewriter/declarations/..."
  -- run these commands: handled here, they open the live preview instead
  -- of a file.
  vim.lsp.commands['tdls.showGeneratedRewriter'] = function(command)
    preview.from_command(command)
  end
  vim.lsp.commands['tdls.showGenerated'] = function(command)
    preview.from_command(command, 'decls')
  end
  vim.api.nvim_create_user_command('TdlsTableGenDefinition', M.tablegen_definition, {
    desc = 'tdls: go from the C++ name under the cursor to its TableGen declaration',
  })
  vim.api.nvim_create_user_command('TdlsRestart', M.restart, { desc = 'tdls: restart the language server' })
  vim.api.nvim_create_user_command('TdlsTrust', function(args)
    M.trust(args.args ~= '' and args.args or nil, true)
  end, { nargs = '?', complete = 'dir', desc = "tdls: trust DIR (default: the current buffer's root): its build tree's tools may run" })
  vim.api.nvim_create_user_command('TdlsUntrust', function(args)
    M.trust(args.args ~= '' and args.args or nil, false)
  end, { nargs = '?', complete = 'dir', desc = 'tdls: stop trusting DIR (default: the current buffer\'s root)' })

  -- Buffers already open get the server too.
  if lsp_api ~= 'enable' then
    for _, b in ipairs(tablegen_buffers()) do
      M.attach(b)
    end
  end
end

return M
