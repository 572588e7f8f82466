"""verify stage of cute-ir."""
