"""The brainf*ck lowering of upstream's end-to-end test of dialect
conversion (its scenario, written here): a program as bf.* operations on
!bf.ptr values, converted to func, scf and llvm by Python conversion
patterns, then run in the JIT. Shared by the tests of dialect conversion
(with unregistered bf.* operations) and of dialects defined in Python."""

import textwrap

from mlir.dialects import func, llvm, scf
from mlir.ir import (
    FunctionType, InsertionPoint, IntegerAttr, IntegerType, Module,
    OpaqueType, Operation, UnitAttr,
)
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager
from mlir.rewrite import (
    ConversionTarget, RewritePatternSet, TypeConverter,
    apply_partial_conversion,
)

HELLO = ("++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..++"
         "+.>>.<-.<.+++.------.--------.>>+.>++.")

# What "[-]" becomes: @bf_main after the lowering, as printed.
BF_MAIN_LOWERED = textwrap.indent(textwrap.dedent("""\
    func.func @bf_main(%arg0: !llvm.ptr) -> !llvm.ptr {
      %0 = scf.while (%arg1 = %arg0) : (!llvm.ptr) -> !llvm.ptr {
        %1 = llvm.load %arg1 : !llvm.ptr -> i8
        %2 = llvm.mlir.constant(0 : i8) : i8
        %3 = llvm.icmp "ne" %1, %2 : i8
        scf.condition(%3) %arg1 : !llvm.ptr
      } do {
      ^bb0(%arg1: !llvm.ptr):
        %1 = llvm.load %arg1 : !llvm.ptr -> i8
        %2 = llvm.mlir.constant(-1 : i8) : i8
        %3 = llvm.add %1, %2 : i8
        llvm.store %3, %arg1 : i8, !llvm.ptr
        scf.yield %arg1 : !llvm.ptr
      }
      return %0 : !llvm.ptr
    }
    """), "  ")


def parse_bf(code):
    """A brainf*ck program as unregistered bf.* operations on !bf.ptr."""
    ptr = OpaqueType.get("bf", "ptr")
    module = Module.create()
    with InsertionPoint(module.body):
        main = Operation.create("bf.main", regions=1)
    block = main.regions[0].blocks.append(ptr)
    cur, ip, stack = block.arguments[0], InsertionPoint(block), []

    def emit(name, results=(), regions=0):
        with ip:
            return Operation.create(name, results=list(results),
                                    operands=[cur], regions=regions)

    for c in code:
        if c in "><":
            cur = emit("bf.next" if c == ">" else "bf.prev", [ptr]).result
        elif c in "+-.":
            emit({"+": "bf.inc", "-": "bf.dec", ".": "bf.output"}[c])
        elif c == "[":
            loop = emit("bf.while", [ptr], regions=1)
            body = loop.regions[0].blocks.append(ptr)
            stack.append((loop, ip))
            cur, ip = body.arguments[0], InsertionPoint(body)
        elif c == "]":
            emit("bf.yield")
            loop, ip = stack.pop()
            cur = loop.result
    emit("bf.yield")
    return module


def convert_bf_to_llvm(op, pass_):
    ptr = llvm.PointerType.get()
    i8 = IntegerType.get_signless(8)
    i32 = IntegerType.get_signless(32)
    tc = TypeConverter()
    tc.add_conversion(
        lambda t: ptr if str(t) == "!bf.ptr" else None)

    def next_(op, adaptor, converter, rewriter, offset=1):
        with rewriter.ip:
            gep = llvm.GEPOp(ptr, adaptor.operands[0], [], [offset], i8)
        rewriter.replace_op(op, gep)

    def inc(op, adaptor, converter, rewriter, delta=1):
        p = adaptor.operands[0]
        with rewriter.ip:
            v = llvm.load(i8, p)
            one = llvm.mlir_constant(IntegerAttr.get(i8, delta))
            store = llvm.StoreOp(llvm.add(v, one), p)
        rewriter.replace_op(op, store)

    def main(op, adaptor, converter, rewriter):
        with rewriter.ip:
            fn = func.FuncOp("bf_main", FunctionType.get([ptr], [ptr]))
            op.regions[0].blocks[0].append_to(fn.body)
            rewriter.convert_region_types(fn.body, converter)
        rewriter.replace_op(op, fn)

    def yield_(op, adaptor, converter, rewriter):
        with rewriter.ip:
            if op.operation.parent.name == "bf.while" or \
                    op.operation.parent.name == "scf.while":
                new = scf.YieldOp(adaptor.operands)
            else:
                new = func.ReturnOp(adaptor.operands)
        rewriter.replace_op(op, new)

    def while_(op, adaptor, converter, rewriter):
        with rewriter.ip:
            loop = scf.WhileOp([ptr], adaptor.operands)
            before = loop.before.blocks.append(ptr)
            with InsertionPoint(before):
                c = llvm.load(i8, before.arguments[0])
                zero = llvm.mlir_constant(IntegerAttr.get(i8, 0))
                scf.ConditionOp(llvm.icmp(llvm.ICmpPredicate.ne, c, zero),
                                [before.arguments[0]])
            op.regions[0].blocks[0].append_to(loop.after)
            rewriter.convert_region_types(loop.after, converter)
        rewriter.replace_op(op, loop)

    def output(op, adaptor, converter, rewriter):
        with rewriter.ip:
            call = func.CallOp([], "bf_output",
                               [llvm.load(i8, adaptor.operands[0])])
        rewriter.replace_op(op, call)

    ps = RewritePatternSet()
    for name, fn in (
            ("bf.next", next_), ("bf.prev", lambda *a: next_(*a, offset=-1)),
            ("bf.inc", inc), ("bf.dec", lambda *a: inc(*a, delta=-1)),
            ("bf.main", main), ("bf.yield", yield_), ("bf.while", while_),
            ("bf.output", output)):
        ps.add_conversion(name, fn, tc)
    target = ConversionTarget()
    target.add_illegal_dialect("bf")
    apply_partial_conversion(op, target, ps.freeze())

    with InsertionPoint(op.regions[0].blocks[0]):
        func.FuncOp("putchar", FunctionType.get([i32], [i32]),
                    visibility="private")
        out = func.FuncOp("bf_output", FunctionType.get([i8], []))
        arg = out.body.blocks.append(i8).arguments[0]
        with InsertionPoint(out.body.blocks[0]):
            func.call([i32], "putchar", [llvm.sext(i32, arg)])
            func.ReturnOp([])
        init = func.FuncOp("bf_init", FunctionType.get([], []))
        init.attributes["llvm.emit_c_interface"] = UnitAttr.get()
        with InsertionPoint(init.body.blocks.append()):
            n = llvm.mlir_constant(IntegerAttr.get(i32, 1024))
            zero = llvm.mlir_constant(IntegerAttr.get(i8, 0))
            p = llvm.alloca(ptr, n, i8)
            llvm.intr_memset(p, zero, n, False)
            func.call([ptr], "bf_main", [p])
            func.ReturnOp([])


def lower_bf(module):
    """Lowers a bf module (in place) as a Python pass; returns its text."""
    pm = PassManager()
    pm.add(convert_bf_to_llvm)
    pm.run(module.operation)
    return str(module)


def run_bf(module):
    """Lowers a bf module to LLVM and runs it (output to the C stdout)."""
    pm = PassManager()
    pm.add(convert_bf_to_llvm)
    pm.add("convert-scf-to-cf, convert-to-llvm")
    pm.run(module.operation)
    ExecutionEngine(module).lookup("bf_init")(0)
