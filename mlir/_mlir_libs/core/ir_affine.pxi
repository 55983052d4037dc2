# Affine expressions, affine maps and integer sets: context-owned values
# (immutable, compared and hashed by handle) with Python arithmetic on
# expressions. Every index and position is checked here: MLIR asserts
# instead of reporting.

cdef str _print_affine_expr(MlirAffineExpr e):
    cdef string buf
    mlirCyDeepAffineExprPrint(e, append_to_string, &buf)
    return decode_string(buf)


cdef str _print_affine_map(MlirAffineMap m):
    cdef string buf
    mlirCyDeepAffineMapPrint(m, append_to_string, &buf)
    return decode_string(buf)


cdef str _print_integer_set(MlirIntegerSet s):
    cdef string buf
    mlirCyDeepIntegerSetPrint(s, append_to_string, &buf)
    return decode_string(buf)


cdef object _count_arg(object v, str what):
    """A dimension/symbol count or position: an int in [0, 2**32 - 1] (MLIR
    stores them as unsigned; larger ones would be truncated)."""
    v = _index_arg(v, what)
    if v < 0:
        # Unsigned upstream: nanobind refuses a negative int (TypeError).
        raise _argument_type_error(f"{what} must be >= 0, got {v}")
    if v > 0xFFFFFFFF:
        raise OverflowError(f"{what} must be < 2**32, got {v}")
    return v


