"""The cf dialect (mlir.dialects.cf): a function with conditional and
unconditional branches between blocks and cf.assert, built with the
generated builders, verified, printed exactly and parsed back."""

from mlir.ir import InsertionPoint
from mlir.dialects import cf, func

from .helpers import A, T, build, check


def test_cf_branches():
    def body():
        i1, i32 = T("i1"), T("i32")
        f = func.FuncOp("select", ([i1, i32, i32], [i32]))
        entry = f.add_entry_block()
        region = f.body
        yes = region.blocks.append()
        done = region.blocks.append(i32)
        c, a, b = f.arguments
        with InsertionPoint(entry):
            cf.cond_br(c, [], [b], yes, done)
        with InsertionPoint(yes):
            cf.br([a], done)
        with InsertionPoint(done):
            cf.assert_(c, A('"ok"'))
            func.return_([done.arguments[0]])
        br = entry.operations[0]
        assert isinstance(br, cf.CondBranchOp)
        assert br.trueDest == yes and br.falseDest == done
        assert list(br.falseDestOperands) == [b]

    m = build(body)
    check(m, """
        module {
          func.func @select(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
            cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : i32)
          ^bb1:  // pred: ^bb0
            cf.br ^bb2(%arg1 : i32)
          ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
            cf.assert %arg0, "ok"
            return %0 : i32
          }
        }
    """)
