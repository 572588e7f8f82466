"""An atom's inline assembly bound to the operands of the op that applies it.

`convert-cute-nvgpu-to-ptx` replaces `cute_nvgpu.mma %atom, %d, %a, %b, %c [, extras]` by IR an
LLVM backend compiles: the fragments' elements loaded as scalars of the registers the
instruction reads (`memref.load` of 32-bit elements; `vector.load` of two 16-bit or four 8-bit
elements and an `llvm.bitcast` to i32), an `llvm.inline_asm` whose constraint string binds them
(the MMA page's contract: `=f` accumulator outputs, `r` registers, `l` descriptors, inputs tied
to outputs by number), and the outputs stored back into D (`llvm.extractvalue`, and the reverse
bitcast for packed ones). The instruction text and the constraints are the atom's
(`atom_instruction.inline_asm`, which the pass asks for the atom's configuration), from the same
table rows the preview's kernel assembles with ptxas.

A `cute_nvgpu.copy %atom, %src, %dst` of a cp.async, ldmatrix, stmatrix or universal copy
atom is replaced the same way: a memref side it addresses enters as its address
(`memref.extract_aligned_pointer_as_index`, past a strided layout's offset or to where a linear
affine map puts the first element, and `arith.index_cast`: i32 in shared memory, i64 in global
memory), a
register fragment as its registers (ldmatrix's `=r` outputs stored back into it; an 8-bit
universal copy's element zero-extended into a 16-bit one).
A TMA transfer (`cute_nvgpu.atom.tma_load %exec, %smem, %coord`, `tma_store`, `tma_reduce`)
binds its tile by its address, the descriptor its non-exec atom was built on as an i64, each
coordinate as an i32 (a static `!cute.coord`'s leaves as constants, a `vector<Nxi32>`'s
elements, one integer as the element index over the tensor's extents), an im2col load's offsets (the coordinate's entries after the tensor's) as i16s, a
load's mbarrier (the one its `make_exec_tma` binds) by its address, and its L2
policy and multicast mask as constants (the policy's with its name, `NAMED_CONSTANTS`).

A shared-memory descriptor operand (`!cute_nvgpu.smem_desc_view<...>`) enters as the i64 it
stands for (`builtin.unrealized_conversion_cast`: the descriptor's constructor is outside
this IR, as the page's WgmmaDescriptor.raw is); wgmma's scale-D and tcgen05.mma's
enable-input-D are the constant 1 (D = A x B + C accumulates).

tcgen05 (`atom_instruction._umma_inline_asm`, `_tcgen05_copy_inline_asm`): a tensor-memory operand (a
memref in memory space 6: D, an A or the sparse metadata or block scales there, a tcgen05.ld /
st / cp side) enters as its 32-bit address, the instruction descriptor as the constant the
atom's configuration gives, a tcgen05.ld / st fragment as 32-bit registers.
"""
from __future__ import annotations

import re

from ..dialects.cute_nvgpu.tma_ops import DESCRIPTOR_BUILDER, EXEC_KINDS, MAKE_EXEC, NON_EXEC_KINDS
from ..emit.atom_instruction import NAMED_CONSTANTS
from ..ir.core import Attribute, Operation, OpResult, Type, Value
from ..ir.lift import UNDEFINED
from ..ir.shaped import element_bits, shaped
from ..tables.op_names import INLINE_ASM

# The applying op's operands by role: an MMA's (atom, d, a, b, c, then the sparse metadata E or
# the block scales SFA, SFB), a copy's (atom, src, dst).
MMA, COPY = "cute_nvgpu.mma", "cute_nvgpu.copy"
_ROLE_OPERAND = {MMA: {"d": 1, "a": 2, "b": 3, "c": 4, "e": 5, "sfa": 5, "sfb": 6},
                 COPY: {"src": 1, "dst": 2},
                 **{name: {"smem": 1, "coord": 2} for name in EXEC_KINDS}}
