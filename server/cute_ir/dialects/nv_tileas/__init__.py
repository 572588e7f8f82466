"""The `nv_tileas` dialect (tileas-tma-and-memops page): op records and enums."""
