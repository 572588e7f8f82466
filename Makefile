# cute-ir: the two commands a new machine needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# The tree-sitter CLI: TS if given, else `tree-sitter` on PATH, else Debian trixie's package,
# fetched once into build/ by tools/fetch-tree-sitter-cli.sh (bookworm has none, and npm's
# tree-sitter-cli downloads its binary from outside the package registries).
TS       ?= $(shell command -v tree-sitter 2>/dev/null)
TS_CACHE := $(abspath build/tree-sitter-cli)
TS_FOUND  = $(if $(TS),$(abspath $(TS)),$$(tools/fetch-tree-sitter-cli.sh $(TS_CACHE)))

.PHONY: run test install install-dev grammar grammar-test test-python editor-deps bench bench-peer test-vscode test-editors screenshots mlir-suite corpus fuzz clean

# Re-install when the package metadata, the generated grammar or the binding's C sources
# (the binding, the semantic-token encoder) change: pip compiles them as C extensions.
$(VENV)/.installed: pyproject.toml setup.py grammar/src/parser.c grammar/src/scanner.c $(wildcard grammar/bindings/python/tree_sitter_cute_ir/*.c)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[dev]'
	# pycute (in the nvidia-cutlass wheel) is the layout algebra's test oracle; --no-deps
	# because the wheel's dependencies are CUDA runtime packages the oracle does not use.
	$(PY) -m pip install -q --no-deps nvidia-cutlass==4.2.0.0
	touch $@

# Every start of the server or the CLI imports the package; without its bytecode on disk Python
# compiles each module again, which doubles the time from a first open to its diagnostics.
# pip writes no bytecode for an editable install, and nothing is written at run time where the
# environment says not to (PYTHONDONTWRITEBYTECODE), so install compiles it once (and again
# after a change: compileall skips what is up to date).
BYTECODE = $(PY) -m compileall -q server/cute_ir > /dev/null

install: $(VENV)/.installed
	@$(BYTECODE)
install-dev: $(VENV)/.installed-dev
	@$(BYTECODE)

## run: install and show what a user gets on the example files (each on its target)
CUTE_IR := $(VENV)/bin/cute-ir
run: install
	@echo "== cute-ir check, each file on its own target: declared, else what its atoms need (examples/mistakes.ir shows errors on purpose)"
	@$(CUTE_IR) check examples/*.ir || true
	@echo "== cute-ir ptx: the PTX preview of examples/sm120_nvfp4.ir, assembled by ptxas when it is on PATH"
	@if command -v ptxas >/dev/null 2>&1; then $(CUTE_IR) ptx --assemble examples/sm120_nvfp4.ir | grep -E "^// line|mma.sync|^\.target"; \
	 else $(CUTE_IR) ptx examples/sm120_nvfp4.ir | grep -E "^// line|mma.sync|^\.target"; fi
	@echo "== cute-ir lower: examples/sm120_nvfp4.ir after each pass of the lowering pipeline"
	@$(CUTE_IR) lower --print-ir-after-all examples/sm120_nvfp4.ir
	@echo "== cute-ir lower --emit ptx: the TileAS kernel of examples/tileas_tma_mainloop.ir (sm_90a, then sm_100a), assembled by ptxas when it is on PATH"
	@for arch in sm_90a sm_100a; do \
	  if command -v ptxas >/dev/null 2>&1; then $(CUTE_IR) lower --emit ptx --assemble --arch $$arch examples/tileas_tma_mainloop.ir; \
	  else $(CUTE_IR) lower --emit ptx --arch $$arch examples/tileas_tma_mainloop.ir; fi \
	  | grep -E "^\.target|\.entry|prefetch|cp\.async\.bulk\.tensor"; done
	@echo "== cute-ir lower --emit ptx: the tensor-memory copies of examples/tileas_tmem_copy.ir (sm_100a)"
	@if command -v ptxas >/dev/null 2>&1; then $(CUTE_IR) lower --emit ptx --assemble examples/tileas_tmem_copy.ir; \
	 else $(CUTE_IR) lower --emit ptx examples/tileas_tmem_copy.ir; fi | grep -E "^\.target|tcgen05\.(ld|st)|matrix" | awk '!seen[$$1]++' | cut -c1-110
	@echo "== cute-ir lower --emit ptx: the TileAS matmul main loop of examples/tileas_matmul.ir (TMA ring, ldmatrix, mma.sync, TMA store) for sm_90a, sm_100a and sm_120a"
	@for arch in sm_90a sm_100a sm_120a; do \
	  if command -v ptxas >/dev/null 2>&1; then $(CUTE_IR) lower --emit ptx --assemble --arch $$arch examples/tileas_matmul.ir; \
	  else $(CUTE_IR) lower --emit ptx --arch $$arch examples/tileas_matmul.ir; fi \
	  | grep -E "^\.target|cp\.async\.bulk\.tensor|mbarrier\.try_wait|ldmatrix|mma\.sync" | awk '!seen[$$1]++' | cut -c1-110; done

## grammar: regenerate grammar/src from grammar/grammar.js (commit the result)
grammar:
	ts="$(TS_FOUND)" && cd grammar && "$$ts" generate --no-bindings

## grammar-test: tree-sitter corpus tests
grammar-test:
	@ts="$(TS_FOUND)" && echo "tree-sitter CLI: $$ts ($$("$$ts" --version))" && cd grammar && "$$ts" test

## editor-deps: the real editors the client tests drive (Debian packages). apt waits up to 3
## minutes for another apt or dpkg (an unattended upgrade, another checkout's install) to let
## go of its locks instead of failing at once: install through DPkg::Lock::Timeout, update
## (whose lists lock that option does not cover) tried again every 5 s.
APT := apt-get -o DPkg::Lock::Timeout=180
editor-deps:
	@if ! command -v nvim >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    tries=0; until $(APT) update -qq; do tries=$$((tries + 1)); [ $$tries -lt 36 ] || exit 1; sleep 5; done; \
	    DEBIAN_FRONTEND=noninteractive $(APT) install -y -qq neovim >/dev/null; \
	  else echo "Neovim missing and not root: the Neovim tests will be skipped"; fi; fi

test-python: install-dev editor-deps
	$(PY) -m pytest -q

## test: every test: grammar corpus + pytest (stages, LSP end to end, Neovim client, ptxas)
test: grammar-test test-python

## test-vscode: the VS Code extension's own checks (manifest, TextMate grammar, bundle); no VS Code needed
# --no-workspaces: the extension keeps its own lockfile (the root package.json is a workspace root).
test-vscode:
	cd vscode-extension && npm ci --no-workspaces --no-audit --no-fund && npm test --no-workspaces

## test-editors: the extension in real VS Code (code-server + headless Chromium; installs them itself)
test-editors: install test-vscode
	bash tests/editors/vscode/run_e2e.sh $${CUTE_IR_E2E_WORK:-/tmp/cute-ir-vscode-e2e} tests/editors/vscode/out

## screenshots: test-editors, then copy the screenshots docs/ shows from its run into docs/screenshots
screenshots:
	CUTE_IR_E2E_DOCS=1 $(MAKE) test-editors

## bench: latency through the real server, then the grammar's own re-parse cost
bench: install
	$(PY) -m pip install -q -e '.[bench]'
	$(PY) bench/run_latency.py
	$(PY) bench/whole_document_requests.py
	$(PY) bench/editor_like_open.py
	$(PY) bench/grammar_reparse.py
	$(PY) bench/parse_threads.py
	$(PY) bench/ssa_check.py
	$(PY) bench/soak_memory.py
	$(PY) bench/lowered_ir.py
	$(PY) bench/pipeline_on_edit.py
	$(PY) bench/pathological.py
	$(PY) bench/format_and_index.py

## bench-peer: cute-ir beside upstream MLIR's mlir-lsp-server on the same files (unpacks the peer
## from Debian's packages into $${MLIR_PEER_DIR:-/tmp/mlirpeer} first; BENCH_PEER_ARGS=--quick for a smoke run)
bench-peer: install
	$(PY) -m pip install -q -e '.[bench]'
	test -x $${MLIR_PEER_DIR:-/tmp/mlirpeer}/bin/mlir-lsp-server-22 || bash ../shared/bench/setup_mlir_peer.sh
	$(PY) bench/peer.py $(BENCH_PEER_ARGS)

## mlir-suite: MLIR's own tests (MLIR_TEST=/path/to/llvm-project/mlir/test): false syntax errors,
## the invalid tests' expected diagnostics produced (--verify-diagnostics), errors on the valid tests.
## Without MLIR_TEST (the files are not part of this repository) it says so and skips.
mlir-suite: install
	@if [ -z "$(MLIR_TEST)" ] || [ ! -d "$(MLIR_TEST)" ]; then \
	  echo "mlir-suite: skipped: set MLIR_TEST to llvm-project's mlir/test directory (got '$(MLIR_TEST)')"; \
	else \
	  status=0; \
	  $(PY) tools/mlir_suite.py "$(MLIR_TEST)" $(MLIR_SUITE_ARGS) || status=1; \
	  $(PY) tools/mlir_verify_suite.py "$(MLIR_TEST)" $(MLIR_VERIFY_ARGS) || status=1; \
	  exit $$status; \
	fi

## corpus: regenerate tests/corpus/cutedsl/ with NVIDIA's CuTe DSL in a venv of its own
## (an offline generator: no test and no runtime code needs it; no GPU needed)
CORPUS_VENV := build/corpus-venv
CORPUS_DSL  := nvidia-cutlass-dsl==4.8.1
$(CORPUS_VENV)/.installed:
	$(PYTHON) -m venv $(CORPUS_VENV)
	$(CORPUS_VENV)/bin/python -m pip install -q '$(CORPUS_DSL)'
	touch $@

corpus: $(CORPUS_VENV)/.installed
	$(CORPUS_VENV)/bin/python tools/corpus/generate.py
	$(CORPUS_VENV)/bin/python tools/corpus/vocabulary.py

## fuzz: random edits through the analysis, each step compared with a fresh analysis, then
## random and malformed protocol messages through the real server, then bursts of random
## edits into real dumps through the real server (a hang: no newest publish in 10 s), each for FUZZ_SECONDS
## (default 600) from FUZZ_SEED; minimised reproducers and failing inputs go to FUZZ_OUT
FUZZ_SECONDS ?= 600
FUZZ_SEED    ?= 1
FUZZ_OUT     ?= fuzz-out
fuzz: install-dev
	$(PY) -m tests.fuzz.edit_fuzz --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)
	$(PY) tests/fuzz/protocol_fuzz.py --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)/protocol
	$(PY) tests/fuzz/burst_fuzz.py --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --out $(FUZZ_OUT)/burst

clean:
	rm -rf $(VENV) build *.egg-info server/*.egg-info
