"""Write tests/corpus/cutedsl/vocabulary.json: every copy and MMA atom type the CuTe DSL builds.

Run by `make corpus` in the corpus venv (build/corpus-venv, NVIDIA's nvidia-cutlass-dsl). For
each target below, a child process compiles (never runs) one function that asks the DSL for
every atom it offers -- each copy / MMA operation of `cute.nvgpu` and its `warp`, `warpgroup`,
`cpasync` and `tcgen05` modules, with every value of every option the operation takes
(element types, cache modes, L1 evict priorities, store cache modes, memory order and scope,
shared space, swizzled shared-memory layouts, multicast, CTA groups, shapes, majors, operand
sources, ...) -- and records the printed type of each atom the DSL accepts. A value the DSL
rejects for that target (it raises) is simply not in the catalogue for it.

Options are swept one at a time from a base configuration the DSL accepts, except element
types, whose every combination is tried. The catalogue keeps one entry per distinct printed
type: the type, the DSL calls that built it, and the targets it was built for. The generator's
version is recorded with it. No cute-ir code or test imports the DSL: the catalogue is a fixture.
"""
import argparse
import dataclasses
import importlib.metadata
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "corpus" / "cutedsl" / "vocabulary.json"
GENERATOR = "nvidia-cutlass-dsl"

# The targets the DSL compiles for, lowest first: an atom's entry lists those that accept it.
ARCHS = ("sm_80", "sm_89", "sm_90a", "sm_100a", "sm_103a", "sm_110a", "sm_120a")


