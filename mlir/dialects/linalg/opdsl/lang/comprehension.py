"""The objects an op definition is written with.

Operands are declared as parameter defaults (``TensorDef``, ``ScalarDef``,
``IndexAttrDef`` and the function attribute definitions). Indexing a
``TensorDef`` with affine expressions gives a ``TensorUse``; uses, scalars,
constants, indices and function applications combine into tensor
expressions, and assigning one to an indexed ``TensorDef`` (``=`` or
``+=``) records a ``Comprehension`` on the op being defined
(``LinalgOpDef``). ``config`` later derives indexing maps, iterator types
and the scalar body from these objects.
"""

from enum import Enum
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from ..... import ir as _ir
from .affine import *
from .affine import AffineExprDef, DimDef, SymbolDef
from .scalar_expr import *
from .types import *
from .yaml_helper import *

class FunctionKind(Enum):
    """What a function applies to: one, two or three values, or a value
    and a target type (a conversion)."""

    UNARY = 0
    BINARY = 1
    TERNARY = 2
    TYPE = 3


__all__ = [
    # Tensor expressions.
    "TensorExpression",
    "TensorUse",
    "TensorFn",
    "TensorReduceFn",
    "const",
    "index",
    # Functions.
    "FunctionKind",
    "UnaryFnType",
    "UnaryFn",
    "BinaryFnType",
    "BinaryFn",
    "TernaryFnType",
    "TernaryFn",
    "TypeFnType",
    "TypeFn",
    "ReduceFnUse",
    "ReduceFnType",
    "ReduceFn",
    # Operands.
    "OperandKind",
    "OperandDef",
    "TensorDef",
    "ScalarDef",
    "IndexAttrDef",
    "UnaryFnAttrDef",
    "BinaryFnAttrDef",
    "TernaryFnAttrDef",
    "TypeFnAttrDef",
    # The op.
    "Comprehension",
    "OpInterfaceDef",
    "ContractionOpInterface",
    "ConvolutionOpInterface",
    "FillOpInterface",
    "OpDefinitionDef",
    "Canonicalizer",
    "OpMetadataDef",
    "LinalgOpDef",
]


###############################################################################
# Tensor expressions
###############################################################################


class TensorExpression:
    """A value computed per element: what the right-hand side of a
    comprehension is made of. ``+ - * /`` apply the binary functions
    add, sub, mul and div."""

    def to_scalar_expression(self) -> ScalarExpression:
        """This expression as a ``ScalarExpression`` tree."""
        raise NotImplementedError(type(self).__name__)

    def visit_tensor_exprs(self, callback: Callable[["TensorExpression"], None]):
        """Calls `callback` on this expression and every expression in it."""
        callback(self)

    def _collect(self, into: set, kind) -> None:
        def visit(expr):
            if isinstance(expr, kind):
                into.add(expr)

        self.visit_tensor_exprs(visit)

    def collect_dim_uses(self, uses: Set[DimDef]):
        """Adds to `uses` the dimensions that tensor uses in this
        expression are indexed with."""

        def add_dim(expr):
            if isinstance(expr, DimDef):
                uses.add(expr)

        def visit(expr):
            if isinstance(expr, TensorUse):
                for index_expr in expr.indices:
                    index_expr.visit_affine_exprs(add_dim)

        self.visit_tensor_exprs(visit)

    def collect_tensor_uses(self, uses: Set["TensorUse"]):
        """Adds to `uses` the tensor uses in this expression."""
        self._collect(uses, TensorUse)

    def collect_indices(self, indices: Set["index"]):
        """Adds to `indices` the ``index(...)`` reads in this expression."""
        self._collect(indices, index)

    def collect_scalar_uses(self, uses: Set["ScalarDef"]):
        """Adds to `uses` the scalar operands read in this expression."""
        self._collect(uses, ScalarDef)

    def __add__(self, rhs: "TensorExpression") -> "TensorFn":
        return BinaryFn.add(self, rhs)

    def __sub__(self, rhs: "TensorExpression") -> "TensorFn":
        return BinaryFn.sub(self, rhs)

    def __mul__(self, rhs: "TensorExpression") -> "TensorFn":
        return BinaryFn.mul(self, rhs)

    def __truediv__(self, rhs: "TensorExpression") -> "TensorFn":
        return BinaryFn.div(self, rhs)

    # Expressions are nodes of a tree: equal only to themselves.
    __hash__ = object.__hash__


