"""Argument kinds, compared with the upstream bindings call by call.

Runs under either interpreter (upstream's venv or ours), from this
directory, in one of two modes:

    python arg_parity.py plan                  # upstream only: the cases
    python arg_parity.py run CASES.json START  # the outcomes, one per line

`plan` reads upstream's own signatures (nanobind's `__nb_signature__`) of
the static functions of every class of mlir.ir and of the dialect modules
(the builders users call: `IntegerType.get_signless`, `MemRefType.get`,
`DenseI64ArrayAttr.get`, ...), of the constructors of mlir.ir's classes
(`IntegerType(t)`) and of the methods of the classes in INSTANCES (called
on an object of env(): `Value.replace_all_uses_with`, `op.get_asm`,
`attributes[...]`), and takes each parameter's kind from its
annotation: `int`, `float`, `Sequence[int]`, `Type`, `Context | None`...
For each function whose parameters all have a kind it knows, a case calls
it with a canonical value per parameter, and one case per parameter and
argument form replaces that one value: a sequence as list, tuple, range,
numpy array, ctypes array, array.array, generator, one-element list around
a ctypes object; an int as numpy integer, bool, IntEnum; a float as numpy
float or int; a buffer (`DenseElementsAttr.get`'s array) as numpy arrays
of other dtypes, ranks and layouts, bytes, array.array, memoryview, a list;
None; a wrong type. With `--combos N --seed S` it also draws
N cases that vary several parameters at once (the long run,
`make arg-parity-long`).

`run` makes each case's arguments in a fresh Context and calls the
function, printing the outcome as one JSON line: ["ok", result type name,
printed result, the names of the result type's MRO] or ["raise",
exception type name, the message's first line]. The cases run in children
forked from the process that imported the modules, a new one after a
crash (recorded as ["crash", exit status]) or a hang (run_forked).
tests/test_arg_parity.py runs it under both interpreters and compares.
"""

import array
import ctypes
import enum
import importlib
import json
import random
import sys

MODULES = ["mlir.ir", "mlir.passmanager", "mlir.dialects.llvm", "mlir.dialects.gpu",
           "mlir.dialects.transform", "mlir.dialects.pdl", "mlir.dialects.quant",
           "mlir.dialects.smt", "mlir.dialects.nvgpu", "mlir.dialects.amdgpu",
           "mlir.dialects.sparse_tensor"]
# Functions a case must not call: they change process-wide state or need
# objects this harness does not make.
SKIP = {"mlir.ir:Context.current", "mlir.ir:Location.current",
        "mlir.ir:InsertionPoint.current", "mlir.ir:DiagnosticHandler.*",
        "mlir.ir:Context.__init__"}
# The special methods of INSTANCES' classes called as their other methods
# are (constructors: every class's, by calling the class).
DUNDERS = {"__getitem__", "__setitem__", "__delitem__", "__contains__"}


class Small(enum.IntEnum):
    """An IntEnum, as an int argument."""
    TWO = 2


# -- parameter kinds, from upstream's annotations ------------------------------

# Parameters annotated with a bare `list` or `Sequence`: their elements'
# kind, by the parameter's name.
LIST_KINDS = {"attributes": "seq_attr", "attrs": "seq_attr",
              "exprs": "seq_affine_expr", "dim_exprs": "seq_affine_expr",
              "symbol_exprs": "seq_affine_expr", "shape": "seq_int",
              "scalable": "seq_bool", "values": "seq_bool",
              "arg_types": "seq_type", "arg_locs": "seq_location"}