# --------------------------------------------------------------------------- the sweep (child)
def _sweep_specs():
    """(label, build) pairs: `build(ctx)` returns the atom's printed type or raises."""
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute import nvgpu
    from cutlass.cute.nvgpu import cpasync, tcgen05, warp, warpgroup

    C = cutlass
    floats = [C.Float16, C.BFloat16, C.Float32, C.TFloat32, C.Float64]
    narrow = [C.Float8E4M3FN, C.Float8E5M2, C.Float8E8M0FNU, C.Float6E2M3FN, C.Float6E3M2FN,
              C.Float4E2M1FN]
    ints = [C.Int4, C.Int8, C.Uint8, C.Int16, C.Uint16, C.Int32, C.Uint32, C.Int64, C.Uint64]
    every_dtype = floats + narrow + ints + [C.Boolean]
    mma_dtypes = [C.Float16, C.BFloat16, C.Float32, C.TFloat32, C.Float64, C.Float8E4M3FN,
                  C.Float8E5M2, C.Float6E2M3FN, C.Float6E3M2FN, C.Float4E2M1FN, C.Int8, C.Uint8,
                  C.Int4, C.Int32]
    scale_dtypes = [C.Float8E8M0FNU, C.Float8E4M3FN]

    def name(value) -> str:
        if isinstance(value, type):
            return value.__name__
        if hasattr(value, "name") and hasattr(value, "value") and not isinstance(value, int):
            return f"{type(value).__name__}.{value.name}"
        return repr(value)

    def call_text(fn: str, args: dict) -> str:
        return f"{fn}(" + ", ".join(f"{k}={name(v)}" for k, v in args.items()) + ")"

    specs: list[tuple[str, object]] = []

    def variants(base: dict, domains: dict, grid: tuple[str, ...] = ()):
        """The base, every combination of the `grid` fields, each other field's every value."""
        seen = set()
        grid_values = [domains[g] for g in grid]
        for combo in itertools.product(*grid_values):
            cfg = dict(base, **dict(zip(grid, combo)))
            key = tuple((k, name(v)) for k, v in cfg.items())
            if key not in seen:
                seen.add(key)
                yield cfg
        for field, values in domains.items():
            if field in grid:
                continue
            for value in values:
                cfg = dict(base, **{field: value})
                key = tuple((k, name(v)) for k, v in cfg.items())
                if key not in seen:
                    seen.add(key)
                    yield cfg

    # -- copy atoms built by `cute.make_copy_atom(op, dtype, **kwargs)` -----------------------
    def copy_atom(module: str, op_cls, op_args: dict, dtype, kwargs: dict):
        label = (f"cute.make_copy_atom({module}.{call_text(op_cls.__name__, op_args)}, "
                 f"{name(dtype)}" + "".join(f", {k}={name(v)}" for k, v in kwargs.items()) + ")")

        def build(ctx):
            return str(cute.make_copy_atom(op_cls(**op_args), dtype, **kwargs).type)
        specs.append((label, build))

    orders = list(nvgpu.MemoryOrder)
    scopes = list(nvgpu.MemoryScope)
    spaces = list(nvgpu.SharedSpace)
    evicts = list(nvgpu.CacheEvictionPriority)
    bits = [0, 8, 16, 32, 64, 128, 256]
    copy_dtypes = [C.Float16, C.BFloat16, C.Float32, C.Float64, C.Float8E4M3FN, C.Float4E2M1FN,
                   C.Int8, C.Int32, C.Uint16, C.Boolean]
    for dtype in every_dtype:
        copy_atom("nvgpu", nvgpu.CopyUniversalOp, {}, dtype, {})
    for b in bits:
        copy_atom("nvgpu", nvgpu.CopyUniversalOp, {}, C.Float16, {"num_bits_per_copy": b})
    simt = {
        nvgpu.CopyG2ROp: {"memory_order": orders, "memory_scope": scopes,
                          "l2_prefetch_size": list(nvgpu.L2PrefetchSize),
                          "l1c_evict_priority": evicts,
                          "load_cache_mode": list(nvgpu.LoadCacheMode),
                          "shared_space": spaces, "invariant": [False, True]},
        nvgpu.CopyR2GOp: {"memory_order": orders, "memory_scope": scopes,
                          "l1c_evict_priority": evicts,
                          "store_cache_mode": list(nvgpu.StoreCacheMode), "shared_space": spaces},
        nvgpu.CopyS2ROp: {"memory_order": orders, "memory_scope": scopes, "shared_space": spaces},
        nvgpu.CopyR2SOp: {"memory_order": orders, "memory_scope": scopes, "shared_space": spaces},
    }
    for op_cls, domains in simt.items():
        for dtype in copy_dtypes:
            for b in bits:
                copy_atom("nvgpu", op_cls, {}, dtype, {"num_bits_per_copy": b})
        for field, values in domains.items():
            for value in values:
                copy_atom("nvgpu", op_cls, {}, C.Float16, {"num_bits_per_copy": 128, field: value})
    for mode in cpasync.LoadCacheMode:
        for dtype in copy_dtypes:
            for b in (32, 64, 128):
                copy_atom("cpasync", cpasync.CopyG2SOp, {"cache_mode": mode}, dtype,
                          {"num_bits_per_copy": b})
    for op_cls in (cpasync.CopyBulkG2SOp, cpasync.CopyBulkG2SMulticastOp, cpasync.CopyBulkS2GOp,
                   cpasync.CopyBulkS2GByteMaskOp, cpasync.CopyBulkS2SOp, cpasync.CopyDsmemStoreOp):
        for dtype in copy_dtypes:
            copy_atom("cpasync", op_cls, {}, dtype, {})
    for op_cls in (warp.LdMatrix8x8x16bOp, warp.StMatrix8x8x16bOp, warp.LdMatrix16x16x8bOp,
                   warp.LdMatrix8x16x8bOp, warp.LdMatrix16x8x8bOp, warp.StMatrix16x8x8bOp):
        for num, trans, unpack in itertools.product((1, 2, 4), (False, True), (None, 4, 6)):
            for dtype in copy_dtypes + [C.Float6E2M3FN, C.Float8E5M2, C.Uint8]:
                copy_atom("warp", op_cls, {"num_matrices": num, "transpose": trans,
                                           "unpack_bits": unpack}, dtype, {})
    tmem_ld = (tcgen05.Ld16x64bOp, tcgen05.Ld16x128bOp, tcgen05.Ld16x256bOp,
               tcgen05.Ld16x32bx2Op, tcgen05.Ld32x32bOp)
    tmem_red = (tcgen05.LdRed16x32bx2Op, tcgen05.LdRed32x32bOp, tcgen05.LdRedSPCompress32x32bOp,
                tcgen05.LdSPCompress32x32bOp)
    tmem_st = (tcgen05.St16x64bOp, tcgen05.St16x128bOp, tcgen05.St16x256bOp,
               tcgen05.St16x32bx2Op, tcgen05.St32x32bOp)
    for op_cls in tmem_ld + tmem_red:
        for rep, pack in itertools.product(tcgen05.Repetition, tcgen05.Pack):
            for dtype in (C.Float32, C.Float16, C.Int32):
                copy_atom("tcgen05", op_cls, {"repeat": rep, "pack": pack}, dtype, {})
    for op_cls in tmem_red:
        fields = {f.name for f in dataclasses.fields(op_cls)}
        for red in tcgen05.TmemLoadRedOp:
            for nan in (False, True):
                args = {"redOp": red, "nan": nan}
                if "half_split_off" in fields:
                    args["half_split_off"] = 0
                copy_atom("tcgen05", op_cls, args, C.Float32, {})
    for op_cls in tmem_st:
        for rep, unpack in itertools.product(tcgen05.Repetition, tcgen05.Unpack):
            for dtype in (C.Float32, C.Float16, C.Int32):
                copy_atom("tcgen05", op_cls, {"repeat": rep, "unpack": unpack}, dtype, {})
    for op_cls in (tcgen05.Cp128x256bOp, tcgen05.Cp128x128bOp, tcgen05.Cp4x256bOp,
                   tcgen05.Cp4x32x128bOp, tcgen05.Cp2x64x128b0213Op, tcgen05.Cp2x64x128b0123Op):
        for group in tcgen05.CtaGroup:
            for dtype in (C.Float8E4M3FN, C.Float8E8M0FNU, C.Float16, C.Float32, C.Int8):
                copy_atom("tcgen05", op_cls, {"cta_group": group}, dtype, {})

    # -- TMA atoms built by `cpasync.make_tiled_tma_atom` --------------------------------------
    def tma_atom(op_cls, op_args: dict, dtype, swizzle: int | None, num_multicast: int,
                 reduction=None):
        label = (f"cpasync.make_tiled_tma_atom(cpasync.{call_text(op_cls.__name__, op_args)}, "
                 f"gmem<{name(dtype)}, 128x128>, smem 64x64 "
                 f"{'swizzle ' + str(swizzle) if swizzle is not None else 'no swizzle'}, "
                 f"num_multicast={num_multicast})")

        def build(ctx):
            gmem = ctx["gmem"](dtype)
            layout = cute.make_layout((64, 64), stride=(64, 1))
            if swizzle is not None:
                bits_ = {32: 1, 64: 2, 128: 3}[swizzle]
                layout = cute.make_composed_layout(cute.make_swizzle(bits_, 4, 3), 0, layout)
            op = op_cls(**op_args)
            info = cpasync.make_tiled_tma_atom(op, gmem, layout, (64, 64), num_multicast)
            atom = info[0] if isinstance(info, tuple) else info.atom
            return str(atom.type)
        specs.append((label, build))

    tma_ops = [(cpasync.CopyBulkTensorTileG2SOp, {"cta_group": g}) for g in cpasync.CtaGroup]
    tma_ops += [(cpasync.CopyBulkTensorTileG2SMulticastOp, {"cta_group": g})
                for g in cpasync.CtaGroup]
    tma_ops += [(cpasync.CopyBulkTensorTileS2GOp, {})]
    tma_ops += [(cpasync.CopyReduceBulkTensorTileS2GOp, {"reduction_kind": k})
                for k in cpasync.ReductionKind]
    for op_cls, op_args in tma_ops:
        multicast = (1, 2, 4) if "Multicast" in op_cls.__name__ else (1,)
        for swizzle in (None, 32, 64, 128):
            for mc in multicast:
                tma_atom(op_cls, op_args, C.Float16, swizzle, mc)
        for dtype in (C.Float32, C.BFloat16, C.Float8E4M3FN, C.Int8, C.Int32, C.Float64):
            tma_atom(op_cls, op_args, dtype, 128, multicast[0])

    # -- MMA atoms built by `cute.make_mma_atom(op)` -------------------------------------------
    def mma_atom(module: str, op_cls, args: dict):
        label = f"cute.make_mma_atom({module}.{call_text(op_cls.__name__, args)})"

        def build(ctx):
            return str(cute.make_mma_atom(op_cls(**args)).type)
        specs.append((label, build))

    for dtype in mma_dtypes + [C.Float8E8M0FNU]:
        mma_atom("nvgpu", nvgpu.MmaUniversalOp, {"abacc_dtype": dtype})

    # Every other MMA operation is swept from its constructor's own parameters: the base values
    # below (one configuration each operation accepts), every value of each parameter's domain
    # one at a time, and every combination of its element-type parameters.
    warp_shapes = [(8, 8, 4), (16, 8, 4), (16, 8, 8), (16, 8, 16), (16, 8, 32), (16, 8, 64)]
    wg_shapes = [(64, n, k) for n in range(8, 257, 8) for k in (0,)]
    tc_shapes = ([(64, n) for n in range(8, 257, 8)] + [(128, n) for n in range(16, 257, 16)]
                 + [(256, n) for n in range(16, 257, 16)])
    element_params = ("ab_dtype", "a_dtype", "b_dtype", "acc_dtype", "sf_dtype", "sf_type",
                      "sf_vec_size")

    def sweep_mma(module: str, op_cls, base: dict, shapes: list):
        import inspect
        params = [p for p in inspect.signature(op_cls.__init__).parameters if p != "self"]
        domains = {}
        for p in params:
            default = inspect.signature(op_cls.__init__).parameters[p].default
            if p in ("ab_dtype", "a_dtype", "b_dtype", "acc_dtype"):
                domains[p] = mma_dtypes
            elif p in ("sf_dtype", "sf_type"):
                domains[p] = scale_dtypes
            elif p == "sf_vec_size":
                domains[p] = [16, 32]
            elif p in ("shape_mnk", "instruction_shape"):
                domains[p] = shapes
            elif p == "use_sf_layout_TV":
                domains[p] = [False, True]
            elif hasattr(base.get(p, default), "name"):
                domains[p] = list(type(base.get(p, default)))
            else:
                domains[p] = [base[p]]
        cfg_base = {p: base[p] for p in params if p in base}
        grid = tuple(p for p in params if p in element_params)
        for cfg in variants(cfg_base, domains, grid=grid):
            mma_atom(module, op_cls, cfg)

    sparse_fmt = list(warp.SparseMetadataFormat)[0]
    sweep_mma("warp", warp.MmaF16BF16Op, {"ab_dtype": C.Float16, "acc_dtype": C.Float32,
                                          "shape_mnk": (16, 8, 16)}, warp_shapes)
    sweep_mma("warp", warp.MmaFP8Op, {"ab_dtype": C.Float8E4M3FN, "acc_dtype": C.Float32,
                                      "shape_mnk": (16, 8, 32)}, warp_shapes)
    sweep_mma("warp", warp.MmaTF32Op, {"shape_mnk": (16, 8, 8)}, warp_shapes)
    sweep_mma("warp", warp.MmaF16BF16SparseOp,
              {"ab_dtype": C.Float16, "acc_dtype": C.Float32, "shape_mnk": (16, 8, 32),
               "sparse_metadata_format": sparse_fmt}, warp_shapes)
    for op_cls, ab in ((warp.MmaMXF4NVF4Op, C.Float4E2M1FN), (warp.MmaMXF4Op, C.Float4E2M1FN),
                       (warp.MmaMXF8Op, C.Float8E4M3FN)):
        sweep_mma("warp", op_cls, {"ab_dtype": ab, "acc_dtype": C.Float32,
                                   "sf_type": C.Float8E8M0FNU}, warp_shapes)
    sweep_mma("warp", warp.MmaMXF8F6F4Op, {"a_dtype": C.Float8E4M3FN, "b_dtype": C.Float8E4M3FN,
                                           "acc_dtype": C.Float32, "sf_type": C.Float8E8M0FNU},
              warp_shapes)

    wg_src = list(warpgroup.OperandSource)
    wg_major = list(warpgroup.OperandMajorMode)
    wg_shapes = [(64, n, 16) for n in range(8, 257, 8)]
    for op_cls, ab, acc, k in ((warpgroup.MmaF16BF16Op, C.Float16, C.Float32, 16),
                               (warpgroup.MmaF8Op, C.Float8E4M3FN, C.Float32, 32),
                               (warpgroup.MmaI8Op, C.Int8, C.Int32, 32)):
        sweep_mma("warpgroup", op_cls,
                  {"ab_dtype": ab, "a_dtype": ab, "b_dtype": ab, "acc_dtype": acc,
                   "instruction_shape": (64, 128, k), "a_src": wg_src[-1],
                   "a_major_mode": wg_major[0], "b_major_mode": wg_major[0]},
                  [(64, n, k) for n in range(8, 257, 8)])

    tc_src = list(tcgen05.OperandSource)
    tc_major = list(tcgen05.OperandMajorMode)
    cta = list(tcgen05.CtaGroup)
    tcgen05_ops = ((tcgen05.MmaF16BF16Op, C.Float16, 16), (tcgen05.MmaTF32Op, C.TFloat32, 8),
                   (tcgen05.MmaI8Op, C.Int8, 32), (tcgen05.MmaFP8Op, C.Float8E4M3FN, 32),
                   (tcgen05.MmaF8F6F4Op, C.Float8E4M3FN, 32),
                   (tcgen05.MmaF16BF16SparseOp, C.Float16, 32),
                   (tcgen05.MmaFP8SparseOp, C.Float8E4M3FN, 64),
                   (tcgen05.SM107MmaFP8Op, C.Float8E4M3FN, 32),
                   (tcgen05.MmaMXF8F6F4Op, C.Float8E4M3FN, 32), (tcgen05.MmaMXF8Op, C.Float8E4M3FN, 32),
                   (tcgen05.MmaMXF4Op, C.Float4E2M1FN, 64), (tcgen05.MmaMXF4NVF4Op, C.Float4E2M1FN, 64),
                   (tcgen05.SM103MmaMXF4Op, C.Float4E2M1FN, 96),
                   (tcgen05.SM103MmaMXF4NVF4Op, C.Float4E2M1FN, 96),
                   (tcgen05.SM107BlockScaledMmaMXF8F6F4Op, C.Float8E4M3FN, 32),
                   (tcgen05.SM107MmaMXF4NVF4Op, C.Float4E2M1FN, 64))
    for op_cls, ab, k in tcgen05_ops:
        acc = C.Int32 if ab is C.Int8 else C.Float32
        shapes = ([(64, n, k) for n in range(8, 257, 8)] + [(128, n, k) for n in range(16, 257, 16)]
                  + [(256, n, k) for n in range(16, 257, 16)])
        base = {"ab_dtype": ab, "a_dtype": ab, "b_dtype": ab, "acc_dtype": acc,
                "sf_dtype": C.Float8E8M0FNU, "sf_vec_size": 32 if k <= 32 else 16,
                "instruction_shape": (128, 128, k), "shape_mnk": (128, 128, k),
                "cta_group": cta[0], "a_src": tc_src[-1], "a_major_mode": tc_major[0],
                "b_major_mode": tc_major[0], "sparse_metadata_format": sparse_fmt,
                "a_collector_op": list(tcgen05.CollectorOp)[0],
                "b_collector_op": list(tcgen05.CollectorOp)[0]}
        sweep_mma("tcgen05", op_cls, base, shapes)
        # A CTA pair doubles M: the two-CTA shapes with the pair.
        sweep_mma("tcgen05", op_cls, dict(base, cta_group=cta[1], instruction_shape=(256, 128, k),
                                          shape_mnk=(256, 128, k)),
                  [(m, n, k) for m in (128, 256) for n in range(16, 257, 16)])
    return specs


