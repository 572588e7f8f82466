"""emit stage of cute-ir."""
