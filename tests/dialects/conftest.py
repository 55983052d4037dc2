"""The dialect tests' context: a fresh Context, current with an unknown
Location (the dialect builders need both)."""

import pytest

from mlir.ir import Context, Location


@pytest.fixture
def ctx():
    """A fresh Context, current with an unknown Location."""
    with Context() as c, Location.unknown():
        yield c
