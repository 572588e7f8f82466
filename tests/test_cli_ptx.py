"""`cute-ir ptx` and `cute-ir descriptor` as a user runs them."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from cute_ir.analysis import DocumentAnalysis, Settings
from cute_ir.cli.ptx import synthesized_atom
from cute_ir.tables.tiers import TARGETS
from cute_ir.diagnostics import Severity
from tests.conftest import REPO
from tests.emit.ptxas_runner import PTXAS, SKIP_REASON

needs_ptxas = pytest.mark.skipif(PTXAS is None, reason=SKIP_REASON)

HOPPER = REPO / "tests" / "emit" / "fixtures" / "hopper_wgmma.ir"
SPEC_ATOM = "!cute_nvgpu.sm90.mma"
SPEC_ATTRS = "{shape_MNK = [64, 128, 16], a_type = f16, b_type = f16, c_type = f32}"
DSL_ATOM = "!cute_nvgpu.sm90.mma<64x128x16, elem_type = (f16, f16, f32), frag_kind = ss>"


def run(*args):
    return subprocess.run([sys.executable, "-m", "cute_ir.cli", *args], capture_output=True,
                          text=True, timeout=120)


def verifier_messages(type_text: str, attrs: str | None, arch: str) -> list[str]:
    """What the analysis says about the synthesized one-op document (the expected text)."""
    a = DocumentAnalysis("file:///atom.ir", synthesized_atom(type_text, attrs)[0],
                         settings=Settings(target_arch=arch))
    return [d.message for d in a.diagnostics() if d.severity is Severity.ERROR]


# ------------------------------------------------------------------ ptx FILE
def test_ptx_file_prints_the_module():
    r = run("ptx", str(HOPPER), "--arch", "sm_90a")
    assert r.returncode == 0, r.stderr
    assert ".target sm_90a" in r.stdout.splitlines()
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in r.stdout
    # The two atoms the function builds and never applies, and the function (its TMA load).
    assert r.stdout.count(".visible .entry ") == 3
    assert r.stderr == ""


def test_ptx_file_with_an_atom_illegal_for_the_arch_fails():
    r = run("ptx", str(HOPPER), "--arch", "sm_100a")
    assert r.returncode == 1
    line = next(n for n, l in enumerate(HOPPER.read_text().splitlines(), 1) if "%wgmma =" in l)
    # `check`'s verdict on the atom, word for word.
    assert re.search(rf"hopper_wgmma\.ir:{line + 1}:\d+: error: atom `sm90.mma` needs sm_90a only, "
                     rf"but the target is sm_100a .*\[verify:verify\.target\]", r.stderr), r.stderr
    assert ".target sm_100a" in r.stdout and "wgmma.mma_async" not in r.stdout


@needs_ptxas
def test_ptx_file_assemble_says_that_ptxas_ran():
    r = run("ptx", str(HOPPER), "--arch", "sm_90a", "--assemble", "--ptxas", PTXAS)
    assert r.returncode == 0, r.stderr
    assert r.stderr == f"cute-ir ptx: ptxas ({PTXAS} -arch=sm_90a) assembled the module: 0 errors, 0 warnings\n"


def test_ptx_assemble_without_ptxas_fails_and_names_the_flag(tmp_path):
    missing = tmp_path / "none"
    r = run("ptx", str(HOPPER), "--arch", "sm_90a", "--assemble", "--ptxas", str(missing))
    assert r.returncode == 1
    assert r.stderr == (f"cute-ir ptx: error: ptxas not found (`{missing}`): give its path with "
                        "--ptxas PATH or put it on PATH\n")


def _fake_ptxas(tmp_path, body: str) -> str:
    exe = tmp_path / "ptxas"
    exe.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    exe.chmod(0o755)
    return str(exe)


def test_ptx_assemble_with_a_failing_ptxas(tmp_path):
    exe = _fake_ptxas(tmp_path, "echo 'Segmentation fault' >&2\nexit 139\n")
    r = run("ptx", str(HOPPER), "--arch", "sm_90a", "--assemble", "--ptxas", exe)
    assert r.returncode == 1
    assert r.stderr == (f"{HOPPER}:1:1: error: ptxas failed: Segmentation fault [ptxas:ptxas.error]\n"
                        f"cute-ir ptx: error: ptxas ({exe} -arch=sm_90a) failed (1 error, 0 warnings); "
                        "--ptxas PATH chooses the ptxas to run\n")


def test_ptx_assemble_reports_what_ptxas_said_on_the_ir(tmp_path):
    exe = _fake_ptxas(tmp_path, "echo \"ptxas $3, line 12; error   : Unknown modifier '.foo'\" >&2\n"
                                "echo 'ptxas fatal   : Ptx assembly aborted due to errors' >&2\nexit 255\n")
    r = run("ptx", str(HOPPER), "--arch", "sm_90a", "--assemble", "--ptxas", exe)
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert re.fullmatch(rf"{re.escape(str(HOPPER))}:\d+:\d+: error: PTX line 12: Unknown modifier "
                        r"'\.foo' \(in `.*`\) \[ptxas:ptxas\.error\]", lines[0]), lines[0]
    assert lines[1:] == [f"cute-ir ptx: ptxas ({exe} -arch=sm_90a) rejected the module: 1 error, 0 warnings"]


@pytest.mark.parametrize("target", [t.name for t in TARGETS])
def test_ptx_accepts_every_target(target):
    r = run("ptx", "--atom", "!cute_nvgpu.atom.universal_copy<f16, 128 b>", "--arch", target)
    assert "invalid choice" not in r.stderr and r.returncode in (0, 1), r.stderr


def test_ptx_output_file(tmp_path):
    out = tmp_path / "k.ptx"
    r = run("ptx", str(HOPPER), "--arch", "sm_90a", "-o", str(out))
    assert r.returncode == 0 and r.stdout == ""
    assert ".target sm_90a" in out.read_text()


def test_ptx_unreadable_file(tmp_path):
    r = run("ptx", str(tmp_path / "missing.ir"))
    assert (r.returncode, r.stderr) == (2, f"{tmp_path / 'missing.ir'}: error: no such file\n")


# ------------------------------------------------------------------ ptx --atom
def test_ptx_atom_spec_spelling_with_attrs():
    r = run("ptx", "--atom", SPEC_ATOM, "--attrs", SPEC_ATTRS, "--arch", "sm_90a")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(".visible .entry ") == 1
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in r.stdout


def test_ptx_atom_dsl_spelling():
    r = run("ptx", "--atom", DSL_ATOM, "--arch", "sm_90a")
    assert r.returncode == 0, r.stderr
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16" in r.stdout
    # frag_kind = ss: A and B are shared-memory descriptors, one 64-bit register each (not A's
    # register fragment in braces), read from the kernel's parameters.
    [mma] = [line for line in r.stdout.split("\n") if "wgmma.mma_async" in line]
    assert re.search(r"\}, %\w+, %\w+, scale_d, 1, 1, 0, 0;", mma), mma


def test_ptx_atom_copy_and_blackwell():
    r = run("ptx", "--atom", "!cute_nvgpu.atom.tmem_load<f32, 32 DP, 32 bit, x32>", "--arch", "sm_100a")
    assert r.returncode == 0, r.stderr
    assert "tcgen05.ld.sync.aligned.32x32b.x32.b32" in r.stdout
    r = run("ptx", "--atom", "!cute_nvgpu.SM120.mma_bs<16x8x64, vec_size = 16, elem_type = "
            "(f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN>", "--arch", "sm_120a")
    assert r.returncode == 0, r.stderr
    assert "kind::mxf4nvf4.block_scale.scale_vec::4X" in r.stdout


@needs_ptxas
@pytest.mark.parametrize("atom,attrs,arch", [
    (SPEC_ATOM, SPEC_ATTRS, "sm_90a"), (DSL_ATOM, None, "sm_90a"),
    ("!cute_nvgpu.sm100.mma<128x256x16, elem_type = (f16, f16, f32), frag_kind = ss>", None, "sm_100a"),
])
def test_ptx_atom_assembles(atom, attrs, arch):
    args = ["ptx", "--atom", atom, "--arch", arch, "--assemble", "--ptxas", PTXAS]
    if attrs:
        args += ["--attrs", attrs]
    r = run(*args)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("atom,attrs", [(SPEC_ATOM, SPEC_ATTRS), (DSL_ATOM, None)])
def test_ptx_atom_illegal_for_the_arch_reports_the_verifier(atom, attrs):
    expected = verifier_messages(atom, attrs, "sm_100a")
    assert expected, "the verifier accepts sm90.mma on sm_100a?"
    args = ["ptx", "--atom", atom, "--arch", "sm_100a"] + (["--attrs", attrs] if attrs else [])
    r = run(*args)
    assert r.returncode == 1
    assert r.stdout == ""
    for message in expected:
        assert message in r.stderr
    assert "sm90.mma" in r.stderr and "sm_100a" in r.stderr
    assert "[verify:" in r.stderr


def test_ptx_atom_without_enough_to_emit():
    r = run("ptx", "--atom", SPEC_ATOM, "--arch", "sm_90a")
    assert r.returncode == 1
    assert "does not say its shape_MNK" in r.stderr


def test_ptx_usage_errors():
    assert run("ptx").returncode == 2
    assert run("ptx", str(HOPPER), "--atom", SPEC_ATOM).returncode == 2
    r = run("ptx", "--atom", "f32")
    assert r.returncode == 2 and "cute_nvgpu atom type" in r.stderr
    assert run("ptx", str(HOPPER), "--attrs", SPEC_ATTRS).returncode == 2
    r = run("ptx", str(HOPPER), "--arch", "sm_99")
    assert r.returncode == 2 and "invalid choice" in r.stderr


@pytest.mark.parametrize("attrs,message", [
    ("42", "--attrs expects an attribute dictionary in braces, e.g. '{shape_MNK = [16, 8, 16]}', "
           "got '42'"),
    ("[64, 128, 16]", "--attrs expects an attribute dictionary in braces, e.g. "
                      "'{shape_MNK = [16, 8, 16]}', got '[64, 128, 16]'"),
    ("{shape_MNK = [64, 128, 16], a_type = }",
     "--attrs is not a valid attribute dictionary: syntax error: unexpected `=`"),
])
def test_ptx_attrs_that_are_not_a_dictionary_are_a_usage_error(attrs, message):
    r = run("ptx", "--atom", SPEC_ATOM, "--attrs", attrs, "--arch", "sm_90a")
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"cute-ir ptx: error: {message}\n")


# ------------------------------------------------------------------ descriptor
# Words from CUTLASS 4.2's unions compiled on the host (tests/tables/test_descriptors.py).
KNOWN = [
    ("sm90-smem", "0x400A004000010040", {"start_address": 64, "leading_byte_offset": 1,
                                         "stride_byte_offset": 64, "base_offset": 5, "layout_type": 1}),
    ("sm100-smem", "0x4016404000010040", {"start_address": 64, "leading_byte_offset": 1,
                                          "stride_byte_offset": 64, "version": 1, "base_offset": 3,
                                          "lbo_mode": 1, "layout_type": 2}),
    ("sm100-idesc", "0xC40660AE", {"sparse_id2": 2, "sparse_flag": 1, "saturate": 1, "c_format": 2,
                                   "a_format": 1, "b_format": 0, "a_negate": 1, "b_negate": 1,
                                   "n_dim": 3, "m_dim": 4, "max_shift": 3}),
    ("sm100-idesc", "0x08410010", {"c_format": 1, "b_major": 1, "n_dim": 32, "m_dim": 8}),
    ("sm100-idesc-bs", "0xD0C00EB0", {"b_sf_id": 3, "a_sf_id": 2, "scale_format": 1, "k_size": 1,
                                      "a_format": 5, "b_format": 3, "m_dim": 16, "n_dim": 32}),
]


@pytest.mark.parametrize("kind,value,fields", KNOWN)
def test_descriptor_json(kind, value, fields):
    r = run("descriptor", kind, value, "--format", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert int(doc["value"], 16) == int(value, 16)
    got = {name: f["value"] for name, f in doc["fields"].items()}
    for name, raw in fields.items():
        assert got[name] == raw, name
    assert not any(name.startswith("reserved") for name in got)


def test_descriptor_text_table_shows_the_bytes_of_addresses_and_offsets():
    r = run("descriptor", "sm90-smem", "0x400A004000010040")
    assert r.returncode == 0, r.stderr
    source = "CUTLASS include/cute/arch/mma_sm90_desc.hpp GmmaDescriptor; PTX ISA wgmma Matrix Descriptor Format"
    assert r.stdout.splitlines() == [
        f"GmmaDescriptor 0x400a004000010040 (sm90-smem, 64 bits; {source})",
        "field                bits   raw        bytes         meaning",
        "start_address        0-13   64 (0x40)  1024 (0x400)  matrix-descriptor-encode(shared-memory byte address) = (addr & 0x3FFFF) >> 4",
        "reserved_14_15       14-15  0 (0x0)                  must be 0",
        "leading_byte_offset  16-29  1 (0x1)    16 (0x10)     leading dimension byte offset >> 4 (K-major swizzled layouts ignore it; CUTLASS writes 1)",
        "reserved_30_31       30-31  0 (0x0)                  must be 0",
        "stride_byte_offset   32-45  64 (0x40)  1024 (0x400)  stride dimension byte offset >> 4 (distance between 8-row core-matrix groups)",
        "reserved_46_48       46-48  0 (0x0)                  must be 0",
        "base_offset          49-51  5 (0x5)                  matrix base offset: 0 when the swizzle pattern starts on its natural boundary (1024/512/256 B), else (pattern start addr >> 7) & 7",
        "reserved_52_61       52-61  0 (0x0)                  must be 0",
        "layout_type          62-63  1 (0x1)                  B128 (128-byte swizzle)",
    ]


def test_descriptor_json_has_the_bytes():
    doc = json.loads(run("descriptor", "sm100-smem", "0x4016404000010040", "--format", "json").stdout)
    assert doc["fields"]["start_address"] == {
        "bits": "0-13", "value": 64, "bytes": 1024,
        "meaning": "matrix-descriptor-encode(shared-memory byte address) = (addr & 0x3FFFF) >> 4"}
    assert "bytes" not in doc["fields"]["layout_type"]


def _meaning(kind: str, value: int, field: str) -> str:
    return json.loads(run("descriptor", kind, hex(value), "--format", "json").stdout)["fields"][field]["meaning"]


@pytest.mark.parametrize("kind,code,meaning", [
    ("sm100-idesc", 0, "F16 (kind::f16) / E4M3 (kind::f8f6f4) / U8 (kind::i8)"),
    ("sm100-idesc", 1, "BF16 (kind::f16) / E5M2 (kind::f8f6f4) / S8 (kind::i8)"),
    ("sm100-idesc", 2, "TF32 (kind::tf32)"),
    ("sm100-idesc", 5, "E2M1 (kind::f8f6f4)"),
    ("sm100-idesc-bs", 0, "E4M3 (kind::mxf8f6f4)"),
    ("sm100-idesc-bs", 1, "E5M2 (kind::mxf8f6f4) / E2M1 (kind::mxf4, kind::mxf4nvf4)"),
    ("sm100-idesc-bs", 2, "illegal value 2 (A element type)"),
    ("sm100-idesc-bs", 5, "E2M1 (kind::mxf8f6f4)"),
])
def test_each_instruction_descriptor_lists_only_its_own_types(kind, code, meaning):
    base = 0x08410010 if kind == "sm100-idesc" else 0x10400000      # legal N and M
    assert _meaning(kind, base | code << 7, "a_format") == meaning


def test_descriptor_decimal_value():
    r = run("descriptor", "sm100-idesc", str(0x08410010), "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["value"] == "0x08410010"


def test_descriptor_bad_input():
    r = run("descriptor", "sm100-idesc", "0x1FFFFFFFF")
    assert r.returncode == 2 and "does not fit in the 32-bit InstrDescriptor" in r.stderr
    r = run("descriptor", "sm90-smem", "banana")
    assert r.returncode == 2 and "must be a decimal or 0x-prefixed hexadecimal" in r.stderr
    r = run("descriptor", "sm90-smem", "-3")
    assert r.returncode == 2 and "negative" in r.stderr
    r = run("descriptor", "sm91-smem", "0")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    assert run("descriptor", "sm90-smem").returncode == 2


def test_descriptor_illegal_field_values_exit_1():
    r = run("descriptor", "sm100-smem", hex(3 << 61))     # layout 3 invalid, version 0
    assert r.returncode == 1
    assert "illegal value 3" in r.stdout
    assert "version, layout_type hold illegal values" in r.stderr