def kind_of(annotation, name=None):
    """(kind, optional) of an annotation text (of the parameter `name`),
    or (None, False)."""
    text = annotation.replace("mlir._mlir_libs._mlir.ir.", "").replace(
        "mlir.ir.", "").replace("collections.abc.", "").strip()
    optional = text.endswith("| None")
    if optional:
        text = text[:-len("| None")].strip()
    if text in ("list", "Sequence"):
        return LIST_KINDS.get(name), optional
    known = {"int": "int", "float": "float", "bool": "bool", "str": "str",
             "Sequence[int]": "seq_int", "Sequence[float]": "seq_float",
             "Sequence[bool]": "seq_bool", "Sequence[str]": "seq_str",
             "Sequence[Type]": "seq_type", "Type": "type", "Attribute": "attr",
             "AffineExpr": "affine_expr", "AffineMap": "affine_map",
             "Context": "context", "Location": "location",
             "Sequence[Location]": "seq_location",
             "Sequence[Attribute]": "seq_attr", "Value": "value",
             "_OperationBase": "operation", "Operation": "operation",
             "Block": "block", "Region": "region",
             "typing_extensions.Buffer": "buffer", "bytes": "bytes",
             "dict": "dict", "IntegerSet": "integer_set",
             "IntegerType.Signedness": "signedness"}
    return known.get(text), optional


def parse_signature(text):
    """[(name, annotation, has_default, keyword_only)] of a nanobind
    signature text; None when it takes *args or **kwargs."""
    from member_parity_collect import parse_nb_signature
    sig = parse_nb_signature(text, annotations=True)
    if any(kind in ("*", "**") for _, kind, _, _ in sig):
        return None
    return [(name, ann, default, kind == "kw") for name, kind, default, ann in sig]


# -- argument forms ---------------------------------------------------------------

def _ir():
    return importlib.import_module("mlir.ir")


# The IR the instance methods are called on, made afresh for each case.
SOURCE = """
func.func @f(%a: i32, %t: tensor<2x?xf32>) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  return %0 : i32
}
"""

# The object each class's methods are called on (a name in env()), and
# the values of the IR kinds.
INSTANCES = {
    "Operation": "add", "OpView": "add_view",
    "Block": "block", "Region": "region", "Value": "sum", "OpResult": "sum",
    "BlockArgument": "arg", "InsertionPoint": "ip", "SymbolTable": "symbols",
    "OpAttributeMap": "attributes", "OpOperandList": "operands",
    "OperationList": "ops", "BlockList": "blocks", "AffineExpr": "expr",
    "AffineMap": "map", "ArrayAttr": "array", "DictAttr": "dict",
    "DenseI64ArrayAttr": "i64s", "DenseF32ArrayAttr": "f32s",
    "DenseBoolArrayAttr": "bools", "ShapedType": "tensor_type",
    "TupleType": "tuple_type", "Location": "loc", "Attribute": "unit",
    "Type": "i32", "PassManager": "pm",
}
IR_KINDS = {"value": "one", "operation": "const", "block": "new_block",
            "region": "region"}


def env():
    """The named objects of a fresh module of SOURCE, in the current
    Context."""
    ir = _ir()
    m = ir.Module.parse(SOURCE)
    f = m.body.operations[0]
    block = f.regions[0].blocks[0]
    const, add = block.operations[0], block.operations[1]
    i32 = ir.IntegerType.get_signless(32)
    return {
        "module": m, "add": add.operation, "add_view": add,
        "const": const.operation, "block": block, "region": f.regions[0],
        "sum": add.result, "one": const.result, "arg": block.arguments[0],
        "ip": ir.InsertionPoint(block), "symbols": ir.SymbolTable(m.operation),
        "attributes": const.operation.attributes,
        "operands": add.operation.operands, "ops": block.operations,
        "blocks": f.regions[0].blocks, "expr": ir.AffineDimExpr.get(0) + 1,
        "map": ir.AffineMap.get_identity(3),
        "array": ir.ArrayAttr.get([ir.UnitAttr.get()]),
        "dict": ir.DictAttr.get({"a": ir.UnitAttr.get()}),
        "i64s": ir.DenseI64ArrayAttr.get([1, 2]),
        "f32s": ir.DenseF32ArrayAttr.get([1.5, 2.5]),
        "bools": ir.DenseBoolArrayAttr.get([True, False]),
        "tensor_type": ir.RankedTensorType.get(
            [2, ir.ShapedType.get_dynamic_size()], ir.F32Type.get()),
        "tuple_type": ir.TupleType.get_tuple([i32, ir.F32Type.get()]),
        "loc": ir.Location.unknown(), "unit": ir.UnitAttr.get(), "i32": i32,
        "new_block": ir.Block.create_at_start(f.regions[0], []),
        "pm": importlib.import_module("mlir.passmanager").PassManager.parse(
            "builtin.module(canonicalize)"),
    }


