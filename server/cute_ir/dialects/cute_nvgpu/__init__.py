"""The cute_nvgpu dialect's text surface."""
from .types import (
    CuteNvgpuType,
    MnemonicArm,
    TypeParam,
    alias_for_type,
    parse_type_node,
    print_type,
    resolve_mnemonic,
)

__all__ = [
    "CuteNvgpuType",
    "MnemonicArm",
    "TypeParam",
    "alias_for_type",
    "parse_type_node",
    "print_type",
    "resolve_mnemonic",
]
