"""Regenerate tests/corpus/cutedsl/ from the kernels under tools/corpus/kernels/.

Run by `make corpus` inside its own virtual environment (build/corpus-venv) that holds
NVIDIA's CuTe DSL. The DSL compiles without a GPU; each kernel is compiled once for its target
with the DSL's dump switches on, and three of its outputs are kept per kernel:

* `raw.mlir`       -- the IR as the DSL built it, before any pass (`CUTE_DSL_KEEP=ir-debug`);
* `canonical.mlir` -- the same IR after the DSL's canonicalize + cse (`CUTE_DSL_KEEP=ir`);
* `kernel.ptx`     -- the PTX NVIDIA's toolchain produced for it (`CUTE_DSL_KEEP=ptx`).

`manifest.json` records the generator's version, each kernel's target and source, and the
SHA-256 of every committed file, so a test can tell a stale or hand-edited dump.

Nothing here is imported by cute-ir or its tests: the DSL is a corpus generator only.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KERNELS_DIR = Path(__file__).resolve().parent / "kernels"
OUT_DIR = ROOT / "tests" / "corpus" / "cutedsl"
GENERATOR = "nvidia-cutlass-dsl"

# Each corpus kernel and the target it is compiled for.
KERNELS: dict[str, str] = {
    "universal_copy": "sm_80",
    "sm80_mma_cp_async_ldmatrix": "sm_80",
    "sm90_tma_wgmma_stmatrix": "sm_90a",
    "sm90_tma_store_reduce": "sm_90a",
    "sm100_umma_2cta_multicast": "sm_100a",
    "sm100_nvfp4_s2t": "sm_100a",
    "sm120_nvfp4": "sm_120a",
    # Kernels of the DSL's other features (predication, TensorSSA, reductions, shuffles, cp.async,
    # loops and branches, clusters and mbarriers), added until the op vocabulary stopped growing
    # (tools/corpus/op_names.py).
    "elementwise_predicated": "sm_80",
    "warp_reduce": "sm_80",
    "smem_transpose": "sm_80",
    "ssa_reduce_convert": "sm_80",
    "cluster_barriers": "sm_90a",
    # 4-bit values moved by ldmatrix's 16-bit units (docs/spec-deviations.md).
    "sm120_nvfp4_ldsm": "sm_120a",
    # The byte-matrix shapes of ldmatrix / stmatrix (docs/spec-deviations.md, B22).
    "sm100_b8_ldsm_stsm": "sm_100a",
    # The 16x8 stmatrix on values wider than a byte, counted in matrices of the value type.
    "sm100_stsm_wide": "sm_100a",
    # The SIMT copies' cache and memory options (cluster shared memory: sm_90).
    "simt_copy_options": "sm_90a",
}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pick(dump: Path) -> dict[str, Path]:
    """The DSL names its dumps after the host function; find each kind by its suffix."""
    mlir = sorted(dump.glob("*.mlir"))
    canonical = [p for p in mlir if p.stem.endswith("_clean")]
    raw = [p for p in mlir if not p.stem.endswith("_clean")]
    ptx = sorted(dump.glob("*.ptx"))
    if len(canonical) != 1 or len(raw) != 1 or len(ptx) != 1:
        raise SystemExit(f"unexpected dump files in {dump}: {[p.name for p in dump.iterdir()]}")
    return {"raw.mlir": raw[0], "canonical.mlir": canonical[0], "kernel.ptx": ptx[0]}


def compile_kernel(name: str, arch: str) -> dict[str, object]:
    source = KERNELS_DIR / f"{name}.py"
    target = OUT_DIR / name
    with tempfile.TemporaryDirectory(prefix=f"corpus-{name}-") as tmp:
        env = dict(os.environ, CUTE_DSL_ARCH=arch, CUTE_DSL_KEEP="ir,ir-debug,ptx",
                   CUTE_DSL_DUMP_DIR=tmp)
        subprocess.run([sys.executable, str(source)], check=True, env=env, cwd=tmp)
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        files = {}
        for kept, produced in _pick(Path(tmp)).items():
            shutil.copyfile(produced, target / kept)
            files[kept] = _sha256(target / kept)
    return {"arch": arch, "source": str(source.relative_to(ROOT)), "files": files}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kernels", nargs="*", help="kernels to regenerate (default: all)")
    args = parser.parse_args()
    unknown = sorted(set(args.kernels) - set(KERNELS))
    if unknown:
        parser.error(f"unknown kernels: {', '.join(unknown)}; known: {', '.join(KERNELS)}")
    manifest_path = OUT_DIR / "manifest.json"
    manifest = (json.loads(manifest_path.read_text()) if manifest_path.exists()
                else {"kernels": {}})
    manifest["generator"] = {"package": GENERATOR,
                             "version": importlib.metadata.version(GENERATOR),
                             "python": sys.version.split()[0]}
    for name in args.kernels or KERNELS:
        print(f"corpus: {name} ({KERNELS[name]})", flush=True)
        manifest["kernels"][name] = compile_kernel(name, KERNELS[name])
    manifest["kernels"] = {k: manifest["kernels"][k] for k in KERNELS if k in manifest["kernels"]}
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