# Other canonical values tried, in order, when a function fails with the
# first ones (quant.UniformQuantizedType.get wants a float expressed type).
ALTERNATIVES = {"int": [0, 8, 1, 7, -8], "type": ["f32", "i8", "index"],
                "bool": [False], "float": [0.0]}


def canonical(kind, ctx, alternative=0, objects=None):
    """The canonical value of a kind, made in the current context (the IR
    kinds: taken from `objects`, env()'s); with alternative > 0, the one of
    ALTERNATIVES[kind] at alternative - 1."""
    ir = _ir()
    if kind in IR_KINDS:
        return objects[IR_KINDS[kind]]
    if alternative:
        value = ALTERNATIVES[kind][alternative - 1]
        if kind == "type":
            return {"f32": ir.F32Type.get, "i8": lambda: ir.IntegerType.get_signless(8),
                    "index": ir.IndexType.get}[value]()
        return value
    return {
        "int": lambda: 2, "float": lambda: 1.5, "bool": lambda: True,
        "str": lambda: "x",
        "seq_int": lambda: [2, 3], "seq_float": lambda: [1.5, 2.5],
        "seq_bool": lambda: [True, False], "seq_str": lambda: ["x", "y"],
        "seq_type": lambda: [ir.IntegerType.get_signless(32), ir.F32Type.get()],
        "seq_attr": lambda: [ir.UnitAttr.get()],
        "type": lambda: ir.IntegerType.get_signless(32),
        "attr": lambda: ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 2),
        "affine_expr": lambda: ir.AffineDimExpr.get(0),
        "affine_map": lambda: ir.AffineMap.get_identity(2),
        "context": lambda: ctx, "location": lambda: ir.Location.unknown(),
        "seq_location": lambda: [ir.Location.unknown()],
        "buffer": lambda: _np().array([1, 2], dtype=_np().int32),
        "bytes": lambda: b"x",
        "dict": lambda: {"a": ir.UnitAttr.get()},
        "seq_affine_expr": lambda: [ir.AffineDimExpr.get(0)],
        "integer_set": lambda: ir.IntegerSet.get_empty(1, 0),
        "signedness": lambda: ir.IntegerType.Signedness.SIGNED,
    }[kind]()


def _np():
    import numpy as np
    return np


def _buffers():
    """A buffer parameter's forms: numpy arrays of other dtypes, ranks,
    layouts and sizes, the other buffer kinds, and non-buffers."""
    import numpy as np
    return [
        ("numpy_int64_2d", lambda: np.array([[1, 2], [3, 4]], dtype=np.int64)),
        ("numpy_float32", lambda: np.array([1.5, 2.5], dtype=np.float32)),
        ("numpy_float16", lambda: np.array([1.5], dtype=np.float16)),
        ("numpy_bool", lambda: np.array([True, False])),
        ("numpy_uint8", lambda: np.array([1, 255], dtype=np.uint8)),
        ("numpy_complex64", lambda: np.array([1 + 2j], dtype=np.complex64)),
        ("numpy_strided", lambda: np.arange(6, dtype=np.int32)[::2]),
        ("numpy_fortran", lambda: np.asfortranarray(
            np.arange(6, dtype=np.int32).reshape(2, 3))),
        ("numpy_0d", lambda: np.array(7, dtype=np.int32)),
        ("numpy_empty", lambda: np.zeros((0,), dtype=np.int32)),
        ("numpy_big_endian", lambda: np.array([1, 2], dtype=">i4")),
        ("numpy_datetime", lambda: np.array(["2026-01-01"], dtype="datetime64[D]")),
        ("bytes", lambda: b"\x01\x02"),
        ("bytearray", lambda: bytearray(b"\x01\x02")),
        ("array_i", lambda: array.array("i", [1, 2])),
        ("memoryview", lambda: memoryview(np.array([1, 2], dtype=np.int32))),
        ("list_of_ints", lambda: [1, 2]),
        ("int", lambda: 1),
    ]


