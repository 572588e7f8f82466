-- Load the cute_ir tree-sitter parser into Neovim and check that the grammar's queries
-- work with Neovim's own tree-sitter runtime and highlighter. Prints one JSON object on
-- stdout; exit status 0 when nothing raised an error (the caller judges the content).
--
-- Run with: nvim --headless --clean -u NONE -c "luafile highlight_check.lua"
--
-- Inputs (environment):
--   CUTE_TS_RUNTIME  a directory laid out like a Neovim runtime directory:
--                      parser/cute_ir.so       the compiled grammar
--                      queries/cute_ir/*.scm   the query files
--   CUTE_TS_QUERIES  JSON array of query names to compile, e.g. ["highlights","folds"]
--   CUTE_TS_FILES    JSON array of files to parse and run the highlights query over
--   CUTE_TS_HIGHLIGHT_FILES JSON array of files to open in a window with the
--                    highlighter running
--
-- Uses the Neovim 0.7 API (require_language, parse_query, get_query); Neovim 0.9
-- renamed these (language.add, query.parse, query.get).

local LANG = "cute_ir"
local check = dofile(debug.getinfo(1, "S").source:sub(2):match("(.*[/\\])") .. "check_report.lua")
local report, problem, getenv = check.report, check.problem, check.getenv

local function read(path)
  return table.concat(vim.fn.readfile(path, "b"), "\n")
end

local function sorted_keys(set)
  local out = {}
  for k in pairs(set) do
    table.insert(out, k)
  end
  table.sort(out)
  return out
end

local function run()
  local runtime = getenv("CUTE_TS_RUNTIME")
  local query_names = vim.fn.json_decode(getenv("CUTE_TS_QUERIES"))
  local files = vim.fn.json_decode(getenv("CUTE_TS_FILES"))
  local highlight_files = vim.fn.json_decode(getenv("CUTE_TS_HIGHLIGHT_FILES"))

  -- Loading by explicit path checks the library itself (symbol tree_sitter_cute_ir,
  -- ABI accepted by Neovim's libtree-sitter); the runtime directory is also put on
  -- 'runtimepath' so queries are found by name, as for an installed parser.
  vim.treesitter.require_language(LANG, runtime .. "/parser/" .. LANG .. ".so")
  vim.opt.runtimepath:append(runtime)
  report.abi_version = vim.treesitter.inspect_language(LANG)._abi_version

  local ts_query = vim.treesitter.query
  report.queries = {}
  local compiled = {}
  for _, name in ipairs(query_names) do
    local path = runtime .. "/queries/" .. LANG .. "/" .. name .. ".scm"
    local ok, result = pcall(ts_query.parse_query, LANG, read(path))
    if ok then
      compiled[name] = result
      report.queries[name] = { ok = true, captures = result.captures }
    else
      report.queries[name] = { ok = false, error = tostring(result) }
      problem(name .. ".scm does not compile: " .. tostring(result))
    end
  end
  -- The highlighter looks its query up by name on 'runtimepath', not by path.
  report.highlights_found_on_runtimepath = ts_query.get_query(LANG, "highlights") ~= nil

  local highlights = compiled.highlights
  local seen = {}
  report.files = {}
  for _, path in ipairs(files) do
    local text = read(path)
    local parser = vim.treesitter.get_string_parser(text, LANG)
    local root = parser:parse()[1]:root()
    -- The S-expression lets the caller compare with the corpus's expected trees.
    local entry = { path = path, has_error = root:has_error(), sexpr = root:sexpr(), captures = {} }
    if highlights then
      local here = {}
      for id in highlights:iter_captures(root, text) do
        local name = highlights.captures[id]
        here[name] = true
        seen[name] = true
      end
      entry.captures = sorted_keys(here)
    end
    if compiled.tags then
      -- Matches rather than captures: the `#match?` predicate (run by Neovim with Vim
      -- regex semantics, not tree-sitter's) decides which ops count as definitions.
      entry.tags = {}
      local tags = compiled.tags
      for _, match in tags:iter_matches(root, text) do
        local kind, name
        for id, node in pairs(match) do
          local capture = tags.captures[id]
          if capture == "name" then
            name = ts_query.get_node_text(node, text)
          elseif capture:match("^definition%.") then
            kind = capture
          end
        end
        if kind and name then
          table.insert(entry.tags, { kind = kind, name = name })
        end
      end
    end
    table.insert(report.files, entry)
  end
  report.captures_seen = sorted_keys(seen)

  -- Now the real highlighter, on each file in a window. A headless Neovim still
  -- redraws its grid, so the decoration provider the highlighter paints with runs on
  -- :redraw; an error raised there becomes a message rather than a Lua error, hence
  -- the check of v:errmsg.
  local groups = {}
  local redraws = 0
  local all_active = true
  vim.v.errmsg = ""
  for _, path in ipairs(highlight_files) do
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local bufnr = vim.api.nvim_get_current_buf()
    local highlighter = vim.treesitter.highlighter.new(vim.treesitter.get_parser(bufnr, LANG))
    all_active = all_active and vim.treesitter.highlighter.active[bufnr] == highlighter
    local last = vim.api.nvim_buf_line_count(bufnr)
    local step = math.max(1, vim.api.nvim_win_get_height(0) - 1)
    for top = 1, last, step do
      -- The cursor moves too: a redraw scrolls the window back to wherever it is.
      vim.fn.winrestview({ topline = top, lnum = top, col = 0 })
      vim.cmd("redraw!")
    end
    redraws = redraws + highlighter.redraw_count
    -- hl_cache fills in as captures are drawn: capture id -> highlight group id.
    local hl_query = highlighter:get_query(LANG)
    for id, hl_id in pairs(hl_query.hl_cache) do
      groups[hl_query:query().captures[id]] = {
        group = vim.fn.synIDattr(hl_id, "name"),
        resolves_to = vim.fn.synIDattr(vim.fn.synIDtrans(hl_id), "name"),
      }
    end
  end
  report.highlighter = {
    active = all_active,
    redraw_count = redraws,
    groups = groups,
    errmsg = vim.v.errmsg,
  }
  if vim.v.errmsg ~= "" then
    problem("error while the highlighter drew: " .. vim.v.errmsg)
  end
end

check.finish(run)
