"""The nvgpu dialect's tensor map descriptor type
(mlir.dialects.nvgpu.TensorMapDescriptorType): built from Python, printed,
parsed back as its class, and refused with ValueError on invalid
parameters."""

import pytest

from mlir.ir import Attribute, F32Type, MemRefType, Type
from mlir.dialects import nvgpu

from .helpers import same


def test_nvgpu_tensor_map_descriptor(ctx):
    m = MemRefType.get([16, 16], F32Type.get(),
                       memory_space=Attribute.parse("3"))
    t = nvgpu.TensorMapDescriptorType.get(m, 1, 2, 1, 0)
    text = ("!nvgpu.tensormap.descriptor<tensor = memref<16x16xf32, 3>, "
            "swizzle = swizzle_32b, l2promo = l2promo_128b, oob = nan, "
            "interleave = none>")
    assert str(t) == text
    assert same(Type.parse(text), t)
    assert t.typeid == nvgpu.TensorMapDescriptorType.static_typeid
    with pytest.raises(ValueError, match="MemRefType"):
        nvgpu.TensorMapDescriptorType.get(F32Type.get(), 0, 0, 0, 0)
    with pytest.raises(ValueError, match="swizzle"):
        nvgpu.TensorMapDescriptorType.get(m, 4, 0, 0, 0)
    with pytest.raises(ValueError, match="oob_fill"):
        nvgpu.TensorMapDescriptorType.get(m, 0, 0, 2, 0)
