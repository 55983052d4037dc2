import pytest

from mlir.ir import Context, Location


@pytest.fixture
def ctx():
    with Context() as c:
        yield c


@pytest.fixture
def uctx():
    """A current context allowing unregistered ops, and an unknown location."""
    with Context() as c, Location.unknown():
        c.allow_unregistered_dialects = True
        yield c
