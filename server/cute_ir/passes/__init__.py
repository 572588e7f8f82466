"""passes stage of cute-ir."""