class TensorUse(TensorExpression):
    """The element of a tensor operand at the given affine indices
    (``A[D.m, D.k]``; ``A[None]`` for a scalar access).

    ``O[...] += expr`` reads ``O[...]`` (a ``TensorUse``), combines it with
    ``expr`` in ``__iadd__`` into an add-reduction over the dimensions that
    ``expr`` uses and ``O[...]`` does not, and stores that back with
    ``TensorDef.__setitem__``.
    """

    def __init__(self, operand_def: "OperandDef", indices: Sequence[AffineExprDef]):
        self.operand_def = operand_def
        self.indices = tuple(indices)

    @property
    def tensor_name(self) -> str:
        """The name of the operand used."""
        name = self.operand_def.name
        if name is None:
            raise ValueError("The TensorDef is not an operand of an op")
        return name

    def to_scalar_expression(self) -> ScalarExpression:
        """A ``ScalarArg`` naming the operand."""
        return ScalarArg(self.tensor_name).expr()

    def _compute_reduce_dims(self, rhs: TensorExpression) -> Set[DimDef]:
        used_by_rhs: Set[DimDef] = set()
        used_here: Set[DimDef] = set()
        rhs.collect_dim_uses(used_by_rhs)
        self.collect_dim_uses(used_here)
        return used_by_rhs - used_here

    def __iadd__(self, rhs: TensorExpression) -> "TensorReduceFn":
        return ReduceFnUse(BinaryFn.add, None, *self._compute_reduce_dims(rhs))(rhs)

    def __repr__(self):
        return f"{self.operand_def.name}[{', '.join(repr(i) for i in self.indices)}]"


class TensorFn(TensorExpression):
    """A function applied to tensor expressions, named either by
    `name` (a fixed function) or by `operand_def` (a function attribute
    operand, chosen when the op is built). `type_var` is the target type
    of a type conversion."""

    def __init__(
        self,
        kind: FunctionKind,
        name: Optional[str],
        operand_def: Optional["OperandDef"],
        type_var: Optional[TypeVar],
        args: Sequence[TensorExpression],
    ):
        if (name is None) == (operand_def is None):
            raise ValueError("TensorFn: give exactly one of 'name', 'operand_def'")
        for arg in args:
            if not isinstance(arg, TensorExpression):
                raise ValueError(
                    f"Function arguments must be tensor expressions, not {arg!r}")
        self.kind = kind
        self.name = name
        self.operand_def = operand_def
        self.type_var = type_var
        self.args = list(args)

    def to_scalar_expression(self) -> ScalarExpression:
        """A ``ScalarFn`` over the arguments' scalar expressions."""
        attr_name = None
        if self.operand_def is not None:
            attr_name = self.operand_def.name
            if attr_name is None:
                raise ValueError("The function attribute is not an operand of an op")
        operands = [a.to_scalar_expression() for a in self.args]
        return ScalarFn(self.kind, self.name, attr_name, self.type_var,
                        operands).expr()

    def visit_tensor_exprs(self, callback):
        """Calls `callback` on this application, then on its arguments'
        expressions."""
        callback(self)
        for arg in self.args:
            arg.visit_tensor_exprs(callback)

    def __repr__(self):
        name = self.name if self.operand_def is None else self.operand_def.name
        args = ", ".join(repr(a) for a in self.args)
        return f"{self.kind.name}.{name}(type_var={self.type_var}, args={args})"


