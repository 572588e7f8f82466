-- What the Neovim checks share: the JSON report they print, how they record a problem, how
-- they read their environment inputs, and how they exit (0 when no problem was recorded).
-- Loaded with dofile() by the check scripts, which run through `luafile` (no package path).
local M = {}

M.report = { ok = false, errors = {} }
do
  local v = vim.version()
  M.report.nvim = string.format("%d.%d.%d", v.major, v.minor, v.patch)
end

function M.problem(msg)
  table.insert(M.report.errors, msg)
end

-- The value of an environment variable; `default` when unset or empty, else an error.
function M.getenv(name, default)
  local value = os.getenv(name)
  if value == nil or value == "" then
    if default == nil then
      error("missing environment variable " .. name)
    end
    return default
  end
  return value
end

-- Run the check, print the report as one JSON line and quit with its verdict.
function M.finish(run)
  local ran, err = pcall(run)
  if not ran then
    M.problem("lua error: " .. tostring(err))
  end
  M.report.ok = #M.report.errors == 0
  io.stdout:write(vim.fn.json_encode(M.report) .. "\n")
  io.stdout:flush()
  if M.report.ok then
    vim.cmd("qall!")
  else
    vim.cmd("cquit 1")
  end
end

return M