cdef class AffineExpr:
    """An affine expression: ``d0 * 2 + s0 floordiv 4`` ... Supports ``+``,
    ``-``, ``*``, ``%`` and ``//`` (floor division) with other expressions
    and ints, plus
    floor_div / ceil_div. Instances come back as their concrete subclass
    (AffineDimExpr, AffineAddExpr, ...)."""
    cdef MlirAffineExpr c_expr
    cdef readonly Context context
    """The Context the expression belongs to."""

    def __init__(self, expr: AffineExpr):
        if not isinstance(expr, AffineExpr):
            raise _argument_type_error(f"expected an AffineExpr, got {type(expr).__name__}")
        check = getattr(type(self), "isinstance", None)
        if type(self) is not AffineExpr and check is not None and not check(expr):
            raise ValueError(f"Cannot cast affine expression to "
                             f"{type(self).__name__} (from {expr})")
        self.c_expr = (<AffineExpr>expr).c_expr
        self.context = (<AffineExpr>expr).context

    def __eq__(self, other):
        if not isinstance(other, AffineExpr):
            return False
        return mlirAffineExprEqual(self.c_expr, (<AffineExpr>other).c_expr)

    def __hash__(self):
        return hash(<uintptr_t>self.c_expr.ptr)

    def __str__(self):
        return _print_affine_expr(self.c_expr)

    def __repr__(self):
        # As upstream: AffineExpr(...) whatever the kind.
        return f"AffineExpr({_print_affine_expr(self.c_expr)})"

    def dump(self):
        """Prints the expression to stderr, for debugging."""
        mlirAffineExprDump(self.c_expr)

    # -- arithmetic --------------------------------------------------------
    def __add__(self, other):
        return _affine_binary(_ADD, self, other)

    def __radd__(self, other):
        return _affine_binary(_ADD, other, self)

    def __mul__(self, other):
        return _affine_binary(_MUL, self, other)

    def __rmul__(self, other):
        return _affine_binary(_MUL, other, self)

    def __mod__(self, other):
        return _affine_binary(_MOD, self, other)

    def __rmod__(self, other):
        return _affine_binary(_MOD, other, self)

    def __floordiv__(self, other):
        return _affine_binary(_FLOORDIV, self, other)

    def __rfloordiv__(self, other):
        return _affine_binary(_FLOORDIV, other, self)

    def __sub__(self, other):
        cdef AffineExpr rhs = _as_affine_expr(other, self.context)
        return _affine_binary(_ADD, self, _affine_binary(_MUL, rhs, -1))

    def __rsub__(self, other):
        cdef AffineExpr lhs = _as_affine_expr(other, self.context)
        return _affine_binary(_ADD, lhs, _affine_binary(_MUL, self, -1))

    def __neg__(self):
        return _affine_binary(_MUL, self, -1)

    def floor_div(self, other: AffineExpr | int) -> AffineExpr:
        """self floordiv other."""
        return _affine_binary(_FLOORDIV, self, other, False)

    def ceil_div(self, other: AffineExpr | int) -> AffineExpr:
        """self ceildiv other."""
        return _affine_binary(_CEILDIV, self, other, False)

    # -- static constructors (as upstream) ----------------------------------
    @staticmethod
    def get_add(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineAddExpr:
        """lhs + rhs; an int operand is taken as a constant expression, and
        at least one operand must be an AffineExpr (TypeError otherwise)."""
        return _affine_binary(_ADD, lhs, rhs, False)

    @staticmethod
    def get_mul(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineMulExpr:
        """lhs * rhs; an int operand is taken as a constant expression, and
        at least one operand must be an AffineExpr (TypeError otherwise)."""
        return _affine_binary(_MUL, lhs, rhs, False)

    @staticmethod
    def get_mod(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineModExpr:
        """lhs mod rhs; an int operand is taken as a constant expression,
        and at least one operand must be an AffineExpr (TypeError
        otherwise); ZeroDivisionError when rhs is the constant 0."""
        return _affine_binary(_MOD, lhs, rhs, False)

    @staticmethod
    def get_floor_div(lhs: AffineExpr | int,
                      rhs: AffineExpr | int) -> AffineFloorDivExpr:
        """lhs floordiv rhs; an int operand is taken as a constant
        expression, and at least one operand must be an AffineExpr
        (TypeError otherwise); ZeroDivisionError when rhs is the constant 0."""
        return _affine_binary(_FLOORDIV, lhs, rhs, False)

    @staticmethod
    def get_ceil_div(lhs: AffineExpr | int,
                     rhs: AffineExpr | int) -> AffineCeilDivExpr:
        """lhs ceildiv rhs; an int operand is taken as a constant
        expression, and at least one operand must be an AffineExpr
        (TypeError otherwise); ZeroDivisionError when rhs is the constant 0."""
        return _affine_binary(_CEILDIV, lhs, rhs, False)

    @staticmethod
    def get_constant(value: int, context=None) -> AffineConstantExpr:
        """The constant expression `value` (as AffineConstantExpr.get)."""
        return AffineConstantExpr.get(value, context=context)

    @staticmethod
    def get_dim(position: int, context=None) -> AffineDimExpr:
        """The dimension expression d<position> (as AffineDimExpr.get)."""
        return AffineDimExpr.get(position, context=context)

    @staticmethod
    def get_symbol(position: int, context=None) -> AffineSymbolExpr:
        """The symbol expression s<position> (as AffineSymbolExpr.get)."""
        return AffineSymbolExpr.get(position, context=context)

    # -- queries and transformations ---------------------------------------
    def compose(self, AffineMap affine_map not None) -> AffineExpr:
        """Replaces each d_i by the i-th result of the map (symbols stay);
        the map needs a result for every dimension the expression uses."""
        cdef intptr_t need = _max_position(self.c_expr, True) + 1
        cdef intptr_t n = mlirAffineMapGetNumResults(affine_map.c_map)
        if need > n:
            raise ValueError(f"cannot compose '{self}' with '{affine_map}': "
                             f"the map must have a result for every "
                             f"dimension of the expression")
        return wrap_affine_expr(self.context, _compose(self.c_expr, affine_map.c_map))

    def shift_dims(self, num_dims: int, shift: int,
                   offset: int = 0) -> AffineExpr:
        """The expression with each dimension d<i>, offset <= i < num_dims,
        renamed d<i + shift>.

        The arguments are ints in [0, 2**32) (TypeError for a negative one,
        OverflowError beyond); OverflowError also when a shifted position
        would be >= 2**32."""
        num_dims = _count_arg(num_dims, "num_dims")
        shift = _count_arg(shift, "shift")
        offset = _count_arg(offset, "offset")
        if _max_position(self.c_expr, True) + shift > 0xFFFFFFFF:
            raise OverflowError("shift_dims: a shifted position would be "
                                ">= 2**32")
        return wrap_affine_expr(self.context, mlirAffineExprShiftDims(
            self.c_expr, num_dims, shift, offset))

    def shift_symbols(self, num_symbols: int, shift: int,
                      offset: int = 0) -> AffineExpr:
        """The expression with each symbol s<i>, offset <= i < num_symbols,
        renamed s<i + shift>.

        The arguments are ints in [0, 2**32) (TypeError for a negative one,
        OverflowError beyond); OverflowError also when a shifted position
        would be >= 2**32."""
        num_symbols = _count_arg(num_symbols, "num_symbols")
        shift = _count_arg(shift, "shift")
        offset = _count_arg(offset, "offset")
        if _max_position(self.c_expr, False) + shift > 0xFFFFFFFF:
            raise OverflowError("shift_symbols: a shifted position would be "
                                ">= 2**32")
        return wrap_affine_expr(self.context, mlirAffineExprShiftSymbols(
            self.c_expr, num_symbols, shift, offset))

    @staticmethod
    def simplify_affine_expr(AffineExpr expr not None, num_dims: int,
                             num_symbols: int) -> AffineExpr:
        """Simplifies `expr` as an expression of num_dims dimensions and
        num_symbols symbols, which must cover the positions it uses."""
        num_dims = _count_arg(num_dims, "num_dims")
        num_symbols = _count_arg(num_symbols, "num_symbols")
        _check_positions(expr, num_dims, num_symbols, "simplify_affine_expr")
        return wrap_affine_expr(expr.context, mlirSimplifyAffineExpr(
            expr.c_expr, num_dims, num_symbols))

    def maybe_downcast(self) -> AffineExpr:
        """This expression as its concrete class (AffineAddExpr, ...)."""
        return wrap_affine_expr(self.context, self.c_expr)

    @property
    def is_symbolic_or_constant(self):
        """Whether the expression involves symbols and constants only."""
        return mlirAffineExprIsSymbolicOrConstant(self.c_expr)

    @property
    def is_pure_affine(self):
        """Whether the expression is pure affine (no mod, floordiv or ceildiv
        by a non-constant)."""
        return mlirAffineExprIsPureAffine(self.c_expr)

    def get_largest_known_divisor(self) -> int:
        """The largest integer known to divide the expression's value, as
        MLIR derives it from the expression's form."""
        return mlirAffineExprGetLargestKnownDivisor(self.c_expr)

    def is_multiple_of(self, factor: int) -> bool:
        """Whether the expression is known to be a multiple of the int
        `factor`."""
        return mlirAffineExprIsMultipleOf(self.c_expr,
                                          _index_arg(factor, "factor"))

    def is_function_of_dim(self, position: int) -> bool:
        """Whether dimension d<position> occurs in the expression
        (`position` an int in [0, 2**32))."""
        return mlirAffineExprIsFunctionOfDim(
            self.c_expr, _count_arg(position, "position"))

    @property
    def _CAPIPtr(self):
        return mlirPythonAffineExprToCapsule(self.c_expr)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_AFFINE_EXPR)
        cdef MlirAffineExpr e = mlirPythonCapsuleToAffineExpr(capsule)
        if e.ptr == NULL:
            raise ValueError("null affine expression in capsule")
        return wrap_affine_expr(context_for_handle(mlirAffineExprGetContext(e)), e)


cdef extern from *:
    """
    // mlirAffineExprCompose is declared with the forward-declared map
    // struct in the mirrors; this wrapper takes the complete one.
    static inline MlirAffineExpr mlircy_compose(MlirAffineExpr e,
                                                MlirAffineMap m) {
      return mlirAffineExprCompose(e, m);
    }
    """
    MlirAffineExpr _compose "mlircy_compose"(MlirAffineExpr e, MlirAffineMap m) noexcept


cdef enum _AffineOp:
    _ADD, _MUL, _MOD, _FLOORDIV, _CEILDIV


cdef AffineExpr _as_affine_expr(object v, Context ctx):
    """An AffineExpr, or an int (anything with __index__: bool, numpy
    integers, as upstream's int parameters) as a constant expression."""
    if isinstance(v, AffineExpr):
        return <AffineExpr>v
    cdef int64_t c
    if not isinstance(v, float):
        try:
            c = PyNumber_Index(v)
        except TypeError:
            pass
        else:
            return wrap_affine_expr(ctx, mlirAffineConstantExprGet(ctx.c_context, c))
    raise _argument_type_error(f"expected an AffineExpr or int, not {type(v).__name__}")


cdef int _check_affine_operands(object lhs, object rhs) except -1:
    """TypeError unless both are AffineExprs."""
    for v in (lhs, rhs):
        if not isinstance(v, AffineExpr):
            raise _argument_type_error(f"expected an AffineExpr, not {type(v).__name__}")
    return 0


cdef object _affine_binary(_AffineOp op, object lhs, object rhs,
                           bint operator=True):
    """lhs <op> rhs. For an operator (operator=True) an operand of another
    type gives NotImplemented, so Python tries the other side; for the
    get_* constructors it is a TypeError, as upstream."""
    cdef Context ctx
    if isinstance(lhs, AffineExpr):
        ctx = (<AffineExpr>lhs).context
    elif isinstance(rhs, AffineExpr):
        ctx = (<AffineExpr>rhs).context
    else:
        raise _argument_type_error("at least one operand must be an AffineExpr")
    cdef AffineExpr l, r
    try:
        l = _as_affine_expr(lhs, ctx)
        r = _as_affine_expr(rhs, ctx)
    except TypeError:
        if not operator:
            raise
        return NotImplemented
    if l.context is not r.context:
        raise ValueError("affine expressions from different contexts")
    cdef MlirAffineExpr e
    # As upstream, semi-affine expressions (d0 * d1, d0 mod d1) and negative
    # constant divisors are built (MLIR keeps them unsimplified); a zero
    # constant divisor is refused: folding it would divide by zero.
    if op != _ADD and op != _MUL and mlirAffineExprIsAConstant(r.c_expr) \
            and mlirAffineConstantExprGetValue(r.c_expr) == 0:
        raise ZeroDivisionError("the right-hand side of mod, floordiv and "
                                "ceildiv must not be zero")
    if op == _ADD:
        e = mlirAffineAddExprGet(l.c_expr, r.c_expr)
    elif op == _MUL:
        e = mlirAffineMulExprGet(l.c_expr, r.c_expr)
    elif op == _MOD:
        e = mlirAffineModExprGet(l.c_expr, r.c_expr)
    elif op == _FLOORDIV:
        e = mlirAffineFloorDivExprGet(l.c_expr, r.c_expr)
    else:
        e = mlirAffineCeilDivExprGet(l.c_expr, r.c_expr)
    return wrap_affine_expr(ctx, e)


cdef intptr_t _max_position(MlirAffineExpr e, bint dims):
    """Largest dimension (or symbol) position used by e, -1 if none."""
    if mlirAffineExprIsADim(e):
        return mlirAffineDimExprGetPosition(e) if dims else -1
    if mlirAffineExprIsASymbol(e):
        return -1 if dims else mlirAffineSymbolExprGetPosition(e)
    if mlirAffineExprIsABinary(e):
        return max(_max_position(mlirAffineBinaryOpExprGetLHS(e), dims),
                   _max_position(mlirAffineBinaryOpExprGetRHS(e), dims))
    return -1


cdef class AffineConstantExpr(AffineExpr):
    """An affine integer constant."""
    @staticmethod
    def get(value: int, context=None) -> AffineConstantExpr:
        """The constant expression `value`, an int of 64 bits at most, in
        `context` or the current Context."""
        cdef Context ctx = resolve_context(context)
        cdef int64_t v = _index_arg(value, "value")
        return wrap_affine_expr(ctx, mlirAffineConstantExprGet(ctx.c_context, v))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an AffineExpr that is a constant."""
        return isinstance(other, AffineExpr) and mlirAffineExprIsAConstant(
            (<AffineExpr>other).c_expr)

    @property
    def value(self) -> int:
        """The constant's value (an int)."""
        return mlirAffineConstantExprGetValue(self.c_expr)


cdef class AffineDimExpr(AffineExpr):
    """An affine dimension identifier `d<position>`."""
    @staticmethod
    def get(position: int, context=None) -> AffineDimExpr:
        """The dimension expression d<position>, in `context` or the current
        Context; `position` is an int in [0, 2**32)."""
        cdef Context ctx = resolve_context(context)
        position = _count_arg(position, "dimension position")
        return wrap_affine_expr(ctx, mlirAffineDimExprGet(ctx.c_context, position))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an AffineExpr that is a dimension (d<i>)."""
        return isinstance(other, AffineExpr) and mlirAffineExprIsADim(
            (<AffineExpr>other).c_expr)

    @property
    def position(self) -> int:
        """The dimension's position (an int)."""
        return mlirAffineDimExprGetPosition(self.c_expr)


cdef class AffineSymbolExpr(AffineExpr):
    """An affine symbol identifier `s<position>`."""
    @staticmethod
    def get(position: int, context=None) -> AffineSymbolExpr:
        """The symbol expression s<position>, in `context` or the current
        Context; `position` is an int in [0, 2**32)."""
        cdef Context ctx = resolve_context(context)
        position = _count_arg(position, "symbol position")
        return wrap_affine_expr(ctx, mlirAffineSymbolExprGet(ctx.c_context, position))

    @staticmethod
    def isinstance(other):
        """Whether `other` is an AffineExpr that is a symbol (s<i>)."""
        return isinstance(other, AffineExpr) and mlirAffineExprIsASymbol(
            (<AffineExpr>other).c_expr)

    @property
    def position(self) -> int:
        """The symbol's position (an int)."""
        return mlirAffineSymbolExprGetPosition(self.c_expr)


cdef class AffineBinaryExpr(AffineExpr):
    """Base of the binary affine expressions (sum, product, modulo, floor and
    ceiling division)."""
    @staticmethod
    def isinstance(other):
        """Whether `other` is an AffineExpr that is a binary operation (sum,
        product, mod, floordiv or ceildiv)."""
        return isinstance(other, AffineExpr) and mlirAffineExprIsABinary(
            (<AffineExpr>other).c_expr)

    @property
    def lhs(self) -> AffineExpr:
        """The left-hand operand (an AffineExpr)."""
        return wrap_affine_expr(self.context, mlirAffineBinaryOpExprGetLHS(self.c_expr))

    @property
    def rhs(self) -> AffineExpr:
        """The right-hand operand (an AffineExpr)."""
        return wrap_affine_expr(self.context, mlirAffineBinaryOpExprGetRHS(self.c_expr))


# AffineAddExpr, AffineMulExpr, AffineModExpr, AffineFloorDivExpr,
# AffineCeilDivExpr: gen/builtin_classes.toml.
include "generated/affine_binary.pxi"


cdef AffineExpr wrap_affine_expr(Context ctx, MlirAffineExpr e):
    """An expression as its concrete class."""
    if e.ptr == NULL:
        raise ValueError("invalid affine expression")
    cdef type cls
    if mlirAffineExprIsADim(e):
        cls = AffineDimExpr
    elif mlirAffineExprIsASymbol(e):
        cls = AffineSymbolExpr
    elif mlirAffineExprIsAConstant(e):
        cls = AffineConstantExpr
    elif mlirAffineExprIsAAdd(e):
        cls = AffineAddExpr
    elif mlirAffineExprIsAMul(e):
        cls = AffineMulExpr
    elif mlirAffineExprIsAMod(e):
        cls = AffineModExpr
    elif mlirAffineExprIsAFloorDiv(e):
        cls = AffineFloorDivExpr
    elif mlirAffineExprIsACeilDiv(e):
        cls = AffineCeilDivExpr
    else:
        cls = AffineExpr
    cdef AffineExpr r = <AffineExpr>_new_instance(<PyObject*>cls)
    r.c_expr = e
    r.context = ctx
    return r


cdef list _strict_exprs(object exprs, Context ctx, str action):
    """The items of `exprs`, each of which must be an AffineExpr (no int
    promotion here, as upstream): None or another object raises
    upstream's RuntimeError naming `action` ("attempting to create an
    AffineMap", ...); an expression of another Context is a ValueError.
    Not a list at all: upstream's binding-layer TypeError."""
    if not is_sequence_arg(exprs):
        raise _argument_type_error(f"exprs must be a list, not "
                                   f"{type(exprs).__name__}")
    cdef list out = []
    for v in exprs:
        if v is None:
            raise RuntimeError(f"Invalid expression (None?) when {action}")
        if not isinstance(v, AffineExpr):
            raise RuntimeError(f"Invalid expression when {action} "
                               f"(std::bad_cast)")
        out.append(v)
    for v in out:
        if (<AffineExpr>v).context is not ctx:
            raise ValueError(f"Invalid expression when {action}: an "
                             f"expression of another Context")
    return out


cdef int _fill_exprs(vector[MlirAffineExpr]& out, list exprs,
                     intptr_t n_dims, intptr_t n_symbols, str what) except -1:
    """Copies the handles of `exprs` (AffineExprs, see _strict_exprs) into
    `out`, checking their positions against the counts."""
    cdef AffineExpr e
    out.clear()
    for v in exprs:
        e = <AffineExpr>v
        _check_positions(e, n_dims, n_symbols, what)
        out.push_back(e.c_expr)
    return 0


cdef int _check_positions(AffineExpr e, intptr_t n_dims, intptr_t n_symbols,
                          str what) except -1:
    """ValueError unless e's dimensions and symbols are < the counts (MLIR
    indexes arrays of that size by them)."""
    if _max_position(e.c_expr, True) >= n_dims:
        raise ValueError(f"{what}: '{e}' uses a dimension >= {n_dims}")
    if _max_position(e.c_expr, False) >= n_symbols:
        raise ValueError(f"{what}: '{e}' uses a symbol >= {n_symbols}")
    return 0


cdef class AffineExprList:
    """The results of an AffineMap, as a read-only sequence."""
    cdef AffineMap map

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "AffineExprList objects come from AffineMap.results")

    def __len__(self):
        return mlirAffineMapGetNumResults(self.map.c_map)

    def __getitem__(self, index):
        cdef intptr_t n = mlirAffineMapGetNumResults(self.map.c_map)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(n))]
        cdef intptr_t i = _index_arg(index, "index")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("index out of range")
        return wrap_affine_expr(self.map.context,
                                mlirAffineMapGetResult(self.map.c_map, i))

    def __add__(self, other):
        """The results of both lists, as a list (as upstream)."""
        if not isinstance(self, AffineExprList) or \
                not isinstance(other, AffineExprList):
            return NotImplemented
        return list(self) + list(other)

    def __iter__(self):
        cdef intptr_t i
        for i in range(mlirAffineMapGetNumResults(self.map.c_map)):
            yield wrap_affine_expr(self.map.context,
                                   mlirAffineMapGetResult(self.map.c_map, i))

    def __repr__(self):
        return f"[{', '.join(str(e) for e in self)}]"


