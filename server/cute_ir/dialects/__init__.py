"""Per-dialect knowledge: type mnemonics (parse and print side by side), enums, op names."""
