"""End-to-end tests of `cute-ir serve` driven through pytest-lsp."""