def _ints(values):
    import numpy as np
    return [
        ("list", lambda: list(values)),
        ("tuple", lambda: tuple(values)),
        ("range", lambda: range(values[0], values[0] + len(values))),
        ("numpy_int64", lambda: np.array(values, dtype=np.int64)),
        ("numpy_int32", lambda: np.array(values, dtype=np.int32)),
        ("ctypes_array", lambda: (ctypes.c_long * len(values))(*values)),
        ("array_q", lambda: array.array("q", values)),
        ("generator", lambda: (v for v in values)),
        ("list_of_numpy_ints", lambda: [np.int64(v) for v in values]),
        ("list_of_ctypes", lambda: [ctypes.c_long(values[0])]),
        ("list_of_intenum", lambda: [Small.TWO for _ in values]),
        ("empty_list", lambda: []),
        ("str", lambda: "ab"),
        ("int", lambda: 2),
        ("list_of_floats", lambda: [float(v) + 0.5 for v in values]),
    ]


def forms(kind):
    """[(form name, maker)] of the argument forms tried for a kind."""
    import numpy as np
    ir = _ir()
    wrong = [("none", lambda: None), ("object", lambda: object())]
    if kind == "int":
        return [("numpy_int64", lambda: np.int64(2)), ("numpy_int32", lambda: np.int32(2)),
                ("numpy_uint8", lambda: np.uint8(2)), ("bool", lambda: True),
                ("intenum", lambda: Small.TWO), ("float", lambda: 2.0),
                ("str", lambda: "2"), ("negative", lambda: -1)] + wrong
    if kind == "float":
        return [("numpy_float32", lambda: np.float32(1.5)),
                ("numpy_float64", lambda: np.float64(1.5)), ("int", lambda: 2),
                ("bool", lambda: True), ("numpy_int64", lambda: np.int64(2)),
                ("str", lambda: "1.5")] + wrong
    if kind == "bool":
        return [("numpy_bool", lambda: np.bool_(True)), ("int", lambda: 1),
                ("str", lambda: "True")] + wrong
    if kind == "str":
        return [("bytes", lambda: b"x"), ("int", lambda: 1),
                ("numpy_str", lambda: np.str_("x"))] + wrong
    if kind == "seq_int":
        return _ints([2, 3]) + wrong
    if kind == "seq_float":
        return [("tuple", lambda: (1.5, 2.5)), ("numpy_float64", lambda: np.array([1.5, 2.5])),
                ("numpy_float32", lambda: np.array([1.5, 2.5], dtype=np.float32)),
                ("array_d", lambda: array.array("d", [1.5, 2.5])),
                ("generator", lambda: (v for v in [1.5, 2.5])),
                ("list_of_ints", lambda: [1, 2]), ("empty_list", lambda: [])] + wrong
    if kind == "seq_bool":
        return [("tuple", lambda: (True, False)), ("numpy_bool", lambda: np.array([True, False])),
                ("list_of_ints", lambda: [1, 0]), ("generator", lambda: (v for v in [True]))] + wrong
    if kind == "seq_str":
        return [("tuple", lambda: ("x", "y")), ("str", lambda: "xy"),
                ("list_of_bytes", lambda: [b"x"]), ("generator", lambda: (v for v in ["x"]))] + wrong
    if kind == "bytes":
        return [("str", lambda: "x"), ("bytearray", lambda: bytearray(b"x")),
                ("memoryview", lambda: memoryview(b"x")), ("int", lambda: 1),
                ("non_utf8", lambda: b"\xff")] + wrong
    if kind == "dict":
        return [("empty", lambda: {}), ("int_key", lambda: {1: ir.UnitAttr.get()}),
                ("int_value", lambda: {"a": 1}), ("none_value", lambda: {"a": None}),
                ("type_value", lambda: {"a": ir.F32Type.get()}),
                ("bytes_key", lambda: {b"a": ir.UnitAttr.get()}),
                ("list_of_pairs", lambda: [("a", ir.UnitAttr.get())]),
                ("mapping_proxy", lambda: __import__("types").MappingProxyType(
                    {"a": ir.UnitAttr.get()}))] + wrong
    if kind == "integer_set":
        return [("affine_map", lambda: ir.AffineMap.get_identity(1)),
                ("attribute", lambda: ir.UnitAttr.get()), ("int", lambda: 1)] + wrong
    if kind == "signedness":
        return [("int", lambda: 1), ("unsigned", lambda: ir.IntegerType.Signedness.UNSIGNED),
                ("str", lambda: "SIGNED"), ("intenum", lambda: Small.TWO)] + wrong
    if kind == "seq_affine_expr":
        return [("tuple", lambda: (ir.AffineDimExpr.get(0),)),
                ("generator", lambda: (e for e in [ir.AffineDimExpr.get(0)])),
                ("empty_list", lambda: []), ("list_of_ints", lambda: [1]),
                ("list_of_none", lambda: [None]),
                ("list_of_maps", lambda: [ir.AffineMap.get_identity(1)])] + wrong
    if kind in ("seq_type", "seq_attr", "seq_location"):
        return [("tuple", lambda: tuple(canonical(kind, None))),
                ("generator", lambda: (v for v in canonical(kind, None))),
                ("empty_list", lambda: []), ("list_of_ints", lambda: [1]),
                ("list_of_none", lambda: [None])] + wrong
    if kind == "type":
        return [("f32", lambda: ir.F32Type.get()), ("index", lambda: ir.IndexType.get()),
                ("attribute", lambda: ir.UnitAttr.get()), ("int", lambda: 1)] + wrong
    if kind == "attr":
        return [("unit", lambda: ir.UnitAttr.get()), ("type", lambda: ir.F32Type.get()),
                ("str", lambda: "x")] + wrong
    if kind in ("affine_expr", "affine_map"):
        return [("int", lambda: 1), ("attribute", lambda: ir.UnitAttr.get())] + wrong
    if kind in ("context", "location"):
        return [("int", lambda: 1)] + wrong
    if kind == "buffer":
        return _buffers() + wrong
    if kind in IR_KINDS:
        return [("int", lambda: 1), ("type", lambda: ir.F32Type.get())] + wrong
    return wrong


