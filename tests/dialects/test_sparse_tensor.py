"""The sparse_tensor dialect's encoding attribute
(mlir.dialects.sparse_tensor.EncodingAttr): parsed and built from level
types, its properties read back, used as a tensor encoding; invalid
encodings raise ValueError."""

import pytest

from mlir.ir import AffineMap, Attribute, F32Type, RankedTensorType
from mlir.dialects import sparse_tensor

from .helpers import same


CSR = ("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, "
       "d1 : compressed), posWidth = 32, crdWidth = 8 }>")


def test_sparse_tensor_encoding(ctx):
    e = Attribute.parse(CSR)
    assert type(e) is sparse_tensor.EncodingAttr and str(e) == CSR
    LF = sparse_tensor.LevelFormat
    assert e.lvl_types == [int(LF.dense), int(LF.compressed)]
    assert e.lvl_formats_enum == [LF.dense, LF.compressed]
    assert isinstance(e.dim_to_lvl, AffineMap)
    assert str(e.dim_to_lvl) == "(d0, d1) -> (d0, d1)"
    assert (e.pos_width, e.crd_width) == (32, 8)
    assert e.explicit_val is None and e.implicit_val is None
    assert e.structured_n == 0 and e.structured_m == 0
    assert e.typeid == sparse_tensor.EncodingAttr.static_typeid

    again = sparse_tensor.EncodingAttr.get(e.lvl_types, e.dim_to_lvl,
                                           e.lvl_to_dim, 32, 8)
    assert same(again, e)
    B = sparse_tensor.EncodingAttr.build_level_type
    nm = B(LF.n_out_of_m, [], 2, 4)
    s = sparse_tensor.EncodingAttr.get([B(LF.dense), nm], None, None, 0, 0)
    assert str(s) == ("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                      "(d0 : dense, d1 : structured[2, 4]) }>")
    assert (s.structured_n, s.structured_m) == (2, 4)
    nu = B(LF.compressed, [sparse_tensor.LevelProperty.non_unique])
    coo = sparse_tensor.EncodingAttr.get([nu, B(LF.singleton)], None, None,
                                         64, 64, context=ctx)
    assert str(coo) == ("#sparse_tensor.encoding<{ map = (d0, d1) -> "
                        "(d0 : compressed(nonunique), d1 : singleton), "
                        "posWidth = 64, crdWidth = 64 }>")
    t = RankedTensorType.get([8, 8], F32Type.get(), coo)
    assert type(t.encoding) is sparse_tensor.EncodingAttr


def test_sparse_tensor_encoding_invalid(ctx):
    LF = sparse_tensor.LevelFormat
    dense = int(LF.dense)
    with pytest.raises(ValueError, match="position bitwidth"):
        sparse_tensor.EncodingAttr.get([dense], None, None, 7, 0)
    with pytest.raises(ValueError, match="invalid level type"):
        sparse_tensor.EncodingAttr.get([12345], None, None, 0, 0)
    with pytest.raises(ValueError, match="results for 1 levels"):
        sparse_tensor.EncodingAttr.get(
            [dense], AffineMap.get_identity(2), None, 0, 0)
    with pytest.raises(ValueError, match="only for n_out_of_m"):
        sparse_tensor.EncodingAttr.build_level_type(LF.dense, [], 2, 4)
    # Not a LevelFormat: upstream's TypeError, with its text.
    with pytest.raises(TypeError, match="^invalid level format 99$"):
        sparse_tensor.EncodingAttr.build_level_type(99)
    with pytest.raises(ValueError,
                       match=r"^Cannot cast attribute to EncodingAttr \(from Attribute\(unit\)\)$"):
        sparse_tensor.EncodingAttr(Attribute.parse("unit"))
