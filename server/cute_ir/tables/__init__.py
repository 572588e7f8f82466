"""tables stage of cute-ir."""
