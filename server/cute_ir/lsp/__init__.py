"""The language server: the only package that speaks LSP (pygls / lsprotocol)."""