BOUND_OPS = frozenset(_ROLE_OPERAND)
_SCALES = ("sfa", "sfb")
# (atom, d, a, b, c, e, sfa, sfb): a sparse block-scaled tcgen05.mma's operands.
_SPARSE_SCALED_OPERANDS = 8
# A TMA transfer's coordinate written as a static CuTe coordinate (`!cute.coord<"(0,64)">`).
_STATIC_COORD = re.compile(r'^!cute\.coord<"\((-?\d+(?:\s*,\s*-?\d+)*)\)">$')
# Element types LLVM has (others are bit-cast to integers of their width first).
_LLVM_ELEMENTS = frozenset({"f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64"})
# A 6-bit element (f6E2M3FN, f6E3M2FN) fills no register whole: the MMAs of kind::f8f6f4 take each
# in an 8-bit container, four to a 32-bit register (PTX ISA, the m16n8k32 fragments of .e3m2 /
# .e2m3 A and B), its value in the low six bits, as the function writer keeps it in memory.
_CONTAINED_BITS, _CONTAINER_BITS = 6, 8
# An e2m1 (f4E2M1FN) element of kind::f8f6f4 / kind::mxf8f6f4 sits in an 8-bit container of its own
# too, four to a register, but in its middle: 0b00ABCD00 (CUTLASS's cute/atom/mma_traits_sm120.hpp,
# `fp4_shift_A` / `fp4_shift_B`: "MMA F8F6F4 expects the four-bit data to be in the middle of the
# eight-bit container", shifted left by two). In memory the fragment stays packed, two to a byte,
# as the function writer keeps a 4-bit element; kinds mxf4 / mxf4nvf4 take it so, eight to a register.
_NIBBLE_BITS, _NIBBLE_SHIFT = 4, 2
# NVPTX constraint letter -> the LLVM type of the value bound to it.
_CONSTRAINT_TYPE = {"r": "i32", "l": "i64", "f": "f32", "h": "i16", "d": "f64"}


class Unbindable(Exception):
    """The op's operands do not have the shapes the instruction's registers need."""


class Undefined(Unbindable):
    """An operand is a value the IR defines nowhere (a snippet's free value, as in the TMA
    page's worked example): there is nothing to bind, and the verifier's place to say so."""


def bind(op: Operation, asm, location, expand=None) -> list[Operation]:
    """The ops that replace `op` (an MMA atom's applying op) by `asm` (`emit.ptx.InlineAsm`)
    with its operands bound; raises `Unbindable` when an operand's type cannot be split into
    the instruction's registers. `expand` (`AliasTable.expand`): how to read a type the text
    writes with an alias (a check of the IR as written), when the caller has not resolved them."""
    builder = _Builder(location, expand)
    try:
        return _bind(op, asm, builder)
    except Unbindable:
        discard(builder.ops)
        raise


def binds(op: Operation, asm, expand=None) -> None:
    """Whether `bind` would replace `op`: raises what it would raise, and builds nothing. A
    check in place asks this of every applying op on every verification; the replacement of a
    WGMMA alone is some 140 ops, which a check would only discard."""
    _bind(op, asm, _Rehearsal(expand))


def discard(ops: list[Operation]) -> None:
    """Drop `ops`, made by `bind` and never inserted, from the use lists of what they use: an
    op binding gave up on (or a check in place made) must not count as a use of the operands."""
    for made in reversed(ops):
        made.set_operands([])


