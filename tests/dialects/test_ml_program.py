"""The ml_program dialect (mlir.dialects.ml_program): ml_program.func built
with ml_program.FuncOp as upstream (body builder, visibility, argument and
result attributes, external functions), verified, printed exactly and
parsed back."""

import pytest

from mlir.ir import (ArrayAttr, DictAttr, F32Type, FunctionType,
                     InsertionPoint, IntegerType, StringAttr, UnitAttr)
from mlir.dialects import ml_program

from .helpers import build, check


def test_ml_program_func():
    seen = {}

    def body():
        i32, f32 = IntegerType.get_signless(32), F32Type.get()

        def fbody(fn):
            ml_program.ReturnOp([fn.arguments[0]])

        f = ml_program.FuncOp("mlf", ([i32], [i32]), visibility="public",
                              body_builder=fbody)
        f.arg_attrs = [DictAttr.get({"x.y": UnitAttr.get()})]
        ext = ml_program.FuncOp("ext", FunctionType.get([], [f32]),
                                visibility="private")
        seen["f"] = (f.is_external, f.name, f.type, f.visibility,
                     f.arg_attrs, len(f.arguments), type(f.body).__name__)
        seen["ext"] = (ext.is_external, str(ext.visibility))
        with pytest.raises(IndexError,
                           match="^External function does not have a body$"):
            ext.entry_block
        with pytest.raises(IndexError,
                           match="^The function already has an entry block!$"):
            f.add_entry_block()
        with pytest.raises(KeyError, match=r"^'attempt to access a non-existent attribute"):
            f.result_attrs
        f.result_attrs = ArrayAttr.get(
            [DictAttr.get({"x.z": UnitAttr.get()})])
        seen["res"] = str(f.result_attrs)
        noname = ml_program.FuncOp(5, ([], []))
        with InsertionPoint(noname.add_entry_block()):
            ml_program.ReturnOp([])
        with pytest.raises(TypeError):
            ml_program.FuncOp("bad", 3)

    check(build(body), """
        module {
          ml_program.func public @mlf(%arg0: i32 {x.y}) -> (i32 {x.z}) {
            ml_program.return %arg0 : i32
          }
          ml_program.func private @ext() -> f32
          ml_program.func @"5"() {
            ml_program.return
          }
        }
    """)
    is_ext, name, ftype, vis, arg_attrs, nargs, body_cls = seen["f"]
    assert (is_ext, str(name), str(ftype), str(vis), str(arg_attrs), nargs,
            body_cls) == (False, '"mlf"', "(i32) -> i32", '"public"',
                          "[{x.y}]", 1, "Region")
    assert type(name) is StringAttr and type(arg_attrs) is ArrayAttr
    assert seen["ext"] == (True, '"private"')
    assert seen["res"] == "[{x.z}]"