class TensorReduceFn(TensorExpression):
    """A reduction of its arguments into the output element it is assigned
    to (`lhs`, bound when the comprehension is recorded)."""

    def __init__(self, reduce_use: "ReduceFnUse", args: Sequence[TensorExpression]):
        self.reduce_use = reduce_use
        self.lhs: Optional[TensorUse] = None
        self.args = list(args)

    def to_scalar_expression(self) -> ScalarExpression:
        """The binary reduction function applied to the output element and
        the arguments."""
        if self.lhs is None:
            raise ValueError(
                f"A reduction must be assigned to an output before use: {self}")
        use = self.reduce_use
        fn_name = use.binary_fn.fn_name if use.binary_fn is not None else None
        attr_name = None
        if use.binary_attr is not None:
            attr_name = use.binary_attr.operand_def.name
        operands = [self.lhs.to_scalar_expression()]
        operands += [a.to_scalar_expression() for a in self.args]
        return ScalarFn(FunctionKind.BINARY, fn_name, attr_name, None,
                        operands).expr()

    def visit_tensor_exprs(self, callback):
        """Visits the expressions of the arguments (the reduction node
        itself is not passed to `callback`)."""
        for arg in self.args:
            arg.visit_tensor_exprs(callback)

    def __repr__(self):
        return f"{self.reduce_use!r}({', '.join(repr(a) for a in self.args)})"


class const(TensorExpression):
    """A constant: a Python float becomes an f64, an int an i64 (cast it
    to the type wanted with a ``TypeFn``)."""

    def __init__(self, value: Any):
        with _ir.Context():
            if isinstance(value, float):
                attr = _ir.FloatAttr.get_f64(value)
            elif isinstance(value, int):
                attr = _ir.IntegerAttr.get(_ir.IntegerType.get_signless(64),
                                           int(value))
            else:
                raise ValueError(
                    f"const requires int or float but got {type(value)}")
            self.value = str(attr)

    def to_scalar_expression(self) -> ScalarExpression:
        """A ``ScalarConst`` with the constant's attribute text."""
        return ScalarConst(self.value).expr()

    def __repr__(self):
        return f"const({self.value})"


class index(TensorExpression):
    """The current iteration index along a dimension of the domain (an
    ``index``-typed value)."""

    def __init__(self, dim: DimDef):
        if not isinstance(dim, DimDef):
            raise ValueError(f"index() expects a dimension (D.x), not {dim!r}")
        self.dim_def = dim
        self.dim = -1

    def resolve_dimension_name(self, affine_state: AffineBuildState):
        """Fixes the position of the dimension in `affine_state`'s domain."""
        self.dim = affine_state.get_dim(self.dim_def.dimname)

    def to_scalar_expression(self) -> ScalarExpression:
        """A ``ScalarIndex`` of the resolved position."""
        if self.dim < 0:
            raise ValueError(f"index({self.dim_def.dimname}) was not resolved "
                             "against an iteration domain")
        return ScalarIndex(self.dim).expr()

    def __repr__(self):
        return f"index({self.dim!r})"


###############################################################################
# Functions
###############################################################################


class _FnType:
    """A function of the DSL, known by name."""

    kind: FunctionKind
    arity: int

    def __init__(self, fn_name: str):
        self.fn_name = fn_name

    def _apply(self, type_var, args) -> TensorFn:
        return TensorFn(self.kind, self.fn_name, None, type_var, args)

    def __repr__(self):
        return self.fn_name


class UnaryFnType(_FnType):
    """A function of one value; calling it on an expression applies it."""

    kind = FunctionKind.UNARY

    def __call__(self, arg: TensorExpression) -> TensorFn:
        return self._apply(None, [arg])


class BinaryFnType(_FnType):
    """A function of two values; calling it on two expressions applies
    it."""

    kind = FunctionKind.BINARY

    def __call__(self, arg0: TensorExpression, arg1: TensorExpression) -> TensorFn:
        return self._apply(None, [arg0, arg1])


