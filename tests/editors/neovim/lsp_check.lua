-- Drive a stdio language server through Neovim's own LSP client and report what the
-- editor saw, as one JSON object on stdout. Exit status 0 when every step worked.
--
-- Run with: nvim --headless --clean -u NONE -c "luafile lsp_check.lua"
--
-- Inputs (environment):
--   CUTE_LSP_CMD         server argv, JSON array
--   CUTE_LSP_FILE        file to open
--   CUTE_LSP_EXPECT      exact message of a diagnostic that must be published
--   CUTE_LSP_HOVER       "line:col" to hover at
--   CUTE_LSP_DEFINITION  "line:col" to ask the definition of
--   CUTE_LSP_RENAME      "line:col" to rename at
--   CUTE_LSP_NEW_NAME    the new name for the rename
--   CUTE_LSP_FIX         JSON {start_line, start_col, end_line, end_col, text}: an edit
--                        after which the file has no diagnostics
--   CUTE_LSP_TIMEOUT     ms for each wait (default 15000)
-- Positions are 0-based lines and 0-based byte columns (the files are ASCII, so they
-- equal the UTF-16 columns the protocol uses).
--
-- Only APIs present in Neovim 0.7 are used (start_client + buf_attach_client rather
-- than vim.lsp.start, which arrived in 0.8), so the same script runs on 0.7 and later.

local check = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*[/\\])") .. "check_report.lua")
local report, problem, getenv = check.report, check.problem, check.getenv

local function position(name)
  local line, col = getenv(name):match("^(%d+):(%d+)$")
  if not line then
    error(name .. " must look like LINE:COL")
  end
  return { line = tonumber(line), character = tonumber(col) }
end

local function range_table(r)
  return {
    start_line = r.start.line, start_col = r.start.character,
    end_line = r["end"].line, end_col = r["end"].character,
  }
end

-- One request, waited for with a bound. Returns the result or nil after recording why.
local function request(bufnr, client_id, method, params, timeout)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout)
  if not responses then
    problem(method .. ": no response (" .. tostring(err) .. ")")
    return nil
  end
  local response = responses[client_id]
  if response == nil then
    problem(method .. ": the client gave no response")
    return nil
  end
  if response.err then
    problem(method .. ": error " .. vim.inspect(response.err))
    return nil
  end
  if response.result == nil then
    problem(method .. ": null result")
  end
  return response.result
end

