# cute-ir: the two commands a new machine needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
TS     ?= $(abspath ../shared/bin/tree-sitter)

.PHONY: run test install install-dev grammar grammar-test test-python test-nvim bench test-editors clean

$(VENV)/.installed: pyproject.toml setup.py grammar/src/parser.c grammar/src/scanner.c
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## run: install and show what a user gets on the example files
run: install
	$(VENV)/bin/cute-ir check examples/*.ir; status=$$?; \
	  echo "cute-ir check exited with $$status (1 means the examples contain the errors they demonstrate)"

## grammar: regenerate grammar/src from grammar/grammar.js (commit the result)
grammar:
	cd grammar && $(TS) generate --no-bindings

## grammar-test: tree-sitter corpus tests (skipped with a reason where the CLI is absent)
grammar-test:
	@if [ -x "$(TS)" ]; then cd grammar && $(TS) test; \
	 else echo "SKIP grammar corpus: tree-sitter CLI not found at $(TS)"; fi

test-python: install-dev
	$(PY) -m pytest -q

## test: every test: grammar corpus + pytest (unit, LSP end to end, Neovim client)
test: grammar-test test-python

bench: install
	$(PY) bench/run_latency.py

clean:
	rm -rf $(VENV) build *.egg-info server/*.egg-info