class TernaryFnType(_FnType):
    """A function of three values; calling it on three expressions applies
    it."""

    kind = FunctionKind.TERNARY

    def __call__(self, arg0: TensorExpression, arg1: TensorExpression,
                 arg2: TensorExpression) -> TensorFn:
        return self._apply(None, [arg0, arg1, arg2])


class TypeFnType(_FnType):
    """A conversion to the type a type variable stands for; called as
    ``fn(type_var, expr)``."""

    kind = FunctionKind.TYPE

    def __call__(self, type_var: TypeVar, arg: TensorExpression) -> TensorFn:
        if not isinstance(type_var, TypeVar):
            raise ValueError(
                f"{self.fn_name} expects a TypeVar first, not {type_var!r}")
        return self._apply(type_var, [arg])


class UnaryFn:
    """The unary functions (math on floating-point values)."""

    exp = UnaryFnType("exp")
    log = UnaryFnType("log")
    abs = UnaryFnType("abs")
    ceil = UnaryFnType("ceil")
    floor = UnaryFnType("floor")
    negf = UnaryFnType("negf")
    reciprocal = UnaryFnType("reciprocal")
    round = UnaryFnType("round")
    sqrt = UnaryFnType("sqrt")
    rsqrt = UnaryFnType("rsqrt")
    square = UnaryFnType("square")
    tanh = UnaryFnType("tanh")
    erf = UnaryFnType("erf")


class BinaryFn:
    """The binary functions. Integers are signless, so where signedness
    matters there is a signed and an unsigned function (``max_signed``
    builds ``arith.maxsi``, ``max_unsigned`` ``arith.maxui``)."""

    add = BinaryFnType("add")
    sub = BinaryFnType("sub")
    mul = BinaryFnType("mul")
    div = BinaryFnType("div")
    div_unsigned = BinaryFnType("div_unsigned")
    max_signed = BinaryFnType("max_signed")
    min_signed = BinaryFnType("min_signed")
    max_unsigned = BinaryFnType("max_unsigned")
    min_unsigned = BinaryFnType("min_unsigned")
    powf = BinaryFnType("powf")


class TernaryFn:
    """The ternary functions (``select(cond, a, b)``)."""

    select = TernaryFnType("select")


class TypeFn:
    """The type conversions. ``cast_signed`` reads integers as signed
    (i8 -> i32 is ``arith.extsi``), ``cast_unsigned`` as unsigned
    (``arith.extui``)."""

    cast_signed = TypeFnType("cast_signed")
    cast_unsigned = TypeFnType("cast_unsigned")


def _dims_tuple(dims) -> Tuple[DimDef, ...]:
    if isinstance(dims, DimDef):
        return (dims,)
    return tuple(dims)


class ReduceFnUse:
    """A binary function (fixed, or a function attribute operand) reducing
    over the given dimensions; call it on the expression to reduce."""

    def __init__(
        self,
        binary_fn: Optional[BinaryFnType],
        binary_attr: Optional["BinaryFnAttrDef"],
        *reduce_dims: DimDef,
    ):
        if (binary_fn is None) == (binary_attr is None):
            raise ValueError(
                "ReduceFnUse: give exactly one of 'binary_fn', 'binary_attr'")
        for dim in reduce_dims:
            if not isinstance(dim, DimDef):
                raise ValueError(
                    f"Reductions run over dimensions (D.x), not {dim!r}")
        self.binary_fn = binary_fn
        self.binary_attr = binary_attr
        self.reduce_dims = tuple(reduce_dims)

    def __call__(self, *args: TensorExpression) -> TensorReduceFn:
        return TensorReduceFn(self, args)

    def __repr__(self):
        fn = self.binary_fn if self.binary_fn is not None else self.binary_attr
        dims = ", ".join(repr(d) for d in self.reduce_dims)
        return f"reduce_{fn!r}({dims})"


