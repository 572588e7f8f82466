"""cute-ir: editor tooling for the cute_nvgpu MLIR dialect and its TileAS neighbours.

Data flows one way: text -> syntax (tree-sitter CST) -> ir -> verify -> passes -> emit -> lsp.
"""
__version__ = "0.1.0"
