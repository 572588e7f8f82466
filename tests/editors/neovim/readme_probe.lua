-- After the README's configuration snippet ran as the init file: open CUTE_LSP_FILE as a user
-- would, wait (bounded) for the server's diagnostics, and report the filetype, the attached
-- clients and the diagnostics' messages as one JSON line.
--
-- Run with: nvim --headless --clean -u SNIPPET.lua -c "luafile readme_probe.lua"
--
-- Inputs (environment): CUTE_LSP_FILE, CUTE_LSP_TIMEOUT (ms, default 15000).

local check = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*[/\\])") .. "check_report.lua")
local report, problem, getenv = check.report, check.problem, check.getenv

check.finish(function()
  vim.cmd("edit " .. vim.fn.fnameescape(getenv("CUTE_LSP_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  local timeout = tonumber(getenv("CUTE_LSP_TIMEOUT", "15000"))
  if not vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
    problem("no diagnostics within " .. timeout .. " ms")
  end
  report.filetype = vim.bo[bufnr].filetype
  report.clients = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    table.insert(report.clients, client.name)
  end
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(report.diagnostics, { line = d.lnum, col = d.col, message = d.message })
  end
  for _, client in pairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
end)
