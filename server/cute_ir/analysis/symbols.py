"""What an op's verifier asks of other units of the document (dialects/lookup.Lookup): the
symbol a `func.call`, `func.constant`, `llvm.call` or `memref.get_global` names (a function
with its signature, a global with its type, or another symbol's defining op), the kernel a
`gpu.launch_func` names (`@module::@function`: a container's symbol, then one of its own) and
whether the `module` around it is a GPU container module, and the `#nvvm.target`s of the
`gpu.module` around an NVVM op.

MLIR resolves a callee in the nearest symbol table around the call
(`SymbolTable::lookupNearestSymbolFrom`): the direct children of the module (or `gpu.module`)
that holds the calling function, which are other units of the document (analysis/units.py: a
container's statements are units of their own), as is the container's header, where its
targets are written. So neither can come from the op's own text; they come from this index.

Each unit says what symbol it defines (`Unit.function`, read from its text when it is
diagnosed: a name and what defines it). The analysis keeps the list of units that define one
or are a container's shell (`DocumentAnalysis.symbol_units`), dropped only when a diagnosed
unit's definition changed or the unit list was replaced; the table read from it (which
container holds which symbols under which name, and which container holds the units between
two of its entries) is kept with that list, so a keystroke that touches no signature reads none
of the definitions. A unit whose ops looked a name up records it (`Unit.symbols`), and an edit
that changes a definition of that name, or any container's shell, verifies it again.

What is left out, so that an answer is never wrong: a symbol table inside the op's own unit (a
nested `module` the units do not split) and an op around it cute-ir has no record for are not
searched, a name defined twice in one table (MLIR's `redefinition of symbol`) gives no answer,
and split markers (`// -----`) do not separate the top level's symbols (the CLI's
`--split-input-file` analyses each split alone).
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tree_sitter import Node

from ..dialects.lookup import MISSING, Definition, Signature
from ..dialects.registry import SYMBOL_DEFINERS, is_function
from ..ir.aliases import AliasTable
from ..ir.op_form import normalized, written_type_text
from ..syntax.cst import TYPE_KINDS, empty_dictionary
from .segments import Kind

if TYPE_CHECKING:
    from .source import UnitSource
    from .units import Unit

__all__ = ["SymbolDefinition", "FunctionDefinition", "function_definition", "UnitLookup", "TARGETS", "answers_changed"]


@dataclass(frozen=True, slots=True)
class SymbolDefinition:
    name: str                       # the symbol, without `@`
    definition: Definition          # what defines it (the op, a function's signature, a global's type)


FunctionDefinition = SymbolDefinition   # (the name the unit records it under)

# The ops whose units define a symbol others look up (dialects/: Symbol ops that are no symbol
# table), and of them the functions, whose text gives a signature; the others give their name,
# and a global's custom form its type or address space (read below by its form). Computed once:
# each diagnosed unit's start is compared with them.
_DEFINING = SYMBOL_DEFINERS
_FUNCTIONS = frozenset(filter(is_function, _DEFINING))
_PREFIXES = tuple(p for op in sorted(_DEFINING) for p in (op.encode(), b'"' + op.encode() + b'"'))
_LONGEST = max(len(p) for p in _PREFIXES)


def function_definition(data: bytes | bytearray, unit: "Unit", nodes: Callable[[], list[Node]]) -> SymbolDefinition | None:
    """The symbol a unit defines (a function, a global), read from its statement (`nodes`
    gives the unit's statement nodes; asked only for a unit whose text starts as one of the
    defining ops' does)."""
    if unit.shell or not bytes(data[unit.start:unit.start + _LONGEST]).startswith(_PREFIXES):
        return None
    statements = nodes()
    if len(statements) != 1 or statements[0].type != "operation" or statements[0].has_error:
        return None
    op = statements[0]
    name = op.child_by_field_name("name")
    op_name = (name.text or b"").strip(b'"').decode("utf-8", "replace") if name is not None else ""
    if op_name not in _DEFINING:
        return None
    body = op.child_by_field_name("body")
    if body is None or body.type != "custom_body":
        return _generic_definition(op, op_name)
    items = [c for c in body.named_children if c.type != "comment"]
    symbol = next((i for i, item in enumerate(items) if item.type == "symbol_ref"), None)
    if symbol is None:
        return None
    symbol_name = _symbol(items[symbol])
    if symbol_name is None:
        return None
    rest = items[symbol + 1:]
    if op_name == "memref.global":
        # `@gv : memref<...> = ...` (the colon is not a named child)
        written = written_type_text(rest[0]) if rest and rest[0].type in TYPE_KINDS else None
        return SymbolDefinition(symbol_name, Definition(op_name, type=written))
    if op_name == "llvm.mlir.global":
        return SymbolDefinition(symbol_name, Definition(op_name, address_space=_address_space(rest)))
    if op_name == "llvm.mlir.alias":
        return SymbolDefinition(symbol_name, Definition(op_name, address_of=_address_of(rest)))
    if op_name not in _FUNCTIONS:
        return SymbolDefinition(symbol_name, Definition(op_name))
    kernel = _is_kernel(rest)
    return SymbolDefinition(symbol_name, Definition(op_name, _signature(rest), kernel=kernel, body=_has_body(rest)))


_ADDRESS_SPACE = re.compile(rb"\s*(\d+)\s*(?::\s*i32\s*)?")


def _address_space(rest: list[Node]) -> int | None:
    """An `llvm.mlir.global`'s `addr_space` in its dictionary (0 when not written; None when
    written otherwise than as an integer)."""
    dictionary = next((item for item in rest if item.type == "attribute_dict"), None)
    for entry in dictionary.named_children if dictionary is not None else ():
        key = entry.child_by_field_name("name")
        if entry.type == "attribute_entry" and key is not None and key.text == b"addr_space":
            value = entry.child_by_field_name("value")
            match = _ADDRESS_SPACE.fullmatch(value.text or b"") if value is not None else None
            return int(match.group(1)) if match else None
    return 0


_ADDRESS_OF = re.compile(rb"(%[\w$.-]+)\s*=\s*llvm\.mlir\.addressof\s+@([\w$.-]+)")
_RETURNED = re.compile(rb"llvm\.return\s+(%[\w$.-]+)")


def _address_of(rest: list[Node]) -> str | None:
    """The symbol whose address an alias's initializer returns: `%0 = llvm.mlir.addressof @f`
    and `llvm.return %0` in its region (None when it returns another value)."""
    region = next((item for item in rest if item.type == "region"), None)
    text = region.text or b"" if region is not None else b""
    returned = _RETURNED.findall(text)
    if len(returned) != 1:
        return None
    addresses = dict(_ADDRESS_OF.findall(text))
    target = addresses.get(returned[0])
    return target.decode("utf-8", "replace") if target is not None else None


def _has_body(rest: list[Node]) -> bool:
    """Whether a function's custom form ends with its body (a declaration does not)."""
    written = [item for item in rest if item.type != "location"]
    return bool(written) and written[-1].type == "region" and not empty_dictionary(written[-1])


def _signature(rest: list[Node]) -> Signature | None:
    """A function's custom form after its symbol: `(args) -> results`."""
    if not rest or rest[0].type != "paren_group":
        return None
    inputs = _types_of(rest[0], arguments=True)
    results: tuple[str | None, ...] | None = ()
    if _arrow_after(rest[0]):
        if len(rest) > 1 and rest[1].type == "paren_group":
            results = _types_of(rest[1], arguments=False)
        elif len(rest) > 1 and rest[1].type in TYPE_KINDS:
            results = (written_type_text(rest[1]),)
        else:
            results = None
    if inputs is None or results is None:
        return None
    variadic = any(c.type == "..." for c in rest[0].children)
    return Signature(inputs, results, variadic)


def _is_kernel(rest: list[Node]) -> bool:
    """A gpu.func's `kernel` keyword, or a `gpu.kernel` attribute in its `attributes {...}`."""
    for item in rest:
        if item.type == "keyword" and item.text == b"kernel":
            return True
        if item.type == "attribute_dict" and any(
                (e.child_by_field_name("name") is not None and e.child_by_field_name("name").text == b"gpu.kernel")
                for e in item.named_children if e.type == "attribute_entry"):
            return True
    return False


def _arrow_after(arguments: Node) -> bool:
    """Whether `->` follows the argument list (results are written)."""
    following = arguments.next_sibling
    while following is not None and following.type == "comment":
        following = following.next_sibling
    return following is not None and following.type == "->"


def _generic_definition(op: Node, op_name: str) -> SymbolDefinition | None:
    """`"func.func"() ({...}) {sym_name = "f", function_type = ...}`: the name only (a
    `gpu.func`'s kernel attribute too)."""
    name, kernel = None, False
    for entry in _attribute_entries(op):
        key = entry.child_by_field_name("name")
        value = entry.child_by_field_name("value")
        key_text = key.text.strip(b'"') if key is not None else b""
        if key_text == b"gpu.kernel":
            kernel = True
        if key_text == b"sym_name" and value is not None:
            text = (value.text or b"").decode("utf-8", "replace")
            if len(text) >= 2 and text[0] == text[-1] == '"':
                name = text[1:-1]
    return SymbolDefinition(name, Definition(op_name, kernel=kernel)) if name is not None else None


def _attribute_entries(op: Node):
    for field in ("attributes", "properties"):
        group = op.child_by_field_name(field)
        for child in group.named_children if group is not None else ():
            entries = child.named_children if child.type == "attribute_dict" else [child]
            yield from (e for e in entries if e.type == "attribute_entry")


def _symbol(node: Node) -> str | None:
    text = (node.text or b"").decode("utf-8", "replace")
    if not text.startswith("@") or "::" in text:
        return None
    name = text[1:]
    return name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name


def _types_of(group: Node, arguments: bool) -> tuple[str | None, ...] | None:
    """The types of a signature's argument list (`(%a: T {attrs}, ...)` or `(T, U)`) or result
    list (`(T {attrs}, U)`); None when it holds something else."""
    out: list[str | None] = []
    for child in group.named_children:
        if child.type in ("comment", "attribute_dict") or (arguments and child.type == "value_use"):
            continue
        if child.type in TYPE_KINDS:
            out.append(written_type_text(child))
        else:
            return None
    return tuple(out)


# --------------------------------------------------------------------------- the table

@dataclass(slots=True)
class _Table:
    entries: Sequence["Unit"]               # the list it was read from (kept: its identity is the key)
    scope_after: list[int]                  # the innermost open container after each entry (-1: the top)
    functions: dict[tuple[int, str], list[FunctionDefinition]]
    parent: dict[int, int]                  # each container's header: the container around it (-1: the top)


_KEPT_TABLES = 8
_tables: "OrderedDict[int, _Table]" = OrderedDict()


def _table(entries: Sequence["Unit"], closes: Callable[["Unit"], bool]) -> _Table:
    kept = _tables.get(id(entries))
    if kept is not None and kept.entries is entries:
        _tables.move_to_end(id(entries))
        return kept
    open_scopes: list[int] = []
    scope_after: list[int] = []
    functions: dict[tuple[int, str], list[FunctionDefinition]] = {}
    parent: dict[int, int] = {}
    for index, unit in enumerate(entries):
        if unit.shell:
            if closes(unit):
                if open_scopes:
                    open_scopes.pop()
            else:
                parent[index] = open_scopes[-1] if open_scopes else -1
                open_scopes.append(index)
        elif unit.function is not None:
            scope = open_scopes[-1] if open_scopes else -1
            functions.setdefault((scope, unit.function.name), []).append(unit.function)
        scope_after.append(open_scopes[-1] if open_scopes else -1)
    table = _Table(entries, scope_after, functions, parent)
    _tables[id(entries)] = table
    if len(_tables) > _KEPT_TABLES:
        _tables.popitem(last=False)
    return table


def _closer(analysis: "UnitSource") -> Callable[["Unit"], bool]:
    """Whether a container's shell is its closing brace (else its header): a piece says; a
    unit of the tree starts with the brace (a well-formed document's braces are all written)."""
    data = analysis.document.data

    def closes(shell: "Unit") -> bool:
        if shell.piece is not None:
            return shell.piece.kind is Kind.CLOSER
        start = analysis.unit_start(shell)
        return data[start:start + 1] == b"}"
    return closes


# The `#nvvm.target<...>` attributes of a container's header, and what one says.
_NVVM_TARGET = re.compile(rb"#nvvm\.target<([^>]*)>")
_CHIP = re.compile(rb'\bchip\s*=\s*"([^"]+)"')
_NOT_VERIFIED = re.compile(rb"\bverifyTarget\s*=\s*false\b")
# The names a unit records (`Unit.symbols`) when it asked for its module's targets, whether its
# module is a GPU container module, or a launched kernel: an edit to a container's shell verifies
# it again, as any edit that may change a symbol table does.
TARGETS = "gpu.module targets"
CONTAINER_MODULE = "module gpu.container_module"
PTX_CONTAINER = "container for PTX"
_KERNEL = "kernel @{0}::@{1}"
_KERNEL_KEY = re.compile(r"kernel @(.*)::@(.*)")
_ALIAS = "alias {0}"
_ALIAS_KEY = re.compile(r"alias ([!#].*)")
# A container's header: its op and symbol (`gpu.module @kernels [...] {`, `module attributes {...} {`).
_CONTAINER_HEADER = re.compile(rb'\s*"?(gpu\.module|builtin\.module|module)"?\s*(?:@("[^"]*"|[\w$.-]+))?')
_CONTAINER_MODULE_ATTRIBUTE = re.compile(rb"\bgpu\.container_module\b")
# A module's LLVM target triple naming NVPTX (`llvm.target_triple = "nvptx64-nvidia-cuda"`).
_NVPTX_TRIPLE = re.compile(rb'\bllvm\.target_triple\s*=\s*"nvptx')


class UnitLookup:
    """What the ops of one unit ask of the rest of the document (dialects/lookup.Lookup). Each
    question is kept in `asked` with its answer (`Unit.symbols`): an edit after which one
    would be answered otherwise verifies the unit again (`answers_changed`)."""

    def __init__(self, analysis: "UnitSource", unit: "Unit", asked: dict[str, Any]) -> None:
        self.analysis, self.unit, self.asked = analysis, unit, asked

    def _scope(self) -> tuple[_Table, int]:
        """The table, and the entry of the header of the container around the unit (-1: the top)."""
        analysis = self.analysis
        entries = analysis.symbol_units()
        table = _table(entries, _closer(analysis))
        at = bisect_right(entries, analysis.unit_start(self.unit), key=analysis.unit_start) - 1
        return table, table.scope_after[at] if at >= 0 else -1

    def symbol(self, name: str) -> "Definition | object | None":
        table, scope = self._scope()
        found = table.functions.get((scope, name))
        answer = MISSING if not found else self._read(found[0].definition) if len(found) == 1 else None
        # (a name defined twice gets no answer: MLIR says so, and which one an op sees is moot)
        self.asked[name] = answer
        return answer

    def module_targets(self) -> tuple[str, ...] | None:
        answer = self._module_targets()
        self.asked[TARGETS] = answer
        return answer

    def container_module(self) -> bool | None:
        answer = self._container_module()
        self.asked[CONTAINER_MODULE] = answer
        return answer

    def ptx_container(self) -> bool:
        """Whether a container around the unit is meant for PTX: a `gpu.module` (where CuTe DSL
        and MLIR's GPU dialect put device code), or a module that declares an NVVM target
        (`#nvvm.target<...>`) or an NVPTX triple (`llvm.target_triple = "nvptx64-nvidia-cuda"`)."""
        answer = self._ptx_container()
        self.asked[PTX_CONTAINER] = answer
        return answer

    def alias(self, name: str) -> str | None:
        written = self.analysis.alias_type(name)
        answer = written.text if written is not None else None
        self.asked[_ALIAS.format(name)] = answer
        return answer

    def _read(self, definition: Definition) -> Definition:
        """The definition with the types it writes through aliases read as what they stand for
        (None where one is not defined), as MLIR's parser reads them: asked through `alias`,
        so that an edit to such an alias verifies the asking unit again."""
        signature, written = definition.signature, definition.type
        texts = (written,) + ((signature.inputs + signature.results) if signature is not None else ())
        if all(text is None or normalized(text.encode()) is not None for text in texts):
            return definition
        table = AliasTable.on_demand(self.alias)

        def read(text: str | None) -> str | None:
            return None if text is None else normalized(table.expand(text).encode())
        if signature is not None:
            signature = replace(signature, inputs=tuple(map(read, signature.inputs)),
                                results=tuple(map(read, signature.results)))
        return replace(definition, signature=signature, type=read(written))

    def kernel(self, module: str, function: str) -> "tuple[Definition | object | None, Definition | object | None]":
        table, scope = self._scope()
        if scope >= 0 and self._header(table, scope)[0] == "gpu.module":
            scope = table.parent[scope]     # (a gpu.module's function launches from the table around it)
        container, header = self._container(table, scope, module)
        answer: tuple[Any, Any] = (container, None)
        if header is not None:
            found = table.functions.get((header, function))
            answer = (container, MISSING if not found else self._read(found[0].definition) if len(found) == 1 else None)
        self.asked[_KERNEL.format(module, function)] = answer
        if function not in self.asked:
            self.symbol(function)   # (recorded by its own name too: an edit to a definition of it asks again)
        return answer

    def _header(self, table: _Table, index: int) -> tuple[str | None, str | None, bytes]:
        """A container header's op (`gpu.module`, `builtin.module`), symbol and text."""
        header = table.entries[index]
        start = self.analysis.unit_start(header)
        text = bytes(self.analysis.document.data[start:start + header.end - header.start])
        match = _CONTAINER_HEADER.match(text)
        if match is None:
            return None, None, text
        op = "builtin.module" if match.group(1) == b"module" else match.group(1).decode()
        name = match.group(2)
        symbol = name.decode("utf-8", "replace").strip('"') if name is not None else None
        return op, symbol, text

    def _container(self, table: _Table, scope: int, name: str) -> "tuple[Definition | object | None, int | None]":
        """What the table `scope` holds under `name`, and the header of the container it is."""
        headers = [i for i, around in table.parent.items() if around == scope and self._header(table, i)[1] == name]
        others = table.functions.get((scope, name), [])
        if len(headers) + len(others) != 1:
            return (MISSING if not headers and not others else None), None
        if others:
            return others[0].definition, None
        op = self._header(table, headers[0])[0]
        return (Definition(op) if op is not None else None), headers[0]

    def _container_module(self) -> bool | None:
        """Whether the nearest `module` around the unit has the `gpu.container_module`
        attribute (the file's implicit one has none)."""
        table, scope = self._scope()
        while scope >= 0:
            op, _, text = self._header(table, scope)
            if op is None:
                return None
            if op == "builtin.module":
                return _CONTAINER_MODULE_ATTRIBUTE.search(text) is not None
            scope = table.parent[scope]
        return False

    def _ptx_container(self) -> bool:
        table, scope = self._scope()
        while scope >= 0:
            op, _, text = self._header(table, scope)
            if op == "gpu.module" or _NVVM_TARGET.search(text) or _NVPTX_TRIPLE.search(text):
                return True
            scope = table.parent[scope]
        return False

    def _module_targets(self) -> tuple[str, ...] | None:
        table, scope = self._scope()
        if scope < 0:
            return None
        header = table.entries[scope]
        start = self.analysis.unit_start(header)
        text = bytes(self.analysis.document.data[start:start + header.end - header.start])
        if not text.startswith(b"gpu.module"):
            return None
        chips = []
        for target in _NVVM_TARGET.finditer(text):
            chip = _CHIP.search(target.group(1))
            if chip is not None and not _NOT_VERIFIED.search(target.group(1)):
                chips.append(chip.group(1).decode("utf-8", "replace"))
        return tuple(chips)


def asked_alias(unit: "Unit", names: set[str]) -> bool:
    """Whether the unit's ops asked what one of the `!name` / `#name` aliases `names` stands for
    (an edit to its definition may change the answer)."""
    return any(_ALIAS.format(name) in unit.symbols for name in names)


def answers_changed(analysis: "UnitSource", unit: "Unit", known: dict[Any, Any] | None = None) -> bool:
    """Whether a question the unit's ops asked (`Unit.symbols`) would now be answered otherwise
    (each costs a bisection of the kept table, not the unit's verification). `known`: the
    answers given to other units while the document stayed as it is (the caller empties it
    when anything changes), by question and, but for an alias (the document's), the container
    around the unit: after an edit that may change any answer, every unit that asked one is
    asked again, and most ask the same few (their module's targets, the aliases of a dump)."""
    again = UnitLookup(analysis, unit, {})
    scope = None
    for name, answer in unit.symbols.items():
        if known is None:
            now = _answer(again, name)
        else:
            if _ALIAS_KEY.fullmatch(name) is not None:
                key: Any = name
            else:
                if scope is None:
                    table, at = again._scope()
                    scope = (id(table), at)
                    known[id(table)] = table   # (held, so that no other table takes its id)
                key = (scope, name)
            now = known[key] if key in known else known.setdefault(key, _answer(again, name))
        if now != answer:
            return True
    return False


def _answer(again: UnitLookup, name: str) -> Any:
    """The answer `again` gives now to the question `name` recorded."""
    kernel = _KERNEL_KEY.fullmatch(name)
    alias = _ALIAS_KEY.fullmatch(name)
    if name == TARGETS:
        return again.module_targets()
    if name == CONTAINER_MODULE:
        return again.container_module()
    if name == PTX_CONTAINER:
        return again.ptx_container()
    if kernel is not None:
        return again.kernel(kernel.group(1), kernel.group(2))
    if alias is not None:
        return again.alias(alias.group(1))
    return again.symbol(name)
