-- Calling client methods across Neovim versions: up to 0.10 they are
-- closures (client.request(...)), from 0.11 methods (client:request(...)).
local M = {}

local methods = vim.fn.has('nvim-0.11') == 1

function M.call(client, method, ...)
  if methods then
    return client[method](client, ...)
  end
  return client[method](...)
end

-- byteindex converts an LSP character offset on line to a byte offset.
function M.byteindex(line, character, encoding)
  if methods then
    return vim.str_byteindex(line, encoding, character, false)
  end
  return vim.str_byteindex(line, character, encoding ~= 'utf-8')
end

return M
