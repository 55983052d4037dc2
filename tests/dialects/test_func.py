"""The func dialect (mlir.dialects.func): functions built from Python with
FuncOp, its body builder and the func.func decorator (FuncOp.from_py_func),
calls between them and func.constant, verified, printed exactly and parsed
back."""

import pytest

from mlir import ir
from mlir.ir import InsertionPoint
from mlir.dialects import arith, func

from .helpers import T, build, check


def test_function_from_python():
    def body():
        i32 = T("i32")

        @func.FuncOp.from_py_func(i32, i32)
        def add_mul(a, b):
            s = arith.addi(a, b)
            c = arith.constant(i32, 3)
            return arith.muli(s, c)

        f = func.FuncOp("neg", ([T("f32")], [T("f32")]), visibility="private")
        with InsertionPoint(f.add_entry_block()):
            x = f.arguments[0]
            func.ReturnOp([arith.negf(x)])

    m = build(body)
    check(m, """
        module {
          func.func @add_mul(%arg0: i32, %arg1: i32) -> i32 {
            %0 = arith.addi %arg0, %arg1 : i32
            %c3_i32 = arith.constant 3 : i32
            %1 = arith.muli %0, %c3_i32 : i32
            return %1 : i32
          }
          func.func private @neg(%arg0: f32) -> f32 {
            %0 = arith.negf %arg0 : f32
            return %0 : f32
          }
        }
    """)


def test_is_external_until_the_entry_block_is_added():
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        with InsertionPoint(module.body):
            f = func.FuncOp("f", ([T("i32")], []), visibility="private")
            assert f.is_external
            assert str(f) == "func.func private @f(i32)"
            with pytest.raises(IndexError,
                               match="External function does not have a body"):
                f.entry_block
            with InsertionPoint(f.add_entry_block()):
                func.ReturnOp([])
            assert not f.is_external
            assert f.entry_block == f.body.blocks[0]


def test_body_builder_call_and_cmp():
    def body():
        i64 = T("i64")

        def callee_body(f):
            a, b = f.arguments
            lt = arith.cmpi(arith.CmpIPredicate.slt, a, b)
            func.ReturnOp([arith.select(lt, a, b)])

        callee = func.FuncOp("min", ([i64, i64], [i64]),
                             body_builder=callee_body)
        caller = func.FuncOp("caller", ([i64], [i64]))
        with InsertionPoint(caller.add_entry_block()):
            c = arith.ConstantOp(i64, -7)
            call = func.CallOp(callee, [caller.arguments[0], c])
            func.ReturnOp(call.results)
        assert isinstance(call, func.CallOp)
        assert c.literal_value == -7
        assert callee.type == T("(i64, i64) -> i64")
        assert not callee.is_external
        assert callee.entry_block == callee.body.blocks[0]

    m = build(body)
    check(m, """
        module {
          func.func @min(%arg0: i64, %arg1: i64) -> i64 {
            %0 = arith.cmpi slt, %arg0, %arg1 : i64
            %1 = arith.select %0, %arg0, %arg1 : i64
            return %1 : i64
          }
          func.func @caller(%arg0: i64) -> i64 {
            %c-7_i64 = arith.constant -7 : i64
            %0 = call @min(%arg0, %c-7_i64) : (i64, i64) -> i64
            return %0 : i64
          }
        }
    """)


def test_func_is_the_decorator():
    assert func.func == func.FuncOp.from_py_func
    assert isinstance(func.FuncOp.__dict__["from_py_func"], classmethod)

    calls = {}

    def body():
        f32 = T("f32")

        @func.func(f32, results=[f32])
        def explicit(x):
            func.ReturnOp([x])

        @func.func(f32)
        def nothing(x):
            pass

        @func.func(f32, name="renamed")
        def twice(x, func_op):
            calls["func_op"] = func_op
            return arith.addf(x, x)

        @func.func(f32)
        def caller(x):
            calls["none"] = nothing(x)
            calls["one"] = twice(x)
            return explicit(calls["one"])

        assert explicit.__name__ == "explicit"
        assert explicit.__doc__ is None
        assert isinstance(twice.func_op, func.FuncOp)

    check(build(body), """
        module {
          func.func @explicit(%arg0: f32) -> f32 {
            return %arg0 : f32
          }
          func.func @nothing(%arg0: f32) {
            return
          }
          func.func @renamed(%arg0: f32) -> f32 {
            %0 = arith.addf %arg0, %arg0 : f32
            return %0 : f32
          }
          func.func @caller(%arg0: f32) -> f32 {
            call @nothing(%arg0) : (f32) -> ()
            %0 = call @renamed(%arg0) : (f32) -> f32
            %1 = call @explicit(%0) : (f32) -> f32
            return %1 : f32
          }
        }
    """)
    assert isinstance(calls["none"], ir.OpResultList)
    assert len(calls["none"]) == 0
    assert isinstance(calls["one"], ir.Value)
    assert isinstance(calls["func_op"], func.FuncOp)


