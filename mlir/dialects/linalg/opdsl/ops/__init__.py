"""Op libraries written in the OpDSL (``core_named_ops``: linalg's named
structured ops)."""
