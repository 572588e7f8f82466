"""`cute-ir check|parse` run as a user runs them: inputs (files, `-`, directories, globs), text
output with source lines and carets, colour, filtering, exit statuses, and bad input."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cute_ir.analysis import MAX_ANALYSED_BYTES
from cute_ir.cli.inputs import BINARY
from cute_ir.tables.tiers import TARGETS
from tests.conftest import REPO


def run(*args, cwd=None, stdin=None, env=None):
    return subprocess.run([sys.executable, "-m", "cute_ir.cli", *args], capture_output=True,
                          text=True, cwd=cwd, input=stdin, timeout=120,
                          env={**os.environ, **(env or {})})


BAD = "%0 = t.t : !cute_nvgpu.bogus\n"
COL = BAD.index("bogus")          # 0-based column of the mnemonic
UNKNOWN = "error: unknown  type `bogus` in dialect `cute_nvgpu` [types:types.unknown-type]"
BAD_SNIPPET = [BAD.rstrip("\n"), " " * COL + "^~~~~"]

# An MMA applied to a register operand B: an error with a related note at the atom.
MMA = ("func.func @k(%d: memref<64xf32>, %a: memref<8xf16>, %b: memref<8xf16>) {\n"
       "  %w = cute_nvgpu.make_mma_atom {shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, "
       "c_type = f32} : !cute_nvgpu.sm90.mma\n"
       "  cute_nvgpu.mma %w, %d, %a, %b, %d : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
       "memref<8xf16>, memref<8xf16>, memref<64xf32>)\n"
       "  return\n}\n")
ATOM_LINE, MMA_LINE = MMA.splitlines()[1:3]
MMA_B = MMA_LINE.index("memref<8xf16>, memref<64")
MMA_MESSAGE = "expects smem_desc_view for operand B, but gets B: memref<8xf16>."
MMA_CODE = "verify.mma.expects-operand-b-residency"


@pytest.fixture
def bad(tmp_path):
    path = tmp_path / "bad.ir"
    path.write_text(BAD, encoding="utf-8")
    return path


@pytest.fixture
def mma(tmp_path):
    path = tmp_path / "mma.ir"
    path.write_text(MMA, encoding="utf-8")
    return path


# ------------------------------------------------------------------ text output
def test_text_output_shows_the_line_and_a_caret_under_the_range(bad):
    r = run("check", str(bad))
    assert (r.returncode, r.stderr) == (1, "")
    assert r.stdout == "\n".join([f"{bad}:1:{COL + 1}: {UNKNOWN}", *BAD_SNIPPET,
                                  "1 file checked: 1 error, 0 warnings", ""])


def test_related_notes_are_shown_with_their_own_line_and_caret(mma):
    r = run("check", str(mma))
    assert r.returncode == 1
    assert r.stdout == "\n".join([
        # The file declares no target: its WGMMA atom decides it, and the report says so.
        f"{mma}: note: target sm_90a, inferred from `sm90.mma` at 2:{ATOM_LINE.index('!cute_nvgpu') + 1}; "
        "the file declares none",
        f"{mma}:3:{MMA_B + 1}: error: {MMA_MESSAGE} [verify:{MMA_CODE}]",
        MMA_LINE, " " * MMA_B + "^" + "~" * (len("memref<8xf16>") - 1),
        f"{mma}:2:3: note: the `sm90.mma` atom is defined here",
        ATOM_LINE, "  ^" + "~" * (len(ATOM_LINE) - 3),
        "1 file checked: 1 error, 0 warnings", ""])


def test_tabs_stay_tabs_under_the_caret(tmp_path):
    path = tmp_path / "tab.ir"
    path.write_text("\t%0 = t.t : !cute_nvgpu.bogus\n", encoding="utf-8")
    lines = run("check", str(path)).stdout.splitlines()
    assert lines[1:3] == ["\t%0 = t.t : !cute_nvgpu.bogus", "\t" + " " * COL + "^~~~~"]


def test_colour_always_and_never_and_no_color(bad):
    coloured = run("check", "--color", "always", str(bad)).stdout.splitlines()
    assert coloured[0] == (f"\033[1m{bad}:1:{COL + 1}:\033[0m \033[1;31merror:\033[0m "
                           "\033[1munknown  type `bogus` in dialect `cute_nvgpu`\033[0m "
                           "[types:types.unknown-type]")
    assert coloured[2] == " " * COL + "\033[1;32m^~~~~\033[0m"
    # `always` is the user's explicit wish and wins over NO_COLOR; auto on a pipe never colours.
    assert run("check", "--color", "always", str(bad), env={"NO_COLOR": "1"}).stdout.splitlines() == coloured
    plain = run("check", "--color", "never", str(bad)).stdout
    assert "\033[" not in plain and plain == run("check", str(bad)).stdout


def test_colour_auto_on_a_terminal_honours_no_color(bad):
    pytest.importorskip("pty")      # the child below spawns through it
    script = ("import os, pty, sys; os.environ.update(NO_COLOR=sys.argv[1]); "
              "pty.spawn([sys.executable, '-m', 'cute_ir.cli', 'check', sys.argv[2]])")
    for no_color, coloured in (("", True), ("1", False)):
        out = subprocess.run([sys.executable, "-c", script, no_color, str(bad)],
                             capture_output=True, timeout=120).stdout.decode()
        assert ("\033[1;31merror:" in out) is coloured, out


def test_quiet_prints_only_the_diagnostics(bad, tmp_path):
    r = run("check", "--quiet", str(bad))
    assert (r.returncode, r.stdout) == (1, "\n".join([f"{bad}:1:{COL + 1}: {UNKNOWN}", *BAD_SNIPPET, ""]))
    clean = tmp_path / "clean.ir"
    clean.write_text("%0 = t.t : i32\n", encoding="utf-8")
    assert (run("check", "-q", str(clean)).returncode, run("check", "-q", str(clean)).stdout) == (0, "")


def test_warnings_exit_zero_unless_werror(tmp_path):
    path = tmp_path / "latin1.ir"
    path.write_bytes(b"// caf\xe9\n%0 = t.t : i32\n")
    warning = ("warning: the file is not valid UTF-8 (first bad byte at offset 6); invalid bytes "
               "were replaced [syntax:syntax.encoding]")
    r = run("check", str(path))
    assert (r.returncode, r.stdout) == (0, "\n".join([
        f"{path}:1:1: {warning}", "// caf\ufffd", "^", "1 file checked: 0 errors, 1 warning", ""]))
    assert run("check", "--werror", str(path)).returncode == 1


# ------------------------------------------------------------------ long lines
# CuTe DSL dumps write types thousands of characters long: the quoted line is a window of at
# most SOURCE_WIDTH characters around the caret, `…` where text is cut, as rustc prints it.
def _long_line(tmp_path, before: int, after: int):
    """A line with `before` characters of padding (a long attribute) ahead of the unknown type
    and `after` characters behind it; the path and the line."""
    head = '%0 = t.t {pad = "' + "p" * before + '"} : !cute_nvgpu.bogus'
    line = head + ("" if not after else ', {tail = "' + "q" * after + '"}')
    path = tmp_path / "long.ir"
    path.write_text(line + "\n", encoding="utf-8")
    return path, line


def _shown_and_caret(path):
    out = run("check", str(path)).stdout.splitlines()
    assert out[0].endswith("[types:types.unknown-type]")
    return out[1], out[2]


@pytest.mark.parametrize("before,after", [(3000, 3000), (3000, 0), (10, 3000), (200, 60)])
def test_a_long_source_line_is_cut_to_a_window_around_the_caret(tmp_path, before, after):
    from cute_ir.cli.text_report import SOURCE_WIDTH

    path, line = _long_line(tmp_path, before, after)
    column = line.index("bogus")
    first = run("check", str(path)).stdout.splitlines()[0]
    assert first.startswith(f"{path}:1:{column + 1}: error:")      # the real column, uncut
    shown, caret = _shown_and_caret(path)
    assert len(shown) <= SOURCE_WIDTH and len(line) > SOURCE_WIDTH
    cut_before, cut_after = shown.startswith("…"), shown.endswith("…")
    inner = shown[cut_before:len(shown) - cut_after]
    assert inner in line
    lo = line.index(inner) if cut_before else 0
    assert cut_before == (lo > 0) and cut_after == (lo + len(inner) < len(line))
    # the caret stands under the mnemonic's first character, the `~` under the rest of it
    assert caret == " " * (column - lo + cut_before) + "^~~~~"
    assert shown[caret.index("^"):caret.index("^") + 5] == "bogus"
    # and there is context before it
    assert caret.index("^") >= 10


def test_a_line_that_fits_is_shown_whole(tmp_path):
    from cute_ir.cli.text_report import SOURCE_WIDTH

    path, line = _long_line(tmp_path, SOURCE_WIDTH - len('%0 = t.t {pad = ""} : !cute_nvgpu.bogus'), 0)
    assert len(line) == SOURCE_WIDTH
    assert _shown_and_caret(path)[0] == line


def test_a_range_longer_than_the_window_is_marked_to_the_window_s_end(tmp_path):
    from cute_ir.cli.text_report import SOURCE_WIDTH

    # the note at an atom's definition covers its whole op, here far wider than the window
    long_attrs = ", ".join(f"a{i} = {i}" for i in range(80))
    text = (f"func.func @k(%d: memref<64xf32>, %a: memref<8xf16>, %b: memref<8xf16>) {{\n"
            f"  %w = cute_nvgpu.make_mma_atom {{{long_attrs}, shape_MNK = [64, 128, 16], a_type = f16, "
            f"b_type = f16, c_type = f32}} : !cute_nvgpu.sm90.mma\n"
            f"  cute_nvgpu.mma %w, %d, %a, %b, %d : (!cute_nvgpu.sm90.mma, memref<64xf32>, "
            f"memref<8xf16>, memref<8xf16>, memref<64xf32>)\n  return\n}}\n")
    path = tmp_path / "note.ir"
    path.write_text(text, encoding="utf-8")
    out = run("check", str(path)).stdout.splitlines()
    note = out.index(next(l for l in out if ": note: the `sm90.mma` atom is defined here" in l))
    shown, caret = out[note + 1], out[note + 2]
    assert shown.startswith("  %w = cute_nvgpu.make_mma_atom {a0 = 0") and shown.endswith("…")
    assert len(shown) == SOURCE_WIDTH - 1 and caret == "  ^" + "~" * (SOURCE_WIDTH - 5)


def test_the_summary_counts_every_severity_it_printed(tmp_path):
    path = tmp_path / "remark.ir"
    path.write_text("func.func @k(%v: memref<128x12xf16, 1>, %i: index) {\n"
                    "  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {tileSize = array<i64: 8, 8>, "
                    "allow_tma = true} : memref<128x12xf16, 1> -> tensor<8x8xf16>\n"
                    "  return\n}\n", encoding="utf-8")
    r = run("check", str(path))
    assert r.returncode == 0
    assert r.stdout.count(": information: this load allows TMA but cannot use it") == 1
    assert r.stdout.splitlines()[-1] == "1 file checked: 0 errors, 0 warnings, 1 information"
    path.with_name("copy.ir").write_text(path.read_text(), encoding="utf-8")
    two = run("check", str(path), str(path.with_name("copy.ir")))
    assert two.stdout.splitlines()[-1] == "2 files checked: 0 errors, 0 warnings, 2 information"


ALIASED_TILE = ("#tile = array<i64: {}>\n"
                "func.func @k(%v: memref<128x128xf16, 1>, %i: index) attributes "
                "{{nv_tileas.kernel_spec = #nv_tileas.kernel_spec<num_warps = 4>}} {{\n"
                "  %a = nv_tileas.tiled_load %v coords(%i, %i) offsets() {{tileSize = #tile, allow_tma = true}} "
                ": memref<128x128xf16, 1> -> tensor<64x128xf16>\n"
                "  return\n}}\n")


def test_a_tile_size_written_as_an_attribute_alias_is_what_it_stands_for(tmp_path):
    """`tileSize = #tile` checks as the array `#tile` stands for: clean when it fits the tile
    (and the load gets TMA: no remark), the size error at the use when it does not."""
    path = tmp_path / "alias.ir"
    path.write_text(ALIASED_TILE.format("64, 128"), encoding="utf-8")
    clean = run("check", str(path))
    assert (clean.returncode, clean.stdout.splitlines()) == (0, ["1 file checked: 0 errors, 0 warnings"])
    path.write_text(ALIASED_TILE.format("64, 64"), encoding="utf-8")
    wrong = run("check", "-q", str(path))
    column = path.read_text().splitlines()[2].index("#tile") + 1
    assert wrong.returncode == 1
    assert [l for l in wrong.stdout.splitlines() if l.startswith(str(path))] == [
        f"{path}:3:{column}: error: requires the same size for tileSize and tensor "
        "[verify:tileas.memops.tile-size-mismatch]"]


# ------------------------------------------------------------------ --select / --ignore
def test_select_and_ignore_by_code_prefix(mma, bad):
    both = [str(mma), str(bad)]
    selected = run("check", "-q", "--select", "verify.mma", *both)
    assert [l for l in selected.stdout.splitlines() if l.startswith(str(mma.parent))] == [
        f"{mma}:3:{MMA_B + 1}: error: {MMA_MESSAGE} [verify:{MMA_CODE}]",
        f"{mma}:2:3: note: the `sm90.mma` atom is defined here"]
    ignored = run("check", "--ignore", "verify.mma,syntax", *both)
    assert ignored.returncode == 1
    assert ignored.stdout.splitlines()[1] == f"{bad}:1:{COL + 1}: {UNKNOWN}"
    assert ignored.stdout.splitlines()[-1] == "2 files checked: 1 error, 0 warnings"
    nothing = run("check", "-q", "--ignore", "verify", "--ignore", "types", *both)
    assert (nothing.returncode, nothing.stdout) == (0, "")


def test_select_with_an_unknown_code_is_a_usage_error(bad):
    r = run("check", "--select", "verify.nonsense", str(bad))
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == ("cute-ir check: error: no diagnostic code starts with 'verify.nonsense' "
                        "(the codes: docs/diagnostics.md)\n")


# ------------------------------------------------------------------ inputs
def test_stdin(tmp_path):
    r = run("check", "-", stdin=BAD)
    assert r.returncode == 1
    assert r.stdout == "\n".join([f"<stdin>:1:{COL + 1}: {UNKNOWN}", *BAD_SNIPPET,
                                  "1 file checked: 1 error, 0 warnings", ""])
    named = run("check", "--stdin-filename", "kernel.ir", "-", stdin=BAD)
    assert named.stdout.splitlines()[0] == f"kernel.ir:1:{COL + 1}: {UNKNOWN}"


def test_stdin_twice_is_a_usage_error():
    r = run("check", "-", "-", stdin=BAD)
    assert (r.returncode, r.stderr) == (2, "cute-ir check: error: standard input (-) can be read only once\n")


def test_directories_are_walked_for_ir_and_mlir(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("a.ir", "sub/b.mlir", ".hidden/c.ir", "notes.txt"):
        (tmp_path / name).write_text(BAD, encoding="utf-8")
    r = run("check", "-q", str(tmp_path))
    assert [l.split(":")[0] for l in r.stdout.splitlines() if "error:" in l] == [
        str(tmp_path / "a.ir"), str(tmp_path / "sub" / "b.mlir")]


def test_quoted_globs_are_expanded(tmp_path):
    (tmp_path / "sub").mkdir()
    for name in ("a.ir", "b.ir", "sub/c.ir"):
        (tmp_path / name).write_text(BAD, encoding="utf-8")
    flat = run("check", "-q", "*.ir", cwd=tmp_path)
    assert [l.split(":")[0] for l in flat.stdout.splitlines() if "error:" in l] == ["a.ir", "b.ir"]
    deep = run("check", "**/*.ir", cwd=tmp_path)
    assert deep.stdout.splitlines()[-1] == "3 files checked: 3 errors, 0 warnings"


def test_a_pattern_that_matches_nothing_is_an_input_error(tmp_path):
    r = run("check", "*.ir", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == "cute-ir check: error: *.ir: no file matches this pattern\n"


def test_a_directory_without_ir_files(tmp_path):
    r = run("check", str(tmp_path))
    assert r.returncode == 2
    assert r.stderr == f"cute-ir check: error: {tmp_path}: no *.ir or *.mlir files in this directory\n"


def test_shell_globs_check_every_example_on_the_default_target():
    r = run("check", *sorted(str(p) for p in (REPO / "examples").glob("*.ir")))
    assert "Traceback" not in r.stderr
    # mistakes.ir's TileAS load that allows TMA but cannot use it is a remark: counted too
    assert r.stdout.splitlines()[-1].endswith(" errors, 0 warnings, 1 information")
    assert r.stdout.count(": information: ") == 1


@pytest.mark.parametrize("path", sorted(p.name for p in (REPO / "examples").glob("*.ir") if p.name != "mistakes.ir"))
def test_every_example_but_the_mistakes_checks_clean(path):
    # What the README shows users must not be wrong itself; mistakes.ir is wrong on purpose.
    r = run("check", str(REPO / "examples" / path))
    assert (r.returncode, r.stdout.splitlines()[-1]) == (0, "1 file checked: 0 errors, 0 warnings"), r.stdout


def test_missing_file_is_an_input_error(tmp_path):
    r = run("check", str(tmp_path / "nope.ir"))
    assert r.returncode == 2
    assert r.stdout == f"{tmp_path / 'nope.ir'}: error: no such file\n1 file checked: 1 error, 0 warnings\n"


@pytest.mark.parametrize("content", [
    b"ML\xefR\x00\x06",                      # MLIR bytecode's magic number and version
    "func.func @f()\n".encode("utf-16"),     # text, but not UTF-8
])
def test_binary_file(tmp_path, content):
    path = tmp_path / "bin.ir"
    path.write_bytes(content)
    r = run("check", str(path))
    assert r.returncode == 1
    assert r.stdout == f"{path}: error: {BINARY}\n1 file checked: 1 error, 0 warnings\n"
    assert r.stderr == ""


def test_a_nul_byte_in_utf8_text_is_a_blank(tmp_path):
    # As MLIR's lexer reads it (upstream's IR/zero_whitespace.mlir): not a binary file.
    path = tmp_path / "nul.mlir"
    path.write_bytes(b"func.func @f() {\n  \x00  // a NUL\n  return\n}\n\x00")
    r = run("check", str(path))
    assert (r.returncode, r.stdout) == (0, "1 file checked: 0 errors, 0 warnings\n")


def test_empty_file(tmp_path):
    path = tmp_path / "empty.ir"
    path.write_bytes(b"")
    r = run("check", str(path))
    assert (r.returncode, r.stdout) == (0, "1 file checked: 0 errors, 0 warnings\n")


def test_huge_file_is_refused_quickly(tmp_path):
    path = tmp_path / "huge.ir"
    with open(path, "wb") as f:
        f.truncate(MAX_ANALYSED_BYTES * 3)        # sparse: 48 MiB without writing them
    r = run("check", str(path))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == f"{path}: error: file too large to analyse: 48.0 MiB (the limit is 16 MiB)"


# ------------------------------------------------------------------ targets
@pytest.mark.parametrize("target", [t.name for t in TARGETS])
def test_every_target_is_accepted_by_check(bad, target):
    r = run("check", "--arch", target, str(bad))
    assert (r.returncode, r.stderr) == (1, "")


def test_an_unknown_target_is_a_usage_error(bad):
    r = run("check", "--arch", "sm_99", str(bad))
    assert r.returncode == 2 and "argument --arch: invalid choice: 'sm_99'" in r.stderr


# ------------------------------------------------------------------ help and usage
def _own_options(command: str) -> set[str]:
    from cute_ir.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return set(sub.choices[command]._option_string_actions)


COMMANDS = ("check", "parse", "format", "serve", "ptx", "descriptor", "lower", "passes")


def test_top_level_help_lists_the_exit_statuses_every_command_shares():
    top = run("--help")
    assert top.returncode == 0
    assert top.stdout.endswith(
        "exit status (each COMMAND --help says what it means for that command):\n"
        "  0  nothing to report\n"
        "  1  findings: errors in the input, illegal descriptor fields, a failed lowering or ptxas run,\n"
        "     a file `format --check` would change\n"
        "  2  usage error, or an input that cannot be read\n")


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_s_help_ends_with_its_own_exit_statuses(command):
    out = run(command, "--help").stdout
    statuses = out.rsplit("exit status:\n", 1)[1]
    assert statuses.endswith("  2  usage error, or an input that cannot be read\n"), command
    assert statuses.startswith("  0  "), command
    options = out.split("options:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    # every option line (`  --x ...`) is followed by help text on it or the next line
    for n, line in enumerate(options):
        if line.startswith("  -") and len(line.split("  ")) < 3:
            assert options[n + 1].startswith(" " * 20), (command, line)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_s_help_names_only_its_own_options(command):
    import re

    # another command's option named with its command (`cute-ir lower --pipeline`) is fine
    text = re.sub(r"cute-ir [a-z]+ --[a-z-]+", "", run(command, "--help").stdout)
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", text))
    assert named <= _own_options(command), (command, named - _own_options(command))


def test_the_exit_statuses_say_what_each_command_finds():
    def one(command):
        return run(command, "--help").stdout.rsplit("exit status:\n", 1)[1].split("\n  2  ")[0]
    assert one("check") == ("  0  no errors (warnings count only with --werror)\n"
                            "  1  errors (or, with --werror, warnings) in a file, or a file that cannot be analysed (binary, too\n"
                            "     large)")
    assert "--werror" not in one("ptx") and "ptxas" in one("ptx")
    assert one("passes") == "  0  always"


def test_usage_error_exits_two():
    r = run("check")
    assert r.returncode == 2


# ------------------------------------------------------------------ parse
def test_parse_prints_the_tree(tmp_path):
    path = tmp_path / "p.ir"
    path.write_text("%0 = a.b %x : i32\n", encoding="utf-8")
    r = run("parse", str(path))
    assert r.returncode == 0
    assert r.stdout.splitlines()[:3] == [
        "(source_file [0, 0] - [1, 0])",
        "  (operation [0, 0] - [0, 17])",
        "    results: (result_list [0, 0] - [0, 2])",
    ]


def test_parse_takes_several_files_and_stdin(tmp_path):
    one, two = tmp_path / "one.ir", tmp_path / "two.ir"
    one.write_text("%0 = a.b : i32\n", encoding="utf-8")
    two.write_text("%1 = c.d : i32\n", encoding="utf-8")
    r = run("parse", str(one), str(two))
    assert r.returncode == 0
    headers = [l for l in r.stdout.splitlines() if l.startswith("==>")]
    assert headers == [f"==> {one} <==", f"==> {two} <=="]
    single = run("parse", "-", stdin="%0 = a.b : i32\n")
    assert single.stdout == run("parse", str(one)).stdout


def test_parse_deep_nesting_does_not_recurse(tmp_path):
    path = tmp_path / "deep.ir"
    depth = 3000
    path.write_text("%0 = a.b {x = " + "[" * depth + "]" * depth + "} : i32\n", encoding="utf-8")
    r = run("parse", str(path))
    assert r.returncode == 0 and "Traceback" not in r.stderr


def test_parse_missing_file_is_an_input_error(tmp_path):
    r = run("parse", str(tmp_path / "nope.ir"))
    assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'nope.ir'}: error: no such file\n")


@pytest.mark.parametrize("command", ["check", "ptx", "lower"])
def test_the_arch_option_says_a_file_without_a_target_is_checked_for_what_its_atoms_need(command):
    """Without --arch a file's #nvvm.target decides, else the lowest target that runs its atoms
    (ir/target.py), and only then the default: the help must not claim the default comes next."""
    help_text = " ".join(run(command, "--help").stdout.split())
    assert ("(default: the file's, else the lowest target that runs all of its atoms, else sm_90a;"
            in help_text), command