def _bind(op: Operation, asm, builder: "_Builder") -> list[Operation]:
    inputs: list[Value] = []
    input_types: list[str] = []
    outputs: list[tuple[str, int, str, int | None]] = []      # (role, register, constraint letter, bits held)
    coordinates = sum(1 for operand in asm.operands if operand.role == "coord")
    # A single integer coordinate into a tensor of several dimensions (the TMA page's worked
    # example: `tma_load %exec, %smem_tile, %coord` on a rank-3 descriptor) is an element
    # index, which CuTe reads colexicographically over the tensor's extents.
    linear = builder.linear_coordinates(op, coordinates) if coordinates > 1 else None
    found: dict[str, Value] = {}

    def operand_of(role: str) -> Value:       # each register of a fragment asks again
        if role not in found:
            found[role] = _operand(op, role)
        return found[role]

    for operand in asm.operands:
        if operand.constraint.startswith("="):
            outputs.append((operand.role, operand.index, operand.constraint[1:], operand.holds))
            continue
        letter = operand.constraint if not operand.constraint.isdigit() else outputs[int(operand.constraint)][2]
        if operand.role == "scale_d":
            value = builder.constant("1 : i32", "i32")
        elif operand.constant is not None:
            named = NAMED_CONSTANTS.get(operand.role) if operand.named is not None else None
            value = builder.constant(f"{operand.constant} : {_CONSTRAINT_TYPE[letter]}", _CONSTRAINT_TYPE[letter],
                                     {named.attribute: Attribute(f'"{operand.named}"')} if named is not None else None)
        elif operand.role == "coord":
            value = linear[operand.index] if linear is not None else builder.coordinate(operand_of("coord"), operand.index)
        elif operand.role == "offset":
            if linear is not None:
                raise Unbindable("an im2col load's offsets follow the tensor's coordinates; one index gives none")
            # An im2col load's offsets: the coordinate's entries after the tensor's.
            value = builder.coordinate(operand_of("coord"), coordinates + operand.index, _CONSTRAINT_TYPE[letter])
        elif operand.address:
            value = builder.address(operand_of(operand.role), letter)
        else:
            value = builder.register(operand_of(operand.role), operand.index, letter, operand.holds, operand.container)
        inputs.append(value)
        input_types.append(_CONSTRAINT_TYPE[letter])
    result_types = [_CONSTRAINT_TYPE[letter] for _, _, letter, _ in outputs]
    if len(result_types) > 1:
        result = ["!llvm.struct<(" + ", ".join(result_types) + ")>"]
    else:
        result = result_types
    call = builder.make(INLINE_ASM, inputs, result,
                        lambda: {"asm_string": Attribute(_quoted(asm.text)),
                                 "constraints": Attribute(_quoted(asm.constraints)),
                                 "has_side_effects": Attribute("unit")})
    for position, (role, index, letter, holds) in enumerate(outputs):
        value = call.results[0]
        if len(outputs) > 1:
            value = builder.make("llvm.extractvalue", [value], [result_types[position]],
                                 lambda: {"position": Attribute(f"array<i64: {position}>")}).results[0]
        builder.store(value, operand_of(role), index, letter, holds)
    return builder.ops


def _operand(op: Operation, role: str) -> Value:
    if role in ("tmap", "mbar"):
        return through_atom(op, role)
    position = _ROLE_OPERAND.get(op.name, {}).get(role)
    if op.name == MMA and role in _SCALES and op.num_operands == _SPARSE_SCALED_OPERANDS:
        position += 1            # a sparse block-scaled MMA's scales follow its metadata E
    if position is None:
        raise Unbindable(f"`{op.name}` has no {role} operand")
    if position >= op.num_operands:
        raise Unbindable(f"`{op.name}` has no {role.upper()} operand")
    return op.operand(position)


def through_atom(op: Operation, role: str) -> Value:
    """What a TMA transfer's executable atom binds (`make_exec_tma %atom, %mbar`): its mbarrier,
    or the descriptor its non-exec atom was built on (`non_exec_tiled_tma_* %desc, ...`)."""
    binder = op.operands[0].owner if op.operands and isinstance(op.operands[0], OpResult) else None
    if binder is None or binder.name != MAKE_EXEC or len(binder.operands) < 2:
        raise Unbindable(f"`{op.name}`'s atom is not bound by `{MAKE_EXEC}` here")
    if role == "mbar":
        return binder.operands[1]
    maker = binder.operands[0].owner if isinstance(binder.operands[0], OpResult) else None
    if maker is None or maker.name not in NON_EXEC_KINDS or not maker.operands:
        raise Unbindable(f"`{op.name}`'s atom is not built on a descriptor here")
    return maker.operands[0]