cdef class AffineMap:
    """(d0, d1)[s0] -> (d0 + s0, d1): dims, symbols and result expressions."""
    cdef MlirAffineMap c_map
    cdef readonly Context context
    """The Context the map belongs to."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "AffineMaps are made by AffineMap.get* or parsed "
                              "through AffineMapAttr")

    def __eq__(self, other):
        if not isinstance(other, AffineMap):
            return False
        return mlirAffineMapEqual(self.c_map, (<AffineMap>other).c_map)

    def __hash__(self):
        return hash(<uintptr_t>self.c_map.ptr)

    def __str__(self):
        return _print_affine_map(self.c_map)

    def __repr__(self):
        return f"AffineMap({_print_affine_map(self.c_map)})"

    def dump(self):
        """Prints the map to stderr, for debugging."""
        mlirAffineMapDump(self.c_map)

    @staticmethod
    def get(dim_count: int, symbol_count: int, exprs: Sequence[AffineExpr],
            context=None) -> AffineMap:
        """The map of `dim_count` dimensions and `symbol_count` symbols
        whose results are `exprs`, in `context` or the current Context.

        RuntimeError for an item that is not an AffineExpr, as upstream;
        ValueError for one of another Context or using a dimension or symbol
        beyond the counts."""
        cdef Context ctx = resolve_context(context)
        dim_count = _count_arg(dim_count, "dim_count")
        symbol_count = _count_arg(symbol_count, "symbol_count")
        cdef list checked = _strict_exprs(
            exprs, ctx, "attempting to create an AffineMap")
        cdef vector[MlirAffineExpr] es
        _fill_exprs(es, checked, dim_count, symbol_count, "AffineMap.get")
        return wrap_affine_map(ctx, mlirAffineMapGet(
            ctx.c_context, dim_count, symbol_count, es.size(), es.data()))

    @staticmethod
    def get_constant(value: int, context=None) -> AffineMap:
        """The map () -> (value), without dimensions or symbols; `value` is
        an int of 64 bits at most."""
        cdef Context ctx = resolve_context(context)
        cdef int64_t v = _index_arg(value, "value")
        return wrap_affine_map(ctx, mlirAffineMapConstantGet(ctx.c_context, v))

    @staticmethod
    def get_empty(context=None) -> AffineMap:
        """The empty map () -> (), in `context` or the current Context."""
        cdef Context ctx = resolve_context(context)
        return wrap_affine_map(ctx, mlirAffineMapEmptyGet(ctx.c_context))

    @staticmethod
    def get_zero_result(dim_count: int, symbol_count: int,
                        context=None) -> AffineMap:
        """The map of `dim_count` dimensions and `symbol_count` symbols with
        no results."""
        cdef Context ctx = resolve_context(context)
        dim_count = _count_arg(dim_count, "dim_count")
        symbol_count = _count_arg(symbol_count, "symbol_count")
        return wrap_affine_map(ctx, mlirAffineMapZeroResultGet(
            ctx.c_context, dim_count, symbol_count))

    @staticmethod
    def get_identity(n_dims: int, context=None) -> AffineMap:
        """The identity map of `n_dims` dimensions, each result the
        dimension of its position."""
        cdef Context ctx = resolve_context(context)
        n_dims = _count_arg(n_dims, "n_dims")
        return wrap_affine_map(ctx, mlirAffineMapMultiDimIdentityGet(
            ctx.c_context, n_dims))

    @staticmethod
    def get_minor_identity(n_dims: int, n_results: int,
                           context=None) -> AffineMap:
        """The map of `n_dims` dimensions whose results are its last
        `n_results` dimensions, in order; ValueError unless n_results <=
        n_dims."""
        cdef Context ctx = resolve_context(context)
        n_dims = _count_arg(n_dims, "n_dims")
        n_results = _count_arg(n_results, "n_results")
        if n_results > n_dims:
            raise ValueError(f"minor identity needs 0 <= n_results <= n_dims, "
                             f"got n_dims={n_dims}, n_results={n_results}")
        return wrap_affine_map(ctx, mlirAffineMapMinorIdentityGet(
            ctx.c_context, n_dims, n_results))

    @staticmethod
    def get_permutation(permutation: Sequence[int], context=None) -> AffineMap:
        """The map (d0, ..., dn-1) -> (d<p0>, ..., d<pn-1>) of a
        permutation of range(n); RuntimeError for any other sequence of
        non-negative ints, upstream's TypeError for anything else."""
        if not _is_sequence_arg(permutation) or \
                (context is not None and not isinstance(context, Context)) or \
                not all(_is_int_arg(p) and int(p) >= 0 for p in permutation):
            raise _incompatible_arguments(
                "get_permutation",
                ("get_permutation(permutation: collections.abc.Sequence[int], "
                 "context: Context | None = None) -> "
                 f"{_UPSTREAM_IR}.AffineMap",),
                (permutation,),
                {"context": context} if context is not None else {})
        cdef Context ctx = resolve_context(context)
        perm = [int(p) for p in permutation]
        if not perm:
            # MLIR asserts on it (upstream crashes).
            raise RuntimeError("Invalid permutation when attempting to "
                               "create an AffineMap: the permutation is empty")
        if sorted(perm) != list(range(len(perm))):
            raise RuntimeError("Invalid permutation when attempting to "
                               "create an AffineMap")
        cdef vector[unsigned int] c_perm
        for p in perm:
            c_perm.push_back(p)
        return wrap_affine_map(ctx, mlirAffineMapPermutationGet(
            ctx.c_context, c_perm.size(), c_perm.data()))

    def get_submap(self, result_positions: Sequence[int]) -> AffineMap:
        """The map with the same dimensions and symbols keeping the results
        at `result_positions` (ints), in that order; ValueError for a
        position out of range."""
        cdef intptr_t n = mlirAffineMapGetNumResults(self.c_map)
        cdef vector[intptr_t] pos
        if not is_sequence_arg(result_positions):
            raise _argument_type_error(
                f"result_positions must be a sequence of ints, not "
                f"{type(result_positions).__name__}")
        for p in result_positions:
            p = _index_arg(p, "result position")
            if p < 0 or p >= n:
                raise ValueError("result position out of bounds")
            pos.push_back(p)
        return wrap_affine_map(self.context, mlirAffineMapGetSubMap(
            self.c_map, pos.size(), pos.data()))

    def get_major_submap(self, n_results: int) -> AffineMap:
        """The map keeping the first n_results results; as upstream,
        0 < n_results < len(self.results) (ValueError otherwise)."""
        n_results = _index_arg(n_results, "n_results")
        if n_results <= 0 or n_results >= mlirAffineMapGetNumResults(self.c_map):
            raise ValueError("number of results out of bounds")
        return wrap_affine_map(self.context, mlirAffineMapGetMajorSubMap(
            self.c_map, n_results))

    def get_minor_submap(self, n_results: int) -> AffineMap:
        """The map keeping the last n_results results; as upstream,
        0 < n_results < len(self.results) (ValueError otherwise)."""
        n_results = _index_arg(n_results, "n_results")
        if n_results <= 0 or n_results >= mlirAffineMapGetNumResults(self.c_map):
            raise ValueError("number of results out of bounds")
        return wrap_affine_map(self.context, mlirAffineMapGetMinorSubMap(
            self.c_map, n_results))

    def replace(self, AffineExpr expr not None, AffineExpr replacement not None,
                n_result_dims: int, n_result_syms: int) -> AffineMap:
        """Replaces `expr` by `replacement` in every result; the new map has
        n_result_dims dimensions and n_result_syms symbols, which must cover
        the positions its results use."""
        n_result_dims = _count_arg(n_result_dims, "n_result_dims")
        n_result_syms = _count_arg(n_result_syms, "n_result_syms")
        if expr.context is not self.context:
            raise ValueError("replace: expr is an expression of another "
                             "Context")
        if replacement.context is not self.context:
            raise ValueError("replace: replacement is an expression of "
                             "another Context")
        _check_positions(replacement, n_result_dims, n_result_syms,
                         "replace")
        cdef AffineMap r = wrap_affine_map(self.context, mlirAffineMapReplace(
            self.c_map, expr.c_expr, replacement.c_expr, n_result_dims,
            n_result_syms))
        cdef AffineExpr res
        for res in r.results:
            _check_positions(res, n_result_dims, n_result_syms, "replace")
        return r

    @staticmethod
    def compress_unused_symbols(affine_maps: Sequence[AffineMap],
                                context=None) -> list[AffineMap]:
        """The maps without the symbols none of them uses; the maps must
        be of one Context (`context`, if given, must be it)."""
        cdef Context ctx = None
        cdef vector[MlirAffineMap] maps
        for m in affine_maps:
            if not isinstance(m, AffineMap):
                raise TypeError(f"expected AffineMap, got {type(m).__name__}")
            if ctx is None:
                ctx = (<AffineMap>m).context
            elif (<AffineMap>m).context is not ctx:
                raise ValueError("compress_unused_symbols: affine maps of "
                                 "different Contexts")
            maps.push_back((<AffineMap>m).c_map)
        if context is not None and ctx is not None and \
                resolve_context(context) is not ctx:
            raise ValueError("compress_unused_symbols: the affine maps are "
                             "not of `context`")
        cdef vector[MlirAffineMap] out
        out.resize(maps.size())
        mlirAffineMapCompressUnusedSymbols(maps.data(), maps.size(),
                                           <void*>out.data(), _store_map)
        return [wrap_affine_map(ctx, out[i]) for i in range(out.size())]

    @property
    def results(self) -> AffineExprList:
        """The result expressions (a list-like of AffineExpr)."""
        cdef AffineExprList l = AffineExprList.__new__(AffineExprList)
        l.map = self
        return l

    @property
    def n_dims(self):
        """The number of dimensions."""
        return mlirAffineMapGetNumDims(self.c_map)

    @property
    def n_symbols(self):
        """The number of symbols."""
        return mlirAffineMapGetNumSymbols(self.c_map)

    @property
    def n_inputs(self):
        """The number of inputs (dimensions and symbols)."""
        return mlirAffineMapGetNumInputs(self.c_map)

    @property
    def is_permutation(self):
        """Whether the map is a permutation of its dimensions."""
        return mlirAffineMapIsPermutation(self.c_map)

    @property
    def is_projected_permutation(self):
        """Whether the map is a projected permutation (each result a distinct
        dimension)."""
        return mlirAffineMapIsProjectedPermutation(self.c_map)

    @property
    def is_identity(self):
        """Whether the map is an identity map."""
        return mlirAffineMapIsIdentity(self.c_map)

    @property
    def is_minor_identity(self):
        """Whether the map is a minor identity (an identity on its last
        dimensions)."""
        return mlirAffineMapIsMinorIdentity(self.c_map)

    @property
    def is_empty(self):
        """Whether the map has no dimensions, symbols or results."""
        return mlirAffineMapIsEmpty(self.c_map)

    @property
    def is_single_constant(self):
        """Whether the map has a single constant result."""
        return mlirAffineMapIsSingleConstant(self.c_map)

    @property
    def single_constant_result(self) -> int:
        """The value of the single constant result (is_single_constant must
        hold)."""
        if not mlirAffineMapIsSingleConstant(self.c_map):
            raise ValueError("the map does not have a single constant result")
        return mlirAffineMapGetSingleConstantResult(self.c_map)

    @property
    def _CAPIPtr(self):
        return mlirPythonAffineMapToCapsule(self.c_map)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_AFFINE_MAP)
        cdef MlirAffineMap m = mlirPythonCapsuleToAffineMap(capsule)
        if m.ptr == NULL:
            raise ValueError("null affine map in capsule")
        return wrap_affine_map(context_for_handle(mlirAffineMapGetContext(m)), m)