# -- planning (under upstream) ---------------------------------------------------

def targets():
    """[(target, [(name, kind, optional, has_default, keyword_only)])] of
    the static functions of the modules' classes with known kinds."""
    import fnmatch
    out = []
    seen = set()
    for modname in MODULES:
        mod = importlib.import_module(modname)
        for cname in sorted(dir(mod)):
            cls = getattr(mod, cname)
            if not isinstance(cls, type) or cname.startswith("_"):
                continue
            members = dict(vars(cls))
            if cname in INSTANCES:          # and its private bases' methods
                for base in cls.__mro__[1:]:
                    if base.__name__.startswith("_") and base is not object:
                        for fname, raw in vars(base).items():
                            members.setdefault(fname, raw)
            for fname, raw in sorted(members.items()):
                how = "static"
                if type(raw).__name__ == "nb_method":
                    if fname == "__init__":
                        how = "construct"
                    elif cname in INSTANCES and (
                            fname in DUNDERS or not fname.startswith("_")):
                        how = "method"
                    else:
                        continue
                elif fname.startswith("_") or type(raw).__name__ != "nb_func":
                    continue
                target = f"{modname}:{cname}.{fname}"
                if any(fnmatch.fnmatchcase(target, p) for p in SKIP):
                    continue
                if (id(cls), fname) in seen:
                    continue
                seen.add((id(cls), fname))
                for overload in raw.__nb_signature__:
                    params = parse_signature(overload[0])
                    if params is None:
                        continue
                    if params and params[0][0] in ("cls", "self"):
                        params = params[1:]
                    kinds = [(n, *kind_of(a, n), d, kw) for n, a, d, kw in params]
                    if all(k[1] for k in kinds) and (params or how == "static"):
                        out.append((target, kinds, how))
    return out