class ReduceFnType:
    """A reduction by a binary function; subscript it with the dimensions
    to reduce (``ReduceFn.add[D.kh, D.kw](expr)``)."""

    def __init__(self, binary_fn: BinaryFnType):
        if not isinstance(binary_fn, BinaryFnType):
            raise ValueError(f"Reduce expected a BinaryFnType but got {binary_fn}")
        self.binary_fn = binary_fn

    def __getitem__(self, reduce_dims) -> ReduceFnUse:
        return ReduceFnUse(self.binary_fn, None, *_dims_tuple(reduce_dims))

    def __repr__(self):
        return f"reduce_{self.binary_fn!r}"


class ReduceFn:
    """The reductions (over the dimensions given by subscript)."""

    add = ReduceFnType(BinaryFn.add)
    mul = ReduceFnType(BinaryFn.mul)
    max_signed = ReduceFnType(BinaryFn.max_signed)
    min_signed = ReduceFnType(BinaryFn.min_signed)
    max_unsigned = ReduceFnType(BinaryFn.max_unsigned)
    min_unsigned = ReduceFnType(BinaryFn.min_unsigned)


###############################################################################
# Operands
###############################################################################


class OperandKind(Enum):
    """The kinds of op operands, in the order an op must declare them:
    inputs (tensors and scalars), outputs, then attributes."""

    INPUT_TENSOR = 0
    SCALAR = 1
    OUTPUT_TENSOR = 2
    INDEX_ATTR = 3
    UNARY_FN_ATTR = 4
    BINARY_FN_ATTR = 5
    TERNARY_FN_ATTR = 6
    TYPE_FN_ATTR = 7


_INPUT_KINDS = (OperandKind.INPUT_TENSOR, OperandKind.SCALAR)
_TENSOR_KINDS = (OperandKind.INPUT_TENSOR, OperandKind.OUTPUT_TENSOR)
_ATTRIBUTE_KINDS = (
    OperandKind.INDEX_ATTR,
    OperandKind.UNARY_FN_ATTR,
    OperandKind.BINARY_FN_ATTR,
    OperandKind.TERNARY_FN_ATTR,
    OperandKind.TYPE_FN_ATTR,
)


class OperandDef:
    """What all operand definitions share: kind, element type variable,
    shape (`size_exprs`), explicit `index_dims`, attribute defaults, and,
    once the op registers it, its name, position and owner."""

    def __init__(
        self,
        kind: OperandKind,
        type_var: Optional[TypeVar] = None,
        size_exprs: Optional[Sequence[AffineExprDef]] = None,
        index_dims: Optional[Sequence[DimDef]] = None,
        default_indices: Optional[Sequence[int]] = None,
        default_fn: Optional[str] = None,
    ):
        if type_var is not None and not isinstance(type_var, TypeVar):
            raise ValueError(f"OperandDef requires a TypeVar but got {type_var!r}")
        self.kind = kind
        self.type_var = type_var
        self.size_exprs = size_exprs
        self.index_dims = index_dims
        self.default_indices = default_indices
        self.default_fn = default_fn
        self.owner: Optional["LinalgOpDef"] = None
        self.name: Optional[str] = None
        self.registered_index = -1

    def attach(self, index: int, name: str, owner: "LinalgOpDef"):
        """Makes this the operand `name` at position `index` of `owner`."""
        if self.owner is not None:
            raise ValueError(f"OperandDef already registered with an op: {self}")
        self.registered_index = index
        self.name = name
        self.owner = owner

    def is_input(self) -> bool:
        """Whether this is an input tensor or a scalar."""
        return self.kind in _INPUT_KINDS

    def is_tensor(self) -> bool:
        """Whether this is an input or output tensor."""
        return self.kind in _TENSOR_KINDS

    def is_attribute(self) -> bool:
        """Whether this is an index or function attribute."""
        return self.kind in _ATTRIBUTE_KINDS

    __hash__ = object.__hash__

    def __repr__(self):
        return (
            f"{self.name}:OperandDef(kind={self.kind.name}, "
            f"type={self.type_var!r}, size_exprs={self.size_exprs}, "
            f"index_dims={self.index_dims}, "
            f"default_indices={self.default_indices}, "
            f"default_fn={self.default_fn})"
        )