class _Builder:
    def __init__(self, location, expand=None) -> None:
        self.location = location
        self._expand = expand
        self.ops: list[Operation] = []
        self._indices: dict[int, Value] = {}
        self._fragments: dict[tuple[int, str], tuple[object, int]] = {}

    def type_of(self, value: Value) -> str:
        """The text of `value`'s type, with the aliases it uses resolved when they are not yet."""
        text = str(value.type).strip()
        if text == UNDEFINED.text:
            name = f"`%{value.name_hint}`" if value.name_hint else "an operand"
            raise Undefined(f"{name} is defined nowhere in this IR")
        return self._expand(text) if self._expand is not None else text

    def make(self, name: str, operands: list[Value], result_types: list[str], properties=None,
             attributes: dict[str, Attribute] | None = None) -> Operation:
        """A new op at the builder's location, kept in `ops`; `properties`: a callable giving them."""
        op = Operation(name, operands=operands, result_types=[Type(t) for t in result_types], location=self.location,
                       properties=properties() if properties is not None else None, attributes=attributes)
        self.ops.append(op)
        return op

    def constant(self, value: str, type_text: str, attributes: dict[str, Attribute] | None = None) -> Value:
        """An `arith.constant`; `attributes`: discardable ones it carries (`NAMED_CONSTANTS`' name)."""
        return self.make("arith.constant", [], [type_text], lambda: {"value": Attribute(value)}, attributes).results[0]

    def index(self, n: int) -> Value:
        if n not in self._indices:
            self._indices[n] = self.constant(f"{n} : index", "index")
        return self._indices[n]

    def address(self, value: Value, letter: str) -> Value:
        """The address of a memref's first element as the integer `letter` binds: its aligned
        pointer (`memref.extract_aligned_pointer_as_index`), cast to i32 for a shared-memory
        operand, i64 for a global one. A memref with a strided layout starts its offset's
        elements after that pointer (`memref.extract_strided_metadata`, static or dynamic), one
        with an affine map where the map sends index 0 (`affine_origin`); a map that does not
        say (a symbol, a division) or an alias leaves the operand unbound."""
        written = self.type_of(value)
        memref = shaped(written)
        layout = _layout(written) if memref is not None and memref.kind == "memref" else None
        bits = element_bits(memref.element) if memref is not None else None
        strided = layout is not None and layout.startswith("strided<")
        # A CuTe layout maps coordinate 0 to offset 0 (a composed one, `S<...> o off o ...`,
        # may start elsewhere): the first element is at the pointer.
        at_origin = layout is not None and layout.startswith("#cute.layout<") and " o " not in layout
        mapped = affine_origin(layout) if layout is not None and not strided and not at_origin else None
        if memref is None or memref.kind != "memref" \
                or (layout is not None and not strided and not at_origin and mapped is None) \
                or (layout is not None and not at_origin and (bits is None or bits % 8)) \
                or (strided and None in memref.dims):
            raise Unbindable(f"a {written} operand is not a memref whose first element's address is known")
        address = self.make("memref.extract_aligned_pointer_as_index", [value], ["index"]).results[0]
        if strided:
            address = self._past_offset(value, memref, address, bits // 8)
        elif mapped:
            # The map sends the first element to `mapped` elements past the pointer.
            address = self.make("arith.addi", [address, self.index(mapped * bits // 8)], ["index"]).results[0]
        return self.make("arith.index_cast", [address], [_CONSTRAINT_TYPE[letter]]).results[0]

    def _past_offset(self, value: Value, memref, pointer: Value, element_bytes: int) -> Value:
        """`pointer` moved past the memref's offset (in elements, from its strided metadata)."""
        space = f", {memref.memory_space}" if memref.memory_space else ""
        rank = len(memref.dims)
        metadata = self.make("memref.extract_strided_metadata", [value],
                             [f"memref<{memref.element}{space}>"] + ["index"] * (1 + 2 * rank))
        step = self.make("arith.muli", [metadata.results[1], self.index(element_bytes)], ["index"])
        return self.make("arith.addi", [pointer, step.results[0]], ["index"]).results[0]

    def coordinate(self, value: Value, index: int, integer: str = "i32") -> Value:
        """The `index`th coordinate of a TMA transfer as an i32 (an im2col offset as an i16): a
        constant of a static `!cute.coord`, an element of a `vector<Nxi32>` (truncated)."""
        type_text = self.type_of(value)
        static = _STATIC_COORD.match(type_text)
        if static:
            leaves = [int(x) for x in static.group(1).split(",")]
            if index < len(leaves):
                return self.constant(f"{leaves[index]} : {integer}", integer)
        vector = shaped(type_text)
        if vector is not None and vector.kind == "vector" and vector.element == "i32" and vector.rank == 1 \
                and vector.dims[0] is not None and index < vector.dims[0]:
            extract = self.make("vector.extract", [value], ["i32"],
                                lambda: {"static_position": Attribute(f"array<i64: {index}>")}).results[0]
            if integer == "i32":
                return extract
            return self.make("arith.trunci", [extract], [integer]).results[0]
        raise Unbindable(f"coordinate {index} of a {type_text} is not a static `!cute.coord` with that many "
                         f"entries or a `vector<Nxi32>`")

    def linear_coordinates(self, op: Operation, rank: int) -> list[Value] | None:
        """A TMA transfer's `rank` coordinates (i32, innermost first) from its coordinate when
        that is one integer (`index`, `i32`, `i64`): the element index `i` over the extents
        e0, e1, ... of the tensor its descriptor was built on (`shapes(...)`, innermost first
        as cuTensorMapEncodeTiled's globalDim, else the memref's static dims), as CuTe's
        idx2crd: c0 = i mod e0, c1 = (i div e0) mod e1, ..., the last i div (e0 * ... ). None
        when the coordinate is not one integer."""
        value = _operand(op, "coord")
        type_text = self.type_of(value)
        if type_text not in ("index", "i32", "i64"):
            return None
        extents = self._extents(through_atom(op, "tmap"), rank)
        index = value
        if type_text != "index":
            index = self.make("arith.index_cast", [value], ["index"]).results[0]
        found: list[Value] = []
        for extent in extents[:-1]:
            found.append(self.make("arith.remui", [index, extent], ["index"]).results[0])
            index = self.make("arith.divui", [index, extent], ["index"]).results[0]
        found.append(index)
        return [self.make("arith.index_cast", [v], ["i32"]).results[0] for v in found]

    def _extents(self, descriptor: Value, rank: int) -> list[Value]:
        """The extents (index values, innermost first) of the tensor `descriptor` was built on."""
        from ..verify.tma import operand_groups        # the builder's operand groups, as its verifier reads them
        builder = descriptor.owner if isinstance(descriptor, OpResult) else None
        if builder is None or builder.name != DESCRIPTOR_BUILDER:
            raise Unbindable("an index coordinate needs the extents of the descriptor's tensor, "
                             "and the descriptor is not built here")
        groups = operand_groups(builder)
        shapes = list(groups.get("shapes") or [])
        if shapes:
            if len(shapes) != rank or any(self.type_of(v) != "index" for v in shapes):
                raise Unbindable(f"the descriptor's shapes(...) are not {rank} index extents")
            return shapes
        tensor = (groups.get("tensor") or [None])[0]
        memref = shaped(self.type_of(tensor)) if tensor is not None else None
        dims = list(reversed(memref.dims)) if memref is not None and memref.kind == "memref" else []
        if len(dims) != rank or None in dims:
            raise Unbindable("an index coordinate needs the extents of the descriptor's tensor, "
                             "which are neither static nor given by shapes(...)")
        return [self.index(d) for d in dims]

    def _fragment(self, value: Value, letter: str, container: int | None = None) -> tuple[object, int]:
        """(the memref, elements per register) of a register fragment, each element `container`
        bits of the register when narrower (`AsmOperand.container`)."""
        key = (id(value), letter, container)       # each of an operand's registers asks again
        if key not in self._fragments:
            self._fragments[key] = self._read_fragment(value, letter, container)
        return self._fragments[key]

    def _read_fragment(self, value: Value, letter: str, container: int | None) -> tuple[object, int]:
        written = self.type_of(value)
        memref = shaped(written)
        bits = element_bits(memref.element) if memref is not None else None
        width = int(_CONSTRAINT_TYPE[letter][1:])
        if bits == _CONTAINED_BITS or (bits is not None and container is not None and bits < container):
            bits = _CONTAINER_BITS
        if memref is None or memref.kind != "memref" or memref.rank != 1 or bits is None or width % bits:
            raise Unbindable(f"a {written} operand is not a fragment of {width}-bit registers")
        return memref, width // bits

    def register(self, value: Value, index: int, letter: str, holds: int | None = None,
                 container: int | None = None) -> Value:
        """The `index`th register of a fragment (the whole value for index -1); with `holds`, the
        register holds the fragment's `index`th element alone, in its low bits (zero-extended);
        with `container`, each element narrower than it takes that many bits of the register."""
        if holds is not None:
            element = self._element(value, index, holds)
            return self.make("arith.extui", [element], [_CONSTRAINT_TYPE[letter]]).results[0]
        if index < 0:
            written = self.type_of(value)
            if letter == "l" and written.startswith("memref"):
                raise Unbindable(f"a {written} operand is not a descriptor")
            if letter == "l" and written == "i64":
                return value
            if letter == "l":
                # A descriptor: the i64 the descriptor view stands for.
                return self.make("builtin.unrealized_conversion_cast", [value], ["i64"]).results[0]
            index = 0
        memref, per = self._fragment(value, letter, container)
        llvm_type = _CONSTRAINT_TYPE[letter]
        if per == 1:
            loaded = self.make("memref.load", [value, self.index(index)], [memref.element]).results[0]
            if memref.element == llvm_type:
                return loaded
            return self._bitcast(loaded, llvm_type)
        vector = f"vector<{per}x{memref.element}>"
        load = self.make("vector.load", [value, self.index(index * per)], [vector])
        integers = self._as_integers(load.results[0], memref.element, per)
        if element_bits(memref.element) == _NIBBLE_BITS and per * _NIBBLE_BITS < int(llvm_type[1:]):
            return self._contained_nibbles(integers, per, llvm_type)
        return self._bitcast(integers, llvm_type)

    def _contained_nibbles(self, integers: Value, count: int, llvm_type: str) -> Value:
        """The register of `count` 4-bit lanes (`vector<count x i4>`), each in a byte of its own at
        bit 2 (`_NIBBLE_SHIFT`): the lanes' bits as one integer, widened to the register, and lane
        k's nibble, masked, moved from bit 4k to bit 8k + 2 and or-ed in."""
        packed = self._bitcast(integers, f"i{count * _NIBBLE_BITS}")
        wide = self.make("arith.extui", [packed], [llvm_type]).results[0]
        register = None
        for lane in range(count):
            nibble = self.make("arith.andi", [wide, self.constant(f"{0xF << lane * _NIBBLE_BITS} : {llvm_type}",
                                                                   llvm_type)], [llvm_type]).results[0]
            moved = self.make("arith.shli", [nibble, self.constant(f"{lane * _NIBBLE_BITS + _NIBBLE_SHIFT} : {llvm_type}",
                                                                    llvm_type)], [llvm_type]).results[0]
            register = moved if register is None else self.make("arith.ori", [register, moved], [llvm_type]).results[0]
        return register

    def _as_integers(self, value: Value, element: str, count: int) -> Value:
        """A vector of narrow floats LLVM has no type for (f8E4M3FN, f4E2M1FN, ...) as the
        integers of its width (`arith.bitcast`), which LLVM packs into a register."""
        if element in _LLVM_ELEMENTS:
            return value
        bits = element_bits(element)
        integers = self.make("arith.bitcast", [value], [f"vector<{count}xi{bits}>"]).results[0]
        if bits != _CONTAINED_BITS:
            return integers
        # Each 6-bit element in its 8-bit container, zero-extended (`_CONTAINED_BITS`).
        return self.make("arith.extui", [integers], [f"vector<{count}xi{_CONTAINER_BITS}>"]).results[0]

    def _elements(self, value: Value, bits: int):
        """The memref of a fragment of `bits`-bit elements."""
        written = self.type_of(value)
        memref = shaped(written)
        if memref is None or memref.kind != "memref" or memref.rank != 1 or element_bits(memref.element) != bits:
            raise Unbindable(f"a {written} operand is not a fragment of {bits}-bit elements")
        return memref

    def _element(self, value: Value, index: int, bits: int) -> Value:
        """The fragment's `index`th element of `bits` bits, as an integer of that width."""
        memref = self._elements(value, bits)
        loaded = self.make("memref.load", [value, self.index(index)], [memref.element]).results[0]
        if memref.element == f"i{bits}":
            return loaded
        return self.make("arith.bitcast", [loaded], [f"i{bits}"]).results[0]

    def _store_element(self, result: Value, value: Value, index: int, bits: int) -> None:
        """The low `bits` bits of a register stored as the fragment's `index`th element."""
        memref = self._elements(value, bits)
        stored = self.make("arith.trunci", [result], [f"i{bits}"]).results[0]
        if memref.element != f"i{bits}":
            stored = self.make("arith.bitcast", [stored], [memref.element]).results[0]
        self.make("memref.store", [stored, value, self.index(index)], [])

    def store(self, result: Value, value: Value, index: int, letter: str, holds: int | None = None) -> None:
        if holds is not None:
            self._store_element(result, value, index, holds)
            return
        memref, per = self._fragment(value, letter)
        llvm_type = _CONSTRAINT_TYPE[letter]
        if per == 1:
            stored = result if memref.element == llvm_type else self._bitcast(result, memref.element)
            self.make("memref.store", [stored, value, self.index(index)], [])
            return
        if element_bits(memref.element) == _CONTAINED_BITS:
            raise Unbindable(f"a {self.type_of(value)} operand is no instruction's output here")
        if memref.element in _LLVM_ELEMENTS:
            unpacked = self._bitcast(result, f"vector<{per}x{memref.element}>")
        else:
            integers = self._bitcast(result, f"vector<{per}xi{element_bits(memref.element)}>")
            unpacked = self.make("arith.bitcast", [integers], [f"vector<{per}x{memref.element}>"]).results[0]
        self.make("vector.store", [unpacked, value, self.index(index * per)], [])

    def _bitcast(self, value: Value, type_text: str) -> Value:
        return self.make("llvm.bitcast", [value], [type_text]).results[0]


class _Unmade:
    """What `_Rehearsal.make` gives in place of an op: results that stand for values, to be
    passed on and never read."""

    __slots__ = ("results",)

    def __init__(self, count: int) -> None:
        self.results = [None] * count


class _Rehearsal(_Builder):
    """A builder that makes nothing: `_bind` through it meets every operand's type and raises
    where the real one would, and no op, value or use is created. What reading or writing one
    register of a fragment raises depends on the fragment's type and the register's kind, not
    on which register it is: each such kind is rehearsed once (a WGMMA's accumulator has up to
    128 registers)."""

    def __init__(self, expand=None) -> None:
        super().__init__(None, expand)
        self._rehearsed: set[tuple] = set()

    def make(self, name: str, operands: list[Value], result_types: list[str], properties=None, attributes=None) -> _Unmade:
        return _Unmade(len(result_types))

    def register(self, value: Value, index: int, letter: str, holds: int | None = None,
                 container: int | None = None) -> Value | None:
        key = ("register", id(value), letter, holds, container, index < 0)
        if key in self._rehearsed:
            return None
        self._rehearsed.add(key)
        return super().register(value, index, letter, holds, container)

    def store(self, result: Value, value: Value, index: int, letter: str, holds: int | None = None) -> None:
        key = ("store", id(value), letter, holds)
        if key not in self._rehearsed:
            self._rehearsed.add(key)
            super().store(result, value, index, letter, holds)


# An affine map layout of the linear form MLIR's strided layouts stand for: one result, a sum
# of dimensions (each times an integer, or alone) and integers, and no symbols.
_AFFINE_MAP = re.compile(r"^affine_map<\(\s*(d\d+(?:\s*,\s*d\d+)*)?\s*\)\s*->\s*\((.*)\)>$", re.S)
_LINEAR_TERM = re.compile(r"^(?:(?P<dim>d\d+)(?:\s*\*\s*\d+)?|\d+\s*\*\s*(?P<dim2>d\d+)|(?P<constant>\d+))$")


def affine_origin(layout: str) -> int | None:
    """The offset (in elements) an affine-map layout gives the memref's first element, when the
    map is linear (`_AFFINE_MAP`): the sum of its integer terms; None for any other map."""
    found = _AFFINE_MAP.match(layout.strip())
    if found is None:
        return None
    dims = set(re.findall(r"d\d+", found.group(1) or ""))
    terms = re.split(r"\s*(\+|-)\s*", found.group(2).strip())
    if not terms or not terms[0]:
        return None
    offset, sign = 0, 1
    for position, term in enumerate(terms):
        if position % 2:
            sign = 1 if term == "+" else -1
            continue
        linear = _LINEAR_TERM.match(term)
        if linear is None:
            return None
        if linear.group("constant") is not None:
            offset += sign * int(linear.group("constant"))
        elif (linear.group("dim") or linear.group("dim2")) not in dims:
            return None
    return offset


def _layout(memref_type: str) -> str | None:
    """The layout a memref type names (strided, affine map, an alias) besides its shape,
    element type and memory space; None when it names none."""
    inside = memref_type.strip()[len("memref<"):-1]
    depth, parts, current = 0, [], ""
    for at, char in enumerate(inside):
        depth += char in "<([{"
        depth -= char in ">)]}" and not (char == ">" and inside[at - 1:at] == "-")   # an affine map's `->`
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    # memref<shape x element [, layout] [, memory space]>: a space is an integer or an attribute
    # of gpu's address spaces; anything else after the element type is a layout.
    return next((p.strip() for p in parts[1:] if not (p.strip().isdigit() or p.strip().startswith("#gpu.address_space"))),
                None)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