def child(arch: str, out: Path) -> None:
    """Compile the sweep for `arch` (CUTE_DSL_ARCH is set by the parent); write its results."""
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.runtime import make_fake_compact_tensor

    specs = _sweep_specs()
    results: list[list[str]] = []

    def run_all(gA):
        def gmem(dtype):
            ptr = cute.recast_ptr(gA.iterator, dtype=dtype)
            return cute.make_tensor(ptr, cute.make_layout((128, 128), stride=(128, 1)))
        ctx = {"gmem": gmem}
        for label, build in specs:
            try:
                results.append([label, build(ctx)])
            except Exception:   # the DSL rejects this configuration for this target
                pass

    @cute.jit
    def sweep(gA: cute.Tensor):
        run_all(gA)

    a = make_fake_compact_tensor(cutlass.Float64, (128, 128), stride_order=(1, 0),
                                 assumed_align=128)
    cute.compile(sweep, a)
    out.write_text(json.dumps({"arch": arch, "tried": len(specs), "built": results}))


# --------------------------------------------------------------------------- the catalogue
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", metavar="ARCH", help=argparse.SUPPRESS)
    parser.add_argument("--child-out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.child_out)
        return
    entries: dict[str, dict] = {}
    tried = 0
    for arch in ARCHS:
        print(f"vocabulary: {arch}", flush=True)
        part = OUT.with_suffix(f".{arch}.tmp")
        env = dict(os.environ, CUTE_DSL_ARCH=arch)
        subprocess.run([sys.executable, __file__, "--child", arch, "--child-out", str(part)],
                       check=True, env=env, cwd=ROOT)
        result = json.loads(part.read_text())
        part.unlink()
        tried = result["tried"]
        for label, text in result["built"]:
            entry = entries.setdefault(text, {"type": text, "built_by": [], "archs": []})
            if label not in entry["built_by"]:
                entry["built_by"].append(label)
            if arch not in entry["archs"]:
                entry["archs"].append(arch)
    catalogue = {
        "generator": {"package": GENERATOR, "version": importlib.metadata.version(GENERATOR),
                      "python": sys.version.split()[0], "script": "tools/corpus/vocabulary.py"},
        "archs": list(ARCHS),
        "configurations_tried": tried,
        "entries": sorted(entries.values(), key=lambda e: e["type"]),
    }
    OUT.write_text(json.dumps(catalogue, indent=1) + "\n")
    print(f"vocabulary: {len(entries)} distinct atom types from {tried} configurations "
          f"-> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