class TensorDef:
    """A tensor operand: element type variable, shape as affine
    expressions of symbols, ``output=True`` for outputs.

    ``index_dims`` names, per shape entry, the iteration dimension it
    spans; it gives an indexing map to a tensor that the computation never
    reads (a pooling window, say). Subscript the definition with affine
    expressions to use it (``I[D.n, D.h * S.SH + D.kh]``, ``O[None]`` for
    all of a scalar); assign to a subscript to state a comprehension.
    """

    def __init__(
        self,
        type_var: TypeVar,
        *shape: AffineExprDef,
        index_dims: Optional[Sequence[DimDef]] = None,
        output: bool = False,
    ):
        if index_dims:
            if len(index_dims) != len(shape):
                raise ValueError(
                    f"Expected the shape rank {len(shape)} to match the "
                    f"number of index_dims {len(index_dims)}")
            if not all(isinstance(d, DimDef) for d in index_dims):
                raise ValueError(
                    f"TensorDef requires index dims of type DimDef but got "
                    f"{index_dims}")
        try:
            shape = tuple(AffineExprDef.coerce_from(size) for size in shape)
        except TypeError as e:
            raise ValueError(f"TensorDef shape: {e}") from None
        kind = OperandKind.OUTPUT_TENSOR if output else OperandKind.INPUT_TENSOR
        self.operand_def = OperandDef(kind, type_var=type_var, size_exprs=shape,
                                      index_dims=index_dims)

    def __getitem__(self, dims) -> TensorUse:
        if self.operand_def.owner is None:
            raise ValueError("TensorDef is not registered with an op")
        if not isinstance(dims, tuple):
            dims = (dims,)
        if dims == (None,):
            dims = ()
        for expr in dims:
            if not isinstance(expr, AffineExprDef):
                raise KeyError(
                    "A TensorDef can only be subscripted by a tuple of affine dims")
        return TensorUse(self.operand_def, dims)

    def __setitem__(self, dims, value: TensorExpression):
        """Records ``self[dims] = value`` as a comprehension of the op."""
        if not isinstance(value, TensorExpression):
            raise ValueError(
                "Only TensorExpressions can be assigned to TensorDefs. "
                f"Got: {value!r}")
        use = self[dims]
        self.operand_def.owner.comprehensions.append(Comprehension((use, value)))


class ScalarDef(TensorExpression):
    """A scalar input operand of the given type variable; usable directly
    in expressions."""

    def __init__(self, type_var: TypeVar):
        self.operand_def = OperandDef(OperandKind.SCALAR, type_var=type_var)

    @property
    def scalar_name(self) -> str:
        """The operand's name."""
        name = self.operand_def.name
        if name is None:
            raise ValueError("The ScalarDef is not an operand of an op")
        return name

    def to_scalar_expression(self) -> ScalarExpression:
        """A ``ScalarArg`` naming the operand."""
        return ScalarArg(self.scalar_name).expr()


class IndexAttrDef:
    """An attribute of integers (strides, dilations) whose values replace
    the given symbols in the indexing maps when the op is built; `default`
    gives one value per symbol."""

    def __init__(self, *sizes: SymbolDef, default: Sequence[int]):
        if not all(isinstance(size, SymbolDef) for size in sizes):
            raise ValueError(
                f"IndexAttrDef requires sizes of type SymbolDef but got {sizes}")
        if not all(isinstance(v, int) for v in default):
            raise ValueError(
                f"IndexAttrDef requires default values of type int but got "
                f"{default}")
        if len(sizes) != len(default):
            raise ValueError(
                f"IndexAttrDef expects {len(sizes)} default values but got "
                f"{len(default)}")
        self.operand_def = OperandDef(OperandKind.INDEX_ATTR, size_exprs=sizes,
                                      default_indices=list(default))


