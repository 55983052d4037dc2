"""Generated accessors behave as properties with upstream's annotations:
fget/fset/fdel, typing.get_type_hints, builder functions' return types."""

import typing

import pytest

from mlir.ir import (ArrayAttr, Context, F32Type, InsertionPoint, IntegerAttr,
                     IntegerType, Location, MemRefType, Module, OpOperandList,
                     OpResult, OpResultList, Operation, Region, RegionSequence,
                     StringAttr, Value)
from mlir.dialects import arith, memref, scf, func, builtin


def hints(f):
    return typing.get_type_hints(f)


def test_value_accessors_are_annotated():
    assert hints(arith.AddIOp.lhs.fget) == {"return": Value}
    assert hints(arith.AddIOp.result.fget) == {"return": OpResult}
    assert hints(memref.LoadOp.memref.fget) == {"return": Value[MemRefType]}
    assert hints(memref.LoadOp.indices.fget) == {"return": OpOperandList}
    assert hints(scf.ForOp.results_.fget) == {"return": OpResultList}
    # Values are read-only: no setter, no deleter.
    assert arith.AddIOp.lhs.fset is None and arith.AddIOp.lhs.fdel is None


def test_attribute_accessors_are_annotated_and_callable():
    assert hints(func.CallOp.callee.fget)["return"].__name__ == "FlatSymbolRefAttr"
    opt = hints(func.FuncOp.sym_visibility.fget)["return"]
    assert opt == typing.Optional[StringAttr]
    assert hints(func.FuncOp.sym_visibility.fset) == {"value": opt}
    assert func.FuncOp.sym_visibility.fdel is not None
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            f = func.FuncOp("f", ([], []))
        getter = func.FuncOp.sym_visibility.fget
        assert getter(f) is None
        func.FuncOp.sym_visibility.fset(f, StringAttr.get("private"))
        assert str(getter(f)) == '"private"'
        func.FuncOp.sym_visibility.fdel(f)
        assert f.sym_visibility is None
        with pytest.raises(TypeError):
            getter()


def test_region_accessors_are_annotated():
    assert hints(scf.IfOp.thenRegion.fget) == {"return": Region}
    assert hints(scf.IndexSwitchOp.caseRegions.fget) == {"return": RegionSequence}
    with Context(), Location.unknown():
        op = Operation.create("scf.index_switch", results=[],
                              operands=[], regions=3)
        cases = scf.IndexSwitchOp.caseRegions.__get__(op.opview, None)
        assert type(cases) is RegionSequence and len(cases) == 2
        assert cases[0] == op.regions[1] and cases[-1] == op.regions[2]


def test_builder_functions_are_annotated():
    assert hints(arith.addi)["return"] is OpResult
    assert hints(func.return_)["return"] is func.ReturnOp
    assert hints(func.call_indirect)["return"] == typing.Union[OpResult, OpResultList,
                                                              func.CallIndirectOp]


def test_value_class_getitem():
    assert Value[IntegerType] == Value[IntegerType]
    assert typing.get_origin(OpResult[F32Type]) is OpResult
    assert typing.get_args(Value[IntegerType]) == (IntegerType,)


def test_region_sequence_slices():
    with Context(), Location.unknown():
        op = Operation.create("builtin.module", regions=1)
        op = Operation.create("scf.index_switch", regions=5)
        regions = op.regions
        tail = regions[1:]
        assert type(tail) is RegionSequence and len(tail) == 4
        assert list(tail) == [regions[i] for i in range(1, 5)]
        odd = regions[1::2]
        assert [r for r in odd] == [regions[1], regions[3]]
        assert odd[-1] == regions[3]
        assert len(regions[5:]) == 0
        with pytest.raises(IndexError, match=r"^index out of range$"):
            tail[4]


def test_an_accessor_named_as_a_keyword_is_published_under_it():
    # emitc.include's `include` (upstream: a property of that name whose
    # getter is named `include` too), on the op class and its adaptor.
    from mlir.dialects import emitc
    for cls in (emitc.IncludeOp, emitc.IncludeOpAdaptor):
        assert "include" in vars(cls) and "include_" not in vars(cls)
        assert vars(cls)["include"].fget.__name__ == "include"
        assert vars(cls)["include"].fget.__qualname__ == "include"


def test_adaptor_classes_are_made_as_class_statements_make_them():
    a = arith.AddIOpAdaptor
    assert a.__module__ == "mlir.dialects._arith_ops_gen"
    assert a.__qualname__ == a.__name__ == "AddIOpAdaptor"
    assert a.__doc__ == "Adaptor of arith.addi (AddIOp)."
    assert a.OPERATION_NAME == "arith.addi" and a.__slots__ == ()
    assert arith.AddIOp.Adaptor is a
    assert sorted(k for k in vars(a) if not k.startswith("__")) == [
        "OPERATION_NAME", "lhs", "overflowFlags", "rhs"]
    assert hints(a.lhs.fget) == {"return": Value}


def test_builders_have_upstreams_defaults():
    # Upstream's builders have no positional defaults (__defaults__ None);
    # the marker the required parameters default to here stays internal.
    import inspect
    import warnings
    from mlir.dialects import _func_ops_gen, _memref_ops_gen
    for f in (arith.addi, arith.AddIOp.__init__, _func_ops_gen.CallOp.__init__,
              _memref_ops_gen.LoadOp.__init__, _memref_ops_gen.load):
        assert f.__defaults__ is None
    assert str(inspect.signature(arith.AddIOp.__init__)) == (
        "(self, lhs, rhs, *, overflowFlags=None, results=None, loc=None, "
        "ip=None)")
    assert arith.addi.__kwdefaults__ == {
        "overflow_flags": None, "results": None, "loc": None, "ip": None}
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body), warnings.catch_warnings():
            warnings.simplefilter("error")
            c = arith.constant(IntegerType.get_signless(32), 1)
            assert str(arith.addi(c, c).owner) == (
                "%0 = arith.addi %c1_i32, %c1_i32 : i32")
            with pytest.raises(TypeError, match=r"^addi\(\) missing 1 "
                               r"required positional argument: 'rhs'$"):
                arith.addi(c)
