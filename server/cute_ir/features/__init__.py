"""Editor features as pure functions over a DocumentAnalysis (byte spans in, byte spans out).

The LSP layer (cute_ir.lsp) only converts between these results and protocol types.
"""