def baseline(target, params, how, tries=400):
    """The canonical alternatives ({param index: alternative}) with which
    the target succeeds here, the first of at most `tries` combinations;
    {} when none does. The combinations are tried in a forked child, as
    some crash upstream: after a crash, a new child goes on with the next."""
    import itertools
    import os
    choices = [range(1 + len(ALTERNATIVES.get(p[1], ()))) if not p[3] else [0]
               for p in params]
    combos = list(itertools.islice(itertools.product(*choices), tries))
    start = 0
    while start < len(combos):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            for k in range(start, len(combos)):
                os.write(w, f"t {k}\n".encode())
                case = {"target": target, "params": params, "vary": {}, "how": how,
                        "canon": {str(i): a for i, a in enumerate(combos[k]) if a}}
                if call(case)[0] == "ok":
                    os.write(w, f"ok {k}\n".encode())
                    break
            os._exit(0)
        os.close(w)
        with os.fdopen(r) as f:
            lines = f.read().split()
        os.waitpid(pid, 0)
        if "ok" in lines:
            k = int(lines[lines.index("ok") + 1])
            return {str(i): a for i, a in enumerate(combos[k]) if a}
        tried = [int(x) for x in lines[1::2]]
        if not tried or tried[-1] >= len(combos) - 1:
            return {}
        start = tried[-1] + 1
    return {}


def plan(combos=0, seed=0):
    """The cases: per target, the canonical call and one per parameter and
    form, from the canonical values with which the call succeeds upstream;
    then `combos` random cases varying several parameters."""
    cases, canons = [], {}
    found = targets()
    for target, params, how in found:
        canon = canons[target, repr(params)] = baseline(target, params, how)
        base = {"target": target, "params": params, "how": how, "canon": canon}
        cases.append({**base, "vary": {}})
        for i, (name, kind, optional, has_default, kw) in enumerate(params):
            for form, _ in forms(kind):
                cases.append({**base, "vary": {str(i): form}})
    rng = random.Random(seed)
    by_target = {}
    for target, params, how in found:
        by_target.setdefault(target, (params, how))
    names = sorted(by_target)
    for _ in range(combos):
        target = rng.choice(names)
        params, how = by_target[target]
        vary = {}
        for i, p in enumerate(params):
            if rng.random() < 0.5:
                vary[str(i)] = rng.choice([f for f, _ in forms(p[1])])
        cases.append({"target": target, "params": params, "how": how,
                      "vary": vary, "canon": canons[target, repr(params)]})
    return cases


# -- running ----------------------------------------------------------------------

def _norm(value):
    """A printable, comparable form of a result."""
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if type(value).__module__.startswith("mlir"):
        try:
            text = str(value)
        except Exception as e:  # noqa: BLE001
            return f"<str raised {type(e).__name__}>"
        return type(value).__name__ if " object at 0x" in text else text
    return type(value).__name__


def call(case):
    """The outcome of one case (see the module docstring)."""
    ir = _ir()
    modname, _, qual = case["target"].partition(":")
    cname, fname = qual.split(".")
    how = case.get("how", "static")
    cls = None if how == "method" else getattr(importlib.import_module(modname), cname)
    with ir.Context() as ctx, ir.Location.unknown():
        ctx.allow_unregistered_dialects = True
        objects = env()
        fn = (cls if how == "construct" else
              getattr(objects[INSTANCES[cname]], fname) if how == "method" else
              getattr(cls, fname))
        args, kwargs = [], {}
        for i, (name, kind, optional, has_default, kw) in enumerate(case["params"]):
            form = case["vary"].get(str(i))
            if form is None:
                if has_default:
                    continue
                value = canonical(kind, ctx, case.get("canon", {}).get(str(i), 0),
                                  objects)
            else:
                value = dict(forms(kind))[form]()
            if kw or has_default:
                kwargs[name] = value
            else:
                args.append(value)
        try:
            result = fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001  (the outcome)
            return ["raise", type(e).__name__, str(e).partition("\n")[0]]
        return ["ok", type(result).__name__, _norm(result),
                [k.__name__ for k in type(result).__mro__]]


