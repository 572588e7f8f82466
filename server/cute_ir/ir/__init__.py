"""IR model built from the CST: operations, values, blocks, regions, with spans."""
from .builder import TYPE_KINDS, build_unit
from .model import Attribute, Block, Operation, Region, Successor, TypeRef, UnitIR, Use, Value, ValueKind

__all__ = ["Attribute", "Block", "Operation", "Region", "Successor", "TYPE_KINDS", "TypeRef",
           "UnitIR", "Use", "Value", "ValueKind", "build_unit"]