def _fn_attr_operand(kind, expected, default):
    if not isinstance(default, expected):
        raise ValueError(
            f"{kind.name.title().replace('_', '')}Def requires default of type "
            f"{expected.__name__} but got {default}")
    return OperandDef(kind, default_fn=default.fn_name)


class UnaryFnAttrDef:
    """An attribute choosing a unary function (`default` unless the op is
    built with another); call it like the function."""

    def __init__(self, default: UnaryFnType):
        self.operand_def = _fn_attr_operand(OperandKind.UNARY_FN_ATTR,
                                            UnaryFnType, default)

    def __call__(self, arg: TensorExpression) -> TensorFn:
        return TensorFn(FunctionKind.UNARY, None, self.operand_def, None, [arg])


class BinaryFnAttrDef:
    """An attribute choosing a binary function (`default` unless the op is
    built with another); call it like the function, or subscript it with
    dimensions to reduce with it."""

    def __init__(self, default: BinaryFnType):
        self.operand_def = _fn_attr_operand(OperandKind.BINARY_FN_ATTR,
                                            BinaryFnType, default)

    def __call__(self, arg0: TensorExpression, arg1: TensorExpression) -> TensorFn:
        return TensorFn(FunctionKind.BINARY, None, self.operand_def, None,
                        [arg0, arg1])

    def __getitem__(self, reduce_dims) -> ReduceFnUse:
        return ReduceFnUse(None, self, *_dims_tuple(reduce_dims))


class TernaryFnAttrDef:
    """An attribute choosing a ternary function (`default` unless the op is
    built with another); call it like the function."""

    def __init__(self, default: TernaryFnType):
        self.operand_def = _fn_attr_operand(OperandKind.TERNARY_FN_ATTR,
                                            TernaryFnType, default)

    def __call__(self, arg0: TensorExpression, arg1: TensorExpression,
                 arg2: TensorExpression) -> TensorFn:
        return TensorFn(FunctionKind.TERNARY, None, self.operand_def, None,
                        [arg0, arg1, arg2])


class TypeFnAttrDef:
    """An attribute choosing a type conversion (`default` unless the op is
    built with another); call it as ``attr(type_var, expr)``."""

    def __init__(self, default: TypeFnType):
        self.operand_def = _fn_attr_operand(OperandKind.TYPE_FN_ATTR,
                                            TypeFnType, default)

    def __call__(self, type_var: TypeVar, arg: TensorExpression) -> TensorFn:
        return TensorFn(FunctionKind.TYPE, None, self.operand_def, type_var, [arg])


###############################################################################
# The op
###############################################################################


class Comprehension:
    """Outputs (tensor uses) assigned values (tensor expressions); a
    reduction on the right is bound to the use it is assigned to."""

    def __init__(self, *bindings: Tuple[TensorUse, TensorExpression]):
        self.definitions: List[TensorUse] = []
        self.values: List[TensorExpression] = []
        for target, value in bindings:
            if isinstance(value, TensorReduceFn):
                if value.lhs is not None:
                    raise ValueError(
                        f"Reduction expression already assigns: {value}")
                value.lhs = target
            self.definitions.append(target)
            self.values.append(value)

    @property
    def all_reduction_dims(self) -> Set[Tuple[DimDef, ...]]:
        """The reduction dimensions of each value (``()`` for values that
        do not reduce), as a set."""
        return {value.reduce_use.reduce_dims
                if isinstance(value, TensorReduceFn) else ()
                for value in self.values}

    def __repr__(self):
        if len(self.definitions) == 1:
            return f"{self.definitions[0]!r} = {self.values[0]!r}"
        lhs = ", ".join(repr(d) for d in self.definitions)
        rhs = ", ".join(repr(v) for v in self.values)
        return f"({lhs}) = ({rhs})"


