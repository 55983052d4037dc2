"""The amdgpu dialect's types (mlir.dialects.amdgpu): the TDM base, descriptor
and gather-base types built from Python, printed, parsed back as their
classes, and refused with ValueError on an invalid index type."""

import pytest

from mlir.ir import F32Type, IntegerType, Type
from mlir.dialects import amdgpu

from .helpers import same


def test_amdgpu_tdm_types(ctx):
    f32, i16 = F32Type.get(), IntegerType.get_signless(16)
    base = amdgpu.TDMBaseType.get(f32)
    assert str(base) == "!amdgpu.tdm_base<f32>"
    assert same(Type.parse("!amdgpu.tdm_base<f32>"), base)
    d = amdgpu.TDMDescriptorType.get()
    assert same(Type.parse("!amdgpu.tdm_descriptor"), d)
    g = amdgpu.TDMGatherBaseType.get(f32, i16)
    assert str(g) == "!amdgpu.tdm_gather_base<f32, i16>"
    assert same(Type.parse(str(g)), g)
    with pytest.raises(ValueError, match="index type must be i16 or i32"):
        amdgpu.TDMGatherBaseType.get(f32, f32)
