import pytest

from mlir.ir import Context


@pytest.fixture
def ctx():
    with Context() as c:
        yield c