local function run()
  local cmd = vim.fn.json_decode(getenv("CUTE_LSP_CMD"))
  local file = getenv("CUTE_LSP_FILE")
  local expect = getenv("CUTE_LSP_EXPECT")
  local timeout = tonumber(getenv("CUTE_LSP_TIMEOUT", "15000"))

  -- Every publishDiagnostics notification is kept, so waits can tell a fresh
  -- publication (matching the buffer version just sent) from an older one.
  local last_publish = nil
  local publish_count = 0
  local exit_code, exit_signal = nil, nil
  local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]

  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()

  local client_id = vim.lsp.start_client({
    name = "cute-ir",
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(file, ":p:h"),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        last_publish = result
        publish_count = publish_count + 1
        return default_publish(err, result, ctx, config)
      end,
    },
    on_exit = function(code, signal)
      exit_code, exit_signal = code, signal
    end,
  })
  if not client_id then
    problem("vim.lsp.start_client did not start the server")
    return
  end
  vim.lsp.buf_attach_client(bufnr, client_id)

  local initialized = vim.wait(timeout, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized == true
  end, 20)
  if not initialized then
    problem("server did not initialize within " .. timeout .. " ms (exit code " .. tostring(exit_code) .. ")")
    return
  end
  local client = vim.lsp.get_client_by_id(client_id)
  report.server_name = client.server_info and client.server_info.name or nil
  report.offset_encoding = client.offset_encoding
  local uri = vim.uri_from_bufnr(bufnr)

  -- Diagnostics for the opened file, read back from vim.diagnostic, i.e. what the user sees.
  local got = vim.wait(timeout, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 20)
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(report.diagnostics, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source,
    })
  end
  if not got then
    problem("no diagnostics within " .. timeout .. " ms")
  else
    local seen = false
    for _, d in ipairs(report.diagnostics) do
      if d.message == expect then
        seen = true
      end
    end
    if not seen then
      problem("no diagnostic with the message: " .. expect)
    end
  end

  local hover = request(bufnr, client_id, "textDocument/hover",
    { textDocument = { uri = uri }, position = position("CUTE_LSP_HOVER") }, timeout)
  if hover ~= nil then
    local contents = hover.contents
    if type(contents) == "table" and contents.value ~= nil then
      report.hover = contents.value
    else
      report.hover = vim.inspect(contents)
    end
  end

  -- A definition answer may be one Location, a list of them, or LocationLinks.
  local definition = request(bufnr, client_id, "textDocument/definition",
    { textDocument = { uri = uri }, position = position("CUTE_LSP_DEFINITION") }, timeout)
  if definition ~= nil then
    if definition.uri or definition.targetUri then
      definition = { definition }
    end
    report.definitions = {}
    for _, loc in ipairs(definition) do
      local r = range_table(loc.targetSelectionRange or loc.range)
      r.uri = loc.targetUri or loc.uri
      table.insert(report.definitions, r)
    end
  end

  local new_name = getenv("CUTE_LSP_NEW_NAME")
  local edit = request(bufnr, client_id, "textDocument/rename",
    { textDocument = { uri = uri }, position = position("CUTE_LSP_RENAME"), newName = new_name }, timeout)
  if edit ~= nil then
    report.rename_edits = {}
    local function collect(doc_uri, edits)
      for _, e in ipairs(edits) do
        local r = range_table(e.range)
        r.uri = doc_uri
        r.new_text = e.newText
        table.insert(report.rename_edits, r)
      end
    end
    for doc_uri, edits in pairs(edit.changes or {}) do
      collect(doc_uri, edits)
    end
    for _, change in ipairs(edit.documentChanges or {}) do
      if change.edits then
        collect(change.textDocument.uri, change.edits)
      end
    end
    -- Applying the edit the way `vim.lsp.buf.rename` would sends the server an
    -- incremental didChange, so the fix below also checks the server followed it.
    vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
    report.text_after_rename = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  end

  local fix = vim.fn.json_decode(getenv("CUTE_LSP_FIX"))
  vim.api.nvim_buf_set_text(bufnr, fix.start_line, fix.start_col, fix.end_line, fix.end_col,
    vim.split(fix.text, "\n", true))
  report.text_after_fix = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  -- Wait for a publication about the version just sent, not a late one for an
  -- earlier version, before trusting that the list is empty.
  local cleared = vim.wait(timeout, function()
    return last_publish ~= nil
      and last_publish.version == vim.lsp.util.buf_versions[bufnr]
      and #last_publish.diagnostics == 0
      and #vim.diagnostic.get(bufnr) == 0
  end, 20)
  report.diagnostics_cleared = cleared
  report.publish_count = publish_count
  if not cleared then
    problem("diagnostics did not clear after the fix (last publication: "
      .. vim.inspect(last_publish) .. ", buffer version " .. tostring(vim.lsp.util.buf_versions[bufnr]) .. ")")
  end

  -- stop() sends shutdown and then exit; the process should end on its own with status 0.
  client.stop()
  local exited = vim.wait(timeout, function()
    return exit_code ~= nil
  end, 20)
  report.server_exit_code = exit_code
  report.server_exit_signal = exit_signal
  if not exited then
    problem("server still running " .. timeout .. " ms after shutdown/exit")
    client.stop(true)
  elseif exit_code ~= 0 then
    problem("server exited with status " .. tostring(exit_code))
  end
end

check.finish(run)
