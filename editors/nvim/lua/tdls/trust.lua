-- Workspace trust: a repository is untrusted input, and tdls runs none of
-- its executables (its build tree's mlir-tblgen, what its compile
-- databases and CMake caches name) unless the user trusts its folder. The
-- trusted roots are the user's: setup's trusted_roots, and those
-- :TdlsTrust writes to Neovim's data directory (stdpath('data')), never to
-- the project. The server gets them as trustedFolders, at initialization
-- and through tdls/didChangeTrust when they change.
local M = {}

-- configured are setup's trusted_roots.
M.configured = {}

-- file is where :TdlsTrust keeps the roots the user trusted.
function M.file()
  return vim.fn.stdpath('data') .. '/tdls/trusted-roots.json'
end

local function normalize(dir)
  local p = vim.fn.fnamemodify(vim.fn.expand(dir), ':p')
  if #p > 1 then
    p = p:gsub('/+$', '')
  end
  return p
end

local function read_file()
  local f = io.open(M.file(), 'r')
  if f == nil then
    return {}
  end
  local text = f:read('*a')
  f:close()
  local ok, list = pcall(vim.fn.json_decode, text)
  if not ok or type(list) ~= 'table' then
    return {}
  end
  local out = {}
  for _, d in ipairs(list) do
    if type(d) == 'string' and d ~= '' then
      table.insert(out, d)
    end
  end
  return out
end

local function write_file(list)
  vim.fn.mkdir(vim.fn.fnamemodify(M.file(), ':h'), 'p')
  local f = assert(io.open(M.file(), 'w'))
  f:write(vim.fn.json_encode(list))
  f:close()
end

-- roots are every trusted root: setup's, then :TdlsTrust's.
function M.roots()
  local out, seen = {}, {}
  local add = function(d)
    d = normalize(d)
    if not seen[d] then
      seen[d] = true
      table.insert(out, d)
    end
  end
  for _, d in ipairs(M.configured) do
    add(d)
  end
  for _, d in ipairs(read_file()) do
    add(d)
  end
  return out
end

-- with_trust adds the trusted roots to initializationOptions.
function M.with_trust(init_options)
  local out = vim.deepcopy(init_options or {})
  out.trustedFolders = M.roots()
  return out
end

-- notify tells the running servers the roots now trusted.
function M.notify(clients)
  local compat = require('tdls.compat')
  for _, c in ipairs(clients) do
    compat.call(c, 'notify', 'tdls/didChangeTrust', { trustedFolders = M.roots() })
  end
end

-- trust adds dir (trust = true) to the roots :TdlsTrust keeps, or removes
-- it; returns the normalized dir.
function M.set(dir, trust)
  dir = normalize(dir)
  local list, found = {}, false
  for _, d in ipairs(read_file()) do
    if normalize(d) == dir then
      found = true
      if trust then
        table.insert(list, d)
      end
    else
      table.insert(list, d)
    end
  end
  if trust and not found then
    table.insert(list, dir)
  end
  write_file(list)
  return dir
end

return M
