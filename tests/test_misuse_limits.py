"""Misuse that MLIR would loop on, truncate or accept as broken IR raises
instead: replacing a value's uses with itself, more regions than MLIR can
count, empty attribute names, read-only arrays handed to kernels."""

import numpy as np
import pytest

from mlir.ir import (Context, DictAttr, InsertionPoint, IntegerAttr,
                     IntegerType, Location, Module, Operation, UnitAttr)
from mlir.dialects import arith
from mlir.runtime import (get_ranked_memref_descriptor,
                          get_unranked_memref_descriptor)


@pytest.fixture
def ctx():
    with Context() as c, Location.unknown():
        c.allow_unregistered_dialects = True
        yield c


def test_replacing_uses_with_the_value_itself(ctx):
    m = Module.create()
    with InsertionPoint(m.body):
        c = arith.ConstantOp(IntegerType.get_signless(32), 1)
        add = arith.AddIOp(c, c)
    with pytest.raises(ValueError, match="with itself"):
        c.result.replace_all_uses_with(c.result)
    with pytest.raises(ValueError, match="with itself"):
        c.result.replace_all_uses_except(c.result, [add])
    assert len(list(c.result.uses)) == 2


@pytest.mark.parametrize("n", [2**23, 10_000_000, 10**8])
def test_more_regions_than_mlir_counts(ctx, n):
    with pytest.raises(ValueError, match="at most 8388607 regions"):
        Operation.create("t.op", regions=n)


def test_the_most_regions_mlir_counts_is_accepted(ctx):
    op = Operation.create("t.op", regions=2**23 - 1)
    assert len(op.regions) == 2**23 - 1


def test_empty_attribute_names(ctx):
    with pytest.raises(ValueError, match="must not be empty"):
        DictAttr.get({"": UnitAttr.get()})
    op = Operation.create("t.op")
    with pytest.raises(ValueError, match="must not be empty"):
        op.attributes[""] = UnitAttr.get()
    with pytest.raises(ValueError, match="must not be empty"):
        Operation.create("t.op", attributes={"": UnitAttr.get()})
    assert str(op) == '"t.op"() : () -> ()\n'


def test_read_only_arrays_need_readonly(tmp_path):
    a = np.arange(6, dtype=np.float32)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        get_ranked_memref_descriptor(a)
    with pytest.raises(ValueError, match="read-only"):
        get_unranked_memref_descriptor(a)
    path = tmp_path / "data.bin"
    np.arange(4, dtype=np.int64).tofile(path)
    mapped = np.memmap(path, dtype=np.int64, mode="r")
    with pytest.raises(ValueError, match="read-only"):
        get_ranked_memref_descriptor(mapped)
    desc = get_ranked_memref_descriptor(a, readonly=True)
    assert list(desc.shape) == [6]
    assert get_unranked_memref_descriptor(a, readonly=True).rank == 1
