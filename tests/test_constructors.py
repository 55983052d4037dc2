"""Classes upstream's bindings give no constructor refuse one here too,
with upstream's TypeError ("<module>.<Class>: no constructor defined!"),
and never make an empty object that crashes when used (BlockList(),
Dialects(), OperationList(), ... once did)."""

import pytest

import mlir.ir as ir
from mlir.passmanager import PassManager  # noqa: F401 (loads the core)

# Every class of mlir.ir that upstream's 22.1.8 wheel gives no constructor
# (AffineExpr and NamedAttribute excepted: ours take a cast and a
# (name, attribute) pair).
NO_CONSTRUCTOR = """
    AffineExprList AffineMap ArrayAttributeIterator AttrBuilder Block
    BlockArgumentList BlockIterator BlockList BlockPredecessors BlockSuccessors
    DenseBoolArrayIterator DenseF32ArrayIterator DenseF64ArrayIterator
    DenseI16ArrayIterator DenseI32ArrayIterator DenseI64ArrayIterator
    DenseI8ArrayIterator Diagnostic DiagnosticHandler DialectDescriptor
    Dialects IntegerSet IntegerSetConstraint IntegerSetConstraintList Location
    Module OpAttributeMap OpOperand OpOperandIterator OpOperandList
    OpResultList OpSuccessors Operation OperationIterator OperationList Region
    RegionIterator RegionSequence Remark ShapedTypeComponents TypeID
""".split()


@pytest.mark.parametrize("name", NO_CONSTRUCTOR)
def test_no_constructor_reads_as_upstream(name):
    cls = getattr(ir, name)
    pattern = rf"^{cls.__module__.replace('.', chr(92) + '.')}\.{name}: no constructor defined!"
    for args, kwargs in (((), {}), ((1, 2), {}), ((), {"x": 1})):
        with pytest.raises(TypeError, match=pattern):
            cls(*args, **kwargs)


def test_the_detail_follows_upstreams_text():
    with pytest.raises(TypeError) as e:
        ir.Block()
    assert str(e.value).startswith(
        "mlir._mlir_libs._mlir.ir.Block: no constructor defined! (Blocks are ")