class OpInterfaceDef:
    """An op interface, by its C++ name, that an op declares with
    ``implements``."""

    def __init__(self, cpp_name: str):
        self.cpp_name = cpp_name


ContractionOpInterface = OpInterfaceDef("LinalgContractionOpInterface")
ConvolutionOpInterface = OpInterfaceDef("LinalgConvolutionOpInterface")
FillOpInterface = OpInterfaceDef("LinalgFillOpInterface")


class OpDefinitionDef:
    """An optional op definition (``hasCanonicalizer``...) that an op
    declares with ``defines``."""

    def __init__(self, def_name: str):
        self.def_name = def_name


Canonicalizer = OpDefinitionDef("hasCanonicalizer")


class OpMetadataDef(YAMLObject):
    """Name, C++ class name, documentation, implemented interfaces and
    declared definitions of an op."""

    yaml_tag = "!LinalgOpMetadata"

    def __init__(self, name: str, cpp_class_name: Optional[str], doc: Optional[str]):
        self.name = name
        self.cpp_class_name = name if cpp_class_name is None else cpp_class_name
        self.doc = doc
        self.implements: List[OpInterfaceDef] = []
        self.defines: List[OpDefinitionDef] = []

    def to_yaml_custom_dict(self):
        """name, cpp_class_name, doc, and implements / defines when set."""
        out = {"name": self.name, "cpp_class_name": self.cpp_class_name,
               "doc": self.doc}
        if self.implements:
            out["implements"] = [i.cpp_name for i in self.implements]
        if self.defines:
            out["defines"] = [d.def_name for d in self.defines]
        return out


# Names of the structured op interface's methods, which attributes may not
# take.
_RESERVED_ATTRIBUTE_NAMES = frozenset((
    "inputs",
    "outputs",
    "result_tensors",
    "region",
    "iterator_types",
    "indexing_maps",
    "getRegionBuilder",
    "getLibraryCallName",
))


class LinalgOpDef:
    """An op being defined: metadata, operands by name (in declaration
    order), iteration domain and comprehensions."""

    def __init__(self, name: str, cpp_class_name: Optional[str] = None,
                 doc: Optional[str] = None):
        self.metadata = OpMetadataDef(name=name, cpp_class_name=cpp_class_name,
                                      doc=doc)
        self.registered_operands: Dict[str, OperandDef] = {}
        self.domain: List[DimDef] = []
        self.comprehensions: List[Comprehension] = []

    def add_operand(self, name: str, operand: OperandDef):
        """Registers `operand` as `name`: inputs must come before outputs,
        and outputs before attributes."""
        if name in self.registered_operands:
            raise ValueError(
                f"The operand {name} is already registered to "
                f"{self.registered_operands[name]}")
        if operand.is_attribute() and name in _RESERVED_ATTRIBUTE_NAMES:
            raise ValueError(
                f"The attribute name {name} conflicts with a structured op "
                "method name")
        earlier = self.registered_operands.values()
        if operand.is_input() and any(not o.is_input() for o in earlier):
            raise ValueError(f"Input {name} registered after an output or attribute")
        if (operand.kind == OperandKind.OUTPUT_TENSOR
                and any(o.is_attribute() for o in earlier)):
            raise ValueError(f"Output {name} registered after an attribute")
        operand.attach(len(self.registered_operands), name, self)
        self.registered_operands[name] = operand

    def __repr__(self):
        lines = [f"LinalgOpDef({self.metadata.name} -> "
                 f"{self.metadata.cpp_class_name},"]
        lines += [f"  {operand}" for operand in self.registered_operands.values()]
        if self.comprehensions:
            lines[-1] += " {"
            lines += [f"    {c}" for c in self.comprehensions]
            lines.append("}")
        return "\n".join(lines)
