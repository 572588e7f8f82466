"""Reading and changing the text of an op's custom form.

An op in a custom form the project keeps as written (`ir/lift.py`) prints its attribute
dictionary from the written text. A pass that sets or removes a discardable attribute calls
`write_attributes(op)`: the dictionary written at the op's top level (`{...}` before its `: type`)
is printed afresh from `op.attributes`, or one is added before the type when the op had none.
`depth_end` is the bracket-aware scan both this and `functions.py` read custom forms with.
"""
from __future__ import annotations

from .core import IRError, Operation, Template
from .printer import attribute_dictionary

_OPEN, _CLOSE = "([{<", ")]}>"


def depth_end(text: str, start: int, stop: str) -> int:
    """The index of the first `stop` character at bracket depth 0 from `start` (quoted text
    skipped, `->` not a bracket), or len(text)."""
    depth, index, quoted = 0, start, False
    while index < len(text):
        char = text[index]
        if quoted:
            if char == "\\":
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif depth == 0 and char in stop:
            return index
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE and not (char == ">" and index and text[index - 1] == "-"):
            depth -= 1
        index += 1
    return len(text)


def write_attributes(op: Operation) -> None:
    """Make `op`'s custom form say `op.attributes`. Raises IRError for a form whose last part
    (after its last operand) holds neither its dictionary nor its type."""
    if op.assembly is None:
        return          # the generic form prints op.attributes itself
    pieces = list(op.assembly.pieces)
    if not pieces or not isinstance(pieces[-1], str):
        raise IRError(f"`{op.name}`: its custom form does not end in text that can hold attributes")
    # A bracket may open before the last piece (`coords(` before an operand): scan the whole
    # form from its start, holes as a neutral character, for what lies in the last piece.
    whole = "".join(p if isinstance(p, str) else "\0" for p in pieces)
    base = len(whole) - len(pieces[-1])
    at = depth_end(whole, 0, "{:")
    while at < base:
        at = depth_end(whole, at + 1, "{:")
    text, written = pieces[-1], attribute_dictionary(op.attributes) if op.attributes else ""
    if at < len(whole) and whole[at] == "{":
        start, end = at - base, depth_end(whole, at + 1, "}") + 1 - base
        text = (text[:start] if written else text[:start].rstrip()) + written + text[end:]
    elif written:
        if at >= len(whole):
            raise IRError(f"`{op.name}`: no place for an attribute dictionary in its custom form")
        colon = at - base
        text = text[:colon].rstrip() + " " + written + " " + text[colon:].lstrip()
    pieces[-1] = text
    op.assembly = Template(tuple(pieces))
