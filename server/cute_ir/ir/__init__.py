"""The IR: operations, values, blocks and regions that passes rewrite and the printer prints
(`core.py`), lifted from the parsed text with a separate index of where each thing was written
(`lift.py`)."""
