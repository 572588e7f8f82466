"""The TileAS lowering passes (verify -> lower -> emit).

None exist yet: the stage is here so the layering rules (docs/architecture.md) already place
it, and the lowered-IR view tells users it is not available until passes are added.
"""