def test_func_explicit_results_no_implicit_return(ctx):
    f32 = T("f32")
    module = ir.Module.create()
    with InsertionPoint(module.body):
        @func.func(f32, results=[f32])
        def open_body(x):
            pass

        with pytest.raises(AssertionError,
                           match=r"^Capturing a python function with explicit `results=` requires that the wrapped function returns None\.$"):
            @func.func(f32, results=[f32])
            def returns_value(x):
                return x
    block = open_body.func_op.entry_block
    assert len(block.operations) == 0
    assert str(open_body.func_op.type) == "(f32) -> f32"
    # The body is left for the caller to finish.
    with InsertionPoint(block):
        func.ReturnOp([block.arguments[0]])
    assert open_body.func_op.verify()


def test_func_constant_type():
    def body():
        i32 = T("i32")
        callee = func.FuncOp("callee", ([i32], [i32]), visibility="private")

        @func.func()
        def get():
            c = func.ConstantOp(callee.type, ir.FlatSymbolRefAttr.get("callee"))
            assert str(c.type) == "(i32) -> i32"
            return c

    check(build(body), """
        module {
          func.func private @callee(i32) -> i32
          func.func @get() -> ((i32) -> i32) {
            %f = constant @callee : (i32) -> i32
            return %f : (i32) -> i32
          }
        }
    """)


def test_funcop_refuses_types_of_another_context():
    with ir.Context() as other:
        foreign_fn = ir.FunctionType.get([], [])
        foreign_i32 = ir.IntegerType.get_signless(32)
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.create()
        i32 = T("i32")
        with InsertionPoint(m.body):
            with pytest.raises(ValueError, match=r"^func\.func: type belongs "
                                                 r"to another Context$"):
                func.FuncOp("f", foreign_fn)
            with pytest.raises(ValueError, match=r"^function input type: a "
                                                 r"Type of another Context$"):
                func.FuncOp("f", ([foreign_i32], []))
            with pytest.raises(ValueError, match=r"^function result type: a "
                                                 r"Type of another Context$"):
                func.FuncOp("f", ([i32], [foreign_i32]))
            with pytest.raises(ValueError, match="expected a function type"):
                func.FuncOp("f", i32)
            f = func.FuncOp("g", ([i32], [i32]), visibility="private")
        assert [op.operation.name for op in m.body.operations] == [
            "func.func"]
        assert str(f) == "func.func private @g(i32) -> i32"
        block = f.add_entry_block()
        assert block == f.entry_block and len(block.arguments) == 1
        with pytest.raises(IndexError, match="already has an entry block"):
            f.add_entry_block()
        assert f.entry_block == f.regions[0].blocks[0]
        assert f.entry_block.owner == f.operation
        assert f.arguments[0] == block.arguments[0]
        with InsertionPoint(m.body):
            external = func.FuncOp("e", ([i32], []), visibility="private")
        with pytest.raises(IndexError, match="^External function does not "
                                             "have a body$"):
            external.entry_block
        with pytest.raises(IndexError, match="External function"):
            external.arguments
        external.operation.erase()
        with pytest.raises(RuntimeError, match="^the operation has been invalidated"):
            external.entry_block
    del other


def test_funcop_reports_a_missing_context_first():
    # As upstream, whose FuncOp makes its name attribute first.
    with pytest.raises(RuntimeError, match="requires a Context"):
        func.FuncOp("f", ([], []))
    with ir.Context():
        with pytest.raises(RuntimeError, match="requires a Location"):
            func.FuncOp("f", ([], []))


