"""Names upstream's bindings offer that code reaches for directly, and what
they do here: the native module layout mlir._mlir_libs._mlir, mlir.ir's
attribute builder functions and registry helpers, the generated
per-attribute enum builders, the _ods_common helpers, what the dialect
modules and mlir.runtime re-export. (tests/test_name_parity.py checks the
names against upstream's wheel; this checks the behaviour without it.)"""

import ctypes

import numpy as np
import pytest

import mlir._mlir_libs as libs
from mlir.ir import (ArrayAttr, Context, DenseI64ArrayAttr, DialectRegistry,
                     IndexType, InsertionPoint, IntegerAttr, IntegerType,
                     Location, Module, Value)


def test_native_module_layout():
    """mlir._mlir_libs._mlir has upstream's entry points; its ir is ours."""
    from mlir._mlir_libs import _mlir
    from mlir._mlir_libs._mlir import ir, passmanager, rewrite
    import mlir._mlir_libs._mlir.ir as ir2
    import mlir.passmanager
    import mlir.rewrite
    assert ir is ir2 is libs._ir
    assert passmanager.PassManager is mlir.passmanager.PassManager
    assert rewrite.RewritePatternSet is mlir.rewrite.RewritePatternSet
    for name in ("register_dialect", "register_operation",
                 "register_type_caster", "register_value_caster"):
        assert getattr(_mlir, name) is getattr(libs._ir, name)
    assert _mlir.globals is libs._ir.globals
    assert isinstance(_mlir.globals, _mlir._Globals)


def test_ir_registry_helpers_and_star_names():
    """mlir.ir re-exports the site registry helpers, and `import *` gives
    what upstream's gives (np, the typing helpers)."""
    import mlir.ir as ir
    assert isinstance(ir.get_dialect_registry(), DialectRegistry)
    assert ir.get_dialect_registry() is libs.get_dialect_registry()
    assert ir.get_load_on_create_dialects is libs.get_load_on_create_dialects
    assert ir.append_load_on_create_dialect is libs.append_load_on_create_dialect
    ns = {}
    exec("from mlir.ir import *", ns)
    assert ns["np"] is np and "Iterable" in ns and "contextmanager" in ns
    assert "_i32Attr" not in ns          # private names stay private
    assert ir.Dialects is type(Context().dialects)


def test_ir_attribute_builder_functions():
    """mlir.ir._i32Attr and friends are the registered builders."""
    import mlir.ir as ir
    with Context() as ctx:
        a = ir._i32Attr(5, ctx)
        assert isinstance(a, IntegerAttr) and a.value == 5
        assert a.type == IntegerType.get_signless(32)
        d = ir._denseI64ArrayAttr([1, 2], ctx)
        assert isinstance(d, DenseI64ArrayAttr) and list(d) == [1, 2]
        assert str(ir._stringAttr("x", ctx)) == '"x"'
        assert ir._memref_type_attr is ir.AttrBuilder.get("MemRefTypeAttr")


def test_generated_enum_builders_have_upstream_names():
    """_<ns>_enum_gen modules bind each enum attribute builder as
    "_" + kind.lower(), as upstream's generated code names it."""
    from mlir.dialects import _arith_enum_gen as gen
    from mlir.dialects.arith import CmpIPredicate
    with Context() as ctx:
        attr = gen._arith_cmpipredicateattr(CmpIPredicate.slt, ctx)
        assert IntegerAttr(attr).value == int(CmpIPredicate.slt)
        assert gen._arith_cmpipredicateattr.__name__ == "_arith_cmpipredicateattr"
        fm = gen._arith_fastmathattr("fast", ctx)
        assert str(fm) == "#arith.fastmath<fast>"


def test_ods_common_int_array_helpers():
    """_get_int_array_attr / _get_int_array_array_attr take ints,
    IntegerAttrs and ArrayAttrs at both levels; None stays None."""
    from mlir.dialects import _ods_common as c
    with Context():
        i64 = IntegerType.get_signless(64)
        a = c._get_int_array_attr([1, IntegerAttr.get(i64, 2)])
        assert str(a) == "[1, 2]"
        aa = c._get_int_array_array_attr([[1, 2], a, ArrayAttr.get([])])
        assert str(aa) == "[[1, 2], [1, 2], []]"
        assert c._get_int_array_array_attr(None) is None
        assert c._get_value_list(a) == [1, 2]
        assert c.MixedValues is not None and c.DynamicIndexList is not None


def test_dialect_modules_reexport_like_upstream():
    """The dialect modules that star-import mlir.ir upstream do here too,
    with upstream's typing names; the others keep _Dialect."""
    from mlir.dialects import amdgpu, arith, pdl, transform
    from mlir.dialects.transform import structured
    ns = {}
    exec("from mlir.dialects.arith import *", ns)
    assert ns["Context"] is Context and "Union" in ns and "overload" in ns
    assert pdl.pdl is pdl and callable(pdl.region_op)
    assert amdgpu._Dialect.DIALECT_NAMESPACE == "amdgpu"
    assert arith._ods_cext.register_operation is libs._ir.register_operation
    assert transform.OptionValueTypes is not None
    assert structured._get_int_array_array_attr is not None


def test_gpu_convert_literal_to_constant():
    """gpu._convert_literal_to_constant: ints become index constants,
    Values pass through, anything else is a ValueError."""
    from mlir.dialects import gpu
    with Context(), Location.unknown():
        m = Module.create()
        with InsertionPoint(m.body):
            v = gpu._convert_literal_to_constant(4)
            assert isinstance(v, Value) and v.type == IndexType.get()
            assert gpu._convert_literal_to_constant(v) is v
            with pytest.raises(ValueError, match="Invalid value"):
                gpu._convert_literal_to_constant("4")


def test_runtime_star_and_element_types():
    """`from mlir.runtime import *` gives ctypes and np as upstream's;
    F16 / BF16 / F8E5M2 are structures of the element bits."""
    ns = {}
    exec("from mlir.runtime import *", ns)
    assert ns["ctypes"] is ctypes and ns["np"] is np
    from mlir.runtime import (BF16, F16, F8E5M2, as_ctype,
                              get_ranked_memref_descriptor,
                              ranked_memref_to_numpy, to_numpy)
    assert [f[0] for f in F16._fields_] == ["f16"]
    assert [f[0] for f in BF16._fields_] == ["bf16"]
    assert [f[0] for f in F8E5M2._fields_] == ["f8E5M2"]
    assert as_ctype(np.float16) is F16
    a = np.arange(6, dtype=np.float16).reshape(2, 3)
    back = ranked_memref_to_numpy(ctypes.pointer(get_ranked_memref_descriptor(a)))
    assert back.dtype == np.float16 and (back == a).all()
    from mlir.runtime import ml_dtypes
    if ml_dtypes is None:
        with pytest.raises(ValueError, match="ml_dtypes"):
            to_numpy(np.zeros(2, dtype=np.dtype(BF16)))