cdef void _store_map(void* out, intptr_t i, MlirAffineMap m) noexcept nogil:
    (<MlirAffineMap*>out)[i] = m


cdef AffineMap wrap_affine_map(Context ctx, MlirAffineMap m):
    if m.ptr == NULL:
        raise ValueError("invalid affine map")
    cdef AffineMap r = AffineMap.__new__(AffineMap)
    r.c_map = m
    r.context = ctx
    return r


@cython.final
cdef class IntegerSetConstraint:
    """One constraint of an IntegerSet: `expr == 0` or `expr >= 0`."""
    cdef IntegerSet set
    cdef intptr_t pos

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "IntegerSetConstraint objects come from IntegerSet.constraints")

    @property
    def expr(self) -> AffineExpr:
        """The constraint's affine expression (compared with zero)."""
        return wrap_affine_expr(self.set.context,
                                mlirIntegerSetGetConstraint(self.set.c_set, self.pos))

    @property
    def is_eq(self):
        """Whether the constraint is an equality (== 0) rather than an
        inequality (>= 0)."""
        return mlirIntegerSetIsConstraintEq(self.set.c_set, self.pos)

    def __repr__(self):
        return f"IntegerSetConstraint({self.expr} {'==' if self.is_eq else '>='} 0)"


cdef class IntegerSetConstraintList:
    """The constraints of an IntegerSet: indexable and iterable."""
    cdef IntegerSet set

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "IntegerSetConstraintList objects come from IntegerSet.constraints")

    def __len__(self):
        return mlirIntegerSetGetNumConstraints(self.set.c_set)

    def __getitem__(self, index):
        cdef intptr_t n = mlirIntegerSetGetNumConstraints(self.set.c_set)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(n))]
        cdef intptr_t i = _index_arg(index, "index")
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("index out of range")
        cdef IntegerSetConstraint c = IntegerSetConstraint.__new__(IntegerSetConstraint)
        c.set = self.set
        c.pos = i
        return c

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __add__(self, other):
        """The constraints of both lists, as a list (as upstream)."""
        if not isinstance(self, IntegerSetConstraintList) or \
                not isinstance(other, IntegerSetConstraintList):
            return NotImplemented
        return list(self) + list(other)