# Address space per process: a case asking for a huge allocation fails
# (a crash, recorded) instead of taking the machine's memory.
MEMORY_LIMIT = 4 << 30


def main(argv):
    """See the module docstring."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    if argv[0] == "plan":
        combos = seed = 0
        if "--combos" in argv:
            combos = int(argv[argv.index("--combos") + 1])
        if "--seed" in argv:
            seed = int(argv[argv.index("--seed") + 1])
        json.dump(plan(combos, seed), sys.stdout)
        return
    cases = json.load(open(argv[1]))
    run_forked(cases, int(argv[2]))


def pump_lines(fd, timeout, on_line, err_fd=None, keep=1 << 16):
    """Calls on_line(line) for each line (bytes, without its newline) read
    from pipe `fd` as it comes, until the pipe ends: returns (False, err),
    or gives nothing for `timeout` seconds: returns (True, err). `err_fd`,
    when given, is drained as it comes (a child's stderr can fill its pipe
    and block it); `err` is its last `keep` bytes (b"" without it). Reads
    take what the pipe holds, so no line waits in a buffer while select
    waits for more."""
    import os
    import select
    fds = {fd} if err_fd is None else {fd, err_fd}
    pending, err = b"", b""
    while fd in fds:
        ready, _, _ = select.select(sorted(fds), [], [], timeout)
        if not ready:
            return True, err
        for f in ready:
            chunk = os.read(f, 1 << 16)
            if not chunk:
                fds.discard(f)
            elif f == err_fd:
                err = (err + chunk)[-keep:]
            else:
                *lines, pending = (pending + chunk).split(b"\n")
                for line in lines:
                    on_line(line)
    return False, err


# A case's time limit in a child (tests/test_arg_parity.py waits 30 s for a
# line from this process).
CASE_TIMEOUT = 25
# The exit status of a child whose harness code raised (not a case's call).
HARNESS_ERROR = 70


def run_forked(cases, start):
    """Prints the outcomes of cases[start:], one line each. The modules are
    imported once, here; the cases run in a child forked from this process,
    which goes on until the end or until a case crashes it (recorded as
    ["crash", exit status]: -signal, or an exit code such as LLVM's fatal
    errors' 1) or hangs (["hang"]); the next child starts after that case.
    A crash costs a fork instead of a new interpreter importing everything
    (upstream's wheel crashes on some two hundred cases)."""
    import os
    import signal
    import traceback
    _ir()
    for modname in sorted({c["target"].partition(":")[0] for c in cases[start:]}):
        importlib.import_module(modname)
    i = start
    while i < len(cases):
        sys.stdout.flush()
        sys.stderr.flush()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                            # the child
            os.close(r)
            try:
                with os.fdopen(w, "w") as out:
                    for case in cases[i:]:
                        out.write(json.dumps(call(case)) + "\n")
                        out.flush()
            except BaseException:               # noqa: BLE001
                traceback.print_exc()
                sys.stderr.flush()
                os._exit(HARNESS_ERROR)
            os._exit(0)
        os.close(w)
        relayed = []

        def relay(line):
            sys.stdout.write(line.decode() + "\n")
            sys.stdout.flush()
            relayed.append(line)

        hung, _ = pump_lines(r, CASE_TIMEOUT, relay)
        os.close(r)
        if hung:
            os.kill(pid, signal.SIGKILL)
        i += len(relayed)
        code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        if code == HARNESS_ERROR:
            raise SystemExit(f"{__file__}: the harness failed in case {i}")
        if i >= len(cases):
            break
        print(json.dumps(["hang"] if hung else ["crash", code]), flush=True)
        i += 1


if __name__ == "__main__":
    main(sys.argv[1:])
