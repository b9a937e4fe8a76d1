-- The project root of a .td file: the nearest directory above it holding one
-- of the markers (tablegen_compile_commands.yml, .git), else its own
-- directory. Works without vim.fs (Neovim 0.7).
local M = {}

local uv = vim.uv or vim.loop

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function parent(dir)
  local p = dir:match('^(.*)/[^/]*$')
  if p == nil or p == '' then
    return '/'
  end
  return p
end

function M.find(file, markers)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local start = dir
  while true do
    for _, m in ipairs(markers) do
      if exists(dir .. '/' .. m) then
        return dir
      end
    end
    local up = parent(dir)
    if up == dir then
      return start
    end
    dir = up
  end
end

return M
