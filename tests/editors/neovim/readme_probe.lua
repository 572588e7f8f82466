-- After the README's configuration snippet ran as the init file: open CUTE_LSP_FILE (and then
-- each of CUTE_LSP_MORE_FILES) as a user would, wait (bounded) for the server's diagnostics
-- in each buffer the snippet gives the cute_ir filetype, and report the first file's filetype,
-- attached clients and diagnostics, and for every file its filetype, its diagnostics' count
-- and whether tree-sitter highlights it, as one JSON line.
--
-- Run with: nvim --headless [--clean] -u SNIPPET.lua -c "luafile readme_probe.lua"
--
-- Inputs (environment): CUTE_LSP_FILE, CUTE_LSP_MORE_FILES (JSON array, default none),
-- CUTE_LSP_TIMEOUT (ms, default 15000).

local check = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*[/\\])") .. "check_report.lua")
local report, problem, getenv = check.report, check.problem, check.getenv

check.finish(function()
  local timeout = tonumber(getenv("CUTE_LSP_TIMEOUT", "15000"))
  local files = { getenv("CUTE_LSP_FILE") }
  for _, more in ipairs(vim.fn.json_decode(getenv("CUTE_LSP_MORE_FILES", "[]"))) do
    table.insert(files, more)
  end
  report.files = {}
  for n, path in ipairs(files) do
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local bufnr = vim.api.nvim_get_current_buf()
    local filetype = vim.bo[bufnr].filetype
    if filetype == "cute_ir" then
      if not vim.wait(timeout, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
        problem("no diagnostics within " .. timeout .. " ms for " .. path)
      end
      -- a second copy (pulled as well as published) would come soon after the first
      vim.wait(500)
    end
    table.insert(report.files, {
      file = vim.fn.fnamemodify(path, ":t"), filetype = filetype,
      diagnostics = #vim.diagnostic.get(bufnr),
      highlighted = vim.treesitter.highlighter.active[bufnr] ~= nil,
    })
    if n == 1 then
      report.filetype = filetype
      report.clients = {}
      for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
        table.insert(report.clients, client.name)
      end
      report.diagnostics = {}
      for _, d in ipairs(vim.diagnostic.get(bufnr)) do
        table.insert(report.diagnostics, { line = d.lnum, col = d.col, message = d.message })
      end
    end
  end
  for _, client in pairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
end)