cdef class IntegerSet:
    """(d0)[s0] : (d0 - s0 >= 0, d0 == 0): affine constraints."""
    cdef MlirIntegerSet c_set
    cdef readonly Context context
    """The Context the set belongs to."""

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "IntegerSets are made by IntegerSet.get*")

    def __eq__(self, other):
        if not isinstance(other, IntegerSet):
            return False
        return mlirIntegerSetEqual(self.c_set, (<IntegerSet>other).c_set)

    def __hash__(self):
        return hash(<uintptr_t>self.c_set.ptr)

    def __str__(self):
        return _print_integer_set(self.c_set)

    def __repr__(self):
        return f"IntegerSet({_print_integer_set(self.c_set)})"

    def dump(self):
        """Prints the set to stderr, for debugging."""
        mlirIntegerSetDump(self.c_set)

    @staticmethod
    def get(num_dims: int, num_symbols: int, exprs: Sequence[AffineExpr],
            eq_flags: Sequence[bool], context=None) -> IntegerSet:
        """The set of `num_dims` dimensions and `num_symbols` symbols with
        the constraints `exprs`: each `== 0` where its `eq_flags` item is
        true, `>= 0` otherwise.

        ValueError for empty or mismatched lists, or positions beyond the
        counts; RuntimeError for an item that is not an AffineExpr, as
        upstream."""
        cdef Context ctx = resolve_context(context)
        num_dims = _count_arg(num_dims, "num_dims")
        num_symbols = _count_arg(num_symbols, "num_symbols")
        # The arguments' kinds first, as upstream's binding layer checks
        # them (TypeError), then their values.
        if not is_sequence_arg(exprs):
            raise _argument_type_error(f"exprs must be a list, not "
                                       f"{type(exprs).__name__}")
        if not is_sequence_arg(eq_flags):
            raise _argument_type_error(f"eq_flags must be a sequence of bool, "
                                       f"not {type(eq_flags).__name__}")
        exprs = list(exprs)
        flags = list(eq_flags)
        for f in flags:
            if f is not True and f is not False:
                raise _argument_type_error(f"eq_flags must hold bools, not "
                                           f"{type(f).__name__}")
        if len(exprs) != len(flags):
            raise ValueError("Expected the number of constraints to match "
                             "that of equality flags")
        if not exprs:
            raise ValueError("Expected non-empty list of constraints")
        cdef list checked = _strict_exprs(
            exprs, ctx, "attempting to create an IntegerSet")
        cdef vector[MlirAffineExpr] es
        _fill_exprs(es, checked, num_dims, num_symbols, "IntegerSet.get")
        cdef vector[char] c_flags
        cdef char flag
        for f in flags:
            # (a typed local: Cython passes a conditional expression to
            # push_back through a dangling reference)
            flag = 1 if f else 0
            c_flags.push_back(flag)
        return wrap_integer_set(ctx, mlirIntegerSetGet(
            ctx.c_context, num_dims, num_symbols, es.size(), es.data(),
            <const bool*>c_flags.data()))

    @staticmethod
    def get_empty(num_dims: int, num_symbols: int, context=None) -> IntegerSet:
        """The canonical empty set (no point satisfies it) of `num_dims`
        dimensions and `num_symbols` symbols."""
        cdef Context ctx = resolve_context(context)
        num_dims = _count_arg(num_dims, "num_dims")
        num_symbols = _count_arg(num_symbols, "num_symbols")
        return wrap_integer_set(ctx, mlirIntegerSetEmptyGet(
            ctx.c_context, num_dims, num_symbols))

    def get_replaced(self, dim_exprs: Sequence[AffineExpr],
                     symbol_exprs: Sequence[AffineExpr], num_result_dims: int,
                     num_result_symbols: int) -> IntegerSet:
        """The set with each dimension replaced by the matching expression
        of `dim_exprs` and each symbol by that of `symbol_exprs`, over
        `num_result_dims` dimensions and `num_result_symbols` symbols.

        ValueError when a list's length differs from n_dims or n_symbols, or
        an expression uses positions beyond the new counts."""
        num_result_dims = _count_arg(num_result_dims, "num_result_dims")
        num_result_symbols = _count_arg(num_result_symbols,
                                        "num_result_symbols")
        cdef intptr_t nd = mlirIntegerSetGetNumDims(self.c_set)
        cdef intptr_t ns = mlirIntegerSetGetNumSymbols(self.c_set)
        dim_exprs = list(dim_exprs)
        symbol_exprs = list(symbol_exprs)
        if len(dim_exprs) != nd:
            raise ValueError("Expected the number of dimension replacement "
                             "expressions to match that of dimensions")
        if len(symbol_exprs) != ns:
            raise ValueError("Expected the number of symbol replacement "
                             "expressions to match that of symbols")
        dim_exprs = _strict_exprs(
            dim_exprs, self.context,
            "attempting to create an IntegerSet by replacing dimensions")
        symbol_exprs = _strict_exprs(
            symbol_exprs, self.context,
            "attempting to create an IntegerSet by replacing symbols")
        cdef vector[MlirAffineExpr] ds, ss
        _fill_exprs(ds, dim_exprs, num_result_dims, num_result_symbols,
                    "get_replaced")
        _fill_exprs(ss, symbol_exprs, num_result_dims, num_result_symbols,
                    "get_replaced")
        return wrap_integer_set(self.context, mlirIntegerSetReplaceGet(
            self.c_set, ds.data(), ss.data(), num_result_dims,
            num_result_symbols))

    @property
    def is_canonical_empty(self):
        """Whether the set is the canonical empty set."""
        return mlirIntegerSetIsCanonicalEmpty(self.c_set)

    @property
    def n_dims(self):
        """The number of dimensions."""
        return mlirIntegerSetGetNumDims(self.c_set)

    @property
    def n_symbols(self):
        """The number of symbols."""
        return mlirIntegerSetGetNumSymbols(self.c_set)

    @property
    def n_inputs(self):
        """The number of inputs (dimensions and symbols)."""
        return mlirIntegerSetGetNumInputs(self.c_set)

    @property
    def n_equalities(self):
        """The number of equality constraints."""
        return mlirIntegerSetGetNumEqualities(self.c_set)

    @property
    def n_inequalities(self):
        """The number of inequality constraints."""
        return mlirIntegerSetGetNumInequalities(self.c_set)

    @property
    def constraints(self) -> IntegerSetConstraintList:
        """The set's constraints (an IntegerSetConstraintList)."""
        cdef IntegerSetConstraintList l = IntegerSetConstraintList.__new__(
            IntegerSetConstraintList)
        l.set = self
        return l

    @property
    def _CAPIPtr(self):
        return mlirPythonIntegerSetToCapsule(self.c_set)

    @staticmethod
    def _CAPICreate(capsule):
        check_capsule(capsule, MLIR_PYTHON_CAPSULE_INTEGER_SET)
        cdef MlirIntegerSet s = mlirPythonCapsuleToIntegerSet(capsule)
        if s.ptr == NULL:
            raise ValueError("null integer set in capsule")
        return wrap_integer_set(context_for_handle(mlirIntegerSetGetContext(s)), s)


cdef IntegerSet wrap_integer_set(Context ctx, MlirIntegerSet s):
    if s.ptr == NULL:
        raise ValueError("invalid integer set")
    cdef IntegerSet r = IntegerSet.__new__(IntegerSet)
    r.c_set = s
    r.context = ctx
    return r


_AFFINE_NAMES = [
    "AffineExpr", "AffineConstantExpr", "AffineDimExpr", "AffineSymbolExpr",
    "AffineBinaryExpr", *_AFFINE_BINARY_NAMES, "AffineExprList", "AffineMap",
    "IntegerSet", "IntegerSetConstraint", "IntegerSetConstraintList",
]