def test_funcop_is_called_as_upstreams_python_init(ctx):
    """FuncOp.__init__, add_entry_block, type and arguments are compiled;
    they bind, name themselves and fail as upstream's Python code does."""
    import inspect
    module = ir.Module.create()
    with InsertionPoint(module.body):
        for call, text in [
            (lambda: func.FuncOp("g"), "FuncOp.__init__() missing 1 "
             "required positional argument: 'type'"),
            (lambda: func.FuncOp(), "FuncOp.__init__() missing 2 required "
             "positional arguments: 'name' and 'type'"),
            (lambda: func.FuncOp("g", ([], []), 3), "FuncOp.__init__() takes "
             "3 positional arguments but 4 were given"),
            (lambda: func.FuncOp("g", ([], []), 3, visibility="private",
                                 ip=None),
             "FuncOp.__init__() takes 3 positional arguments but 4 positional "
             "arguments (and 2 keyword-only arguments) were given"),
            (lambda: func.FuncOp("g", ([], []), bogus=1), "FuncOp.__init__() "
             "got an unexpected keyword argument 'bogus'"),
        ]:
            with pytest.raises(TypeError) as e:
                call()
            assert str(e.value) == text
        f = func.FuncOp("f", ([T("i32"), T("f32")], []))
        with pytest.raises(IndexError,
                           match="^External function does not have a body$"):
            f.arguments
        entry = f.add_entry_block(arg_locs=[ir.Location.name("a"),
                                            ir.Location.name("b")])
        with pytest.raises(IndexError,
                           match="^The function already has an entry block!$"):
            f.add_entry_block()
        with InsertionPoint(entry):
            func.ReturnOp([])
    assert [str(a.type) for a in f.arguments] == ["i32", "f32"]
    assert [str(a.location) for a in f.arguments] == ['loc("a")', 'loc("b")']
    assert f.arguments[1] == entry.arguments[1]
    assert str(f.type) == "(i32, f32) -> ()"
    assert str(inspect.signature(func.FuncOp.__init__)) == (
        "(self, name, type, *, visibility=None, body_builder=None, loc=None, "
        "ip=None)")
    assert (func.FuncOp.__init__.__qualname__,
            func.FuncOp.add_entry_block.__qualname__) == (
        "FuncOp.__init__", "FuncOp.add_entry_block")
    # with no arg_locs, the arguments are at the current location
    with ir.Location.name("here"), InsertionPoint(module.body):
        g = func.FuncOp("g", ([T("i32")], []))
        with InsertionPoint(g.add_entry_block()):
            func.ReturnOp([])
    assert str(g.arguments[0].location) == 'loc("here")'
    # a body builder runs with the entry block as insertion point
    with InsertionPoint(module.body):
        h = func.FuncOp("h", ([T("i32")], [T("i32")]),
                        body_builder=lambda op: func.ReturnOp(op.arguments))
    assert str(h) == ("func.func @h(%arg0: i32) -> i32 {\n"
                      "  return %arg0 : i32\n}")


def test_funcop_takes_the_str_of_its_name_and_visibility(ctx):
    """As upstream's FuncOp: the name and visibility are str() of what is
    given (an int, bytes)."""
    module = ir.Module.create()
    with InsertionPoint(module.body):
        a = func.FuncOp(3, ([], []))
        b = func.FuncOp(b"f", ([], []), visibility=3)
    assert str(a.attributes["sym_name"]) == '"3"'
    assert str(b.attributes["sym_name"]) == '"b\'f\'"'
    assert str(b.attributes["sym_visibility"]) == '"3"'


def test_funcop_takes_a_tuples_first_two_items_and_names_itself(ctx):
    """As upstream's FuncOp: a tuple type gives its first two items as
    inputs and results (an IndexError when shorter); an operation without
    results asked for .result names itself by its operation name, also
    through the FuncOp whose `name` is its symbol."""
    i32 = ir.IntegerType.get_signless(32)
    module = ir.Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("g", ([i32], [i32], "ignored"))
        with pytest.raises(IndexError):
            func.FuncOp("h", ([i32],))
    assert str(f.type) == "(i32) -> i32"
    with pytest.raises(ValueError, match=r"^Cannot call \.result on operation "
                       r"func\.func which has 0 results"):
        f.result
