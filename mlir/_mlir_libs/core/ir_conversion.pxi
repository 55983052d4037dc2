# Dialect conversion (mlir.rewrite): MLIR's dialect conversion driver
# (csrc/lib/Conversion.cpp), with 1:1 conversion patterns written in Python
# (RewritePatternSet.add_conversion) and type conversions written in Python
# (TypeConverter.add_conversion), as upstream's later bindings have them.
# A run is bracketed like the other drivers (see the top of
# ir_rewrite.pxi). MLIR keeps what a pattern replaced or erased in place until the
# conversion ends (it may still roll the pattern back): patterns are
# refused such operations, and everything nested in them, for the rest of
# the run. Objects of blocks and values made during a pattern are checked
# again after it (the driver may have rolled the pattern back).

class DialectConversionFoldingMode(enum.Enum):
    """When a dialect conversion folds operations: NEVER, BEFORE_PATTERNS or
    AFTER_PATTERNS."""
    NEVER = MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_NEVER
    BEFORE_PATTERNS = MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_BEFORE_PATTERNS
    AFTER_PATTERNS = MLIR_CY_DIALECT_CONVERSION_FOLDING_MODE_AFTER_PATTERNS


cdef int _check_not_gone(_Driver d, MlirOperation op, str what) except -1:
    """Refuses an operation that this conversion's patterns replaced or
    erased, or one nested in such an operation."""
    cdef MlirOperation it = op
    while it.ptr != NULL and it.ptr != d.root.ptr:
        if <uintptr_t>it.ptr in d.gone:
            raise ValueError(
                f"{what} was replaced or erased by a pattern of this "
                "conversion" + ("" if it.ptr == op.ptr else
                                " (an operation it is nested in was)"))
        it = mlirOperationGetParentOperation(it)
    return 0


@cython.final
cdef class ConversionPatternRewriter(PatternRewriter):
    """The rewriter handed to a conversion pattern (for the duration of the
    call): a PatternRewriter that also converts the types of a region's
    block arguments."""
    cdef MlirCyConversionPatternRewriter c_conv

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "ConversionPatternRewriter objects are handed to "
                              "conversion patterns by the conversion drivers")

    @staticmethod
    cdef ConversionPatternRewriter new_conv(
            _Driver d, MlirCyConversionPatternRewriter rw):
        cdef ConversionPatternRewriter r = \
            ConversionPatternRewriter.__new__(ConversionPatternRewriter)
        r.c_conv = rw
        r.c_rewriter = mlirCyConversionPatternRewriterAsBase(rw)
        r.driver = d
        r.active = True
        return r

    def convert_region_types(self, region: Region,
                             type_converter: TypeConverter, /) -> None:
        """Converts the types of the arguments of every block of `region`
        with `type_converter`, replacing the blocks by converted ones (their
        operations move along; objects of the old blocks and their arguments
        become invalid). As upstream, nothing happens when some type does
        not convert."""
        self.check()
        if not isinstance(region, Region):
            raise TypeError("convert_region_types() takes a Region, not "
                            f"{type(region).__name__}")
        if not isinstance(type_converter, TypeConverter):
            raise TypeError("convert_region_types() takes a TypeConverter, "
                            f"not {type(type_converter).__name__}")
        cdef Region r = <Region>region
        r.check()
        cdef _Driver d = self.driver
        cdef Operation owner = op_primary(r.parent)
        if owner.context is not d.context or \
                not _is_ancestor(d.root, owner.c_op):
            raise ValueError("the region is not in the operation the "
                             "patterns are applied to")
        _check_not_gone(d, owner.c_op, "the region's operation")
        mlirCyConversionPatternRewriterConvertRegionTypes(
            self.c_conv, r.c_region, (<TypeConverter>type_converter).c_conv)
        d.context.epoch += 1        # blocks were replaced


@cython.final
cdef class _ConversionPatternData:
    """userData of a Python conversion pattern: its function and its type
    converter (kept alive for as long as the pattern is)."""
    cdef object fn
    cdef object converter


cdef MlirLogicalResult _conversion_callback(
        MlirOperation op, intptr_t n, MlirValue* operands,
        MlirCyConversionPatternRewriter rewriter, void* user) noexcept with gil:
    cdef _ConversionPatternData data = <_ConversionPatternData>user
    cdef _Driver d = _current_driver()
    if d is None or d.error is not None or not d.conversion:
        return mlirLogicalResultFailure()
    cdef Context ctx = d.context
    cdef ConversionPatternRewriter r = ConversionPatternRewriter.new_conv(
        d, rewriter)
    cdef ConversionPatternRewriter outer = d.rw
    d.rw = r
    cdef size_t inserts = ctx.live_ops.inserts
    cdef MlirLogicalResult res = mlirLogicalResultFailure()
    cdef intptr_t i
    try:
        try:
            view = wrap_operation_any(ctx, op)
            values = [wrap_value_any(ctx, operands[i]) for i in range(n)]
            cls = _resolve_op_adaptor_class(_name_info(ctx, op).name)
            adaptor = cls(values, view)
            res = _logical_result(
                data.fn(view, adaptor, data.converter, r), data.fn)
        finally:
            _end_pattern(d, r, outer, inserts)
    except BaseException as e:
        if d.error is None:
            d.error = e
        res = mlirLogicalResultFailure()
    return res


# What Python code changes while a conversion pattern runs (building,
# moving, changing operations in place) goes through the pattern's rewriter,
# as C++ patterns do it: the driver rolls it back with the pattern (when the
# pattern fails, raises, or the conversion fails), so nothing is left using
# the values MLIR erases then. Operations made or changed so are legal for a
# target that does not know them (what upstream's unreported operations
# amount to); targets that name them legalize them as MLIR does.

cdef ConversionPatternRewriter conversion_rewriter(Context ctx,
                                                   MlirOperation where):
    """The rewriter of the conversion pattern running on this thread, when
    `where` is in the IR it converts; else None."""
    if not _drivers:            # the common case, without the lock
        return None
    cdef _Driver d = _current_driver()
    if d is None or d.rw is None or d.context is not ctx or \
            not _is_ancestor(d.root, where):
        return None
    _check_not_gone(d, where, "the operation changed")
    return d.rw


cdef object modification_start(Context ctx, MlirOperation op):
    """Before Python code changes `op` in place: in a conversion pattern,
    the driver records its state (to restore it if the pattern is rolled
    back). Returns what modification_end takes."""
    cdef ConversionPatternRewriter crw = conversion_rewriter(ctx, op)
    if crw is not None:
        mlirCyConversionPatternRewriterStartOpModification(crw.c_conv, op)
    return crw


cdef int modification_end(object crw, MlirOperation op) except -1:
    if crw is not None:
        mlirCyConversionPatternRewriterFinalizeOpModification(
            (<ConversionPatternRewriter>crw).c_conv, op)
    return 0


# Per thread: how many TypeConverter.convert_type calls are under way, so a
# type conversion's exception goes to that call rather than to a driver
# running further out on the same thread.
cdef object _type_conversion_tls = threading.local()


@cython.final
cdef class _TypeConversionFn:
    """userData of a Python type conversion: the function, and the first
    exception it raised in a direct convert_type call."""
    cdef object fn
    cdef object error


cdef MlirLogicalResult _type_conversion_callback(
        MlirType t, MlirType* converted, void* user) noexcept with gil:
    cdef _TypeConversionFn data = <_TypeConversionFn>user
    cdef bint direct = getattr(_type_conversion_tls, "depth", 0) > 0
    cdef _Driver d = None if direct else _current_driver()
    if (d is not None and d.error is not None) or \
            (direct and data.error is not None):
        return mlirLogicalResultFailure()
    cdef Context ctx
    cdef Type out
    try:
        ctx = context_for_handle(mlirTypeGetContext(t))
        res = data.fn(wrap_type(ctx, t))
        if res is None:
            return mlirLogicalResultFailure()
        if not isinstance(res, Type):
            raise TypeError(
                f"{getattr(data.fn, '__name__', 'a type conversion')} "
                f"returned {type(res).__name__}; a type conversion returns "
                "a Type, or None when it does not apply")
        out = <Type>res
        if out.context is not ctx:
            raise ValueError("a type conversion returned a type of another "
                             "context")
        converted[0] = out.c_type
        return mlirLogicalResultSuccess()
    except BaseException as e:
        if d is not None:
            if d.error is None:
                d.error = e
        elif data.error is None:
            data.error = e
    return mlirLogicalResultFailure()


@cython.final
@cython.no_gc_clear
cdef class TypeConverter:
    """Type conversions for a dialect conversion: functions from a Type to
    its converted Type (or None when they do not apply), tried from the
    last added to the first. Results are cached, as MLIR does."""
    cdef MlirCyTypeConverter c_conv
    cdef list fns

    def __cinit__(self):
        self.c_conv = mlirCyTypeConverterCreate()
        self.fns = []

    def __init__(self):
        pass

    def __dealloc__(self):
        if self.c_conv.ptr != NULL:
            mlirCyTypeConverterDestroy(self.c_conv)
            self.c_conv.ptr = NULL

    def add_conversion(self, convert: Callable[[Type], Type | None]) -> None:
        """Registers a type conversion function: convert(type) returns the
        converted Type, or None when it does not apply to `type`."""
        if not callable(convert):
            raise TypeError("convert must be callable, not "
                            f"{type(convert).__name__}")
        cdef _TypeConversionFn data = \
            _TypeConversionFn.__new__(_TypeConversionFn)
        data.fn = convert
        self.fns.append(data)
        mlirCyTypeConverterAddConversion(self.c_conv,
                                         _type_conversion_callback,
                                         <void*>data)

    def convert_type(self, type: Type) -> Type | None:
        """Converts the given type. Returns None if conversion fails."""
        if not isinstance(type, Type):
            raise TypeError("convert_type() takes a Type, not "
                            f"{builtins.type(type).__name__}")
        cdef Type t = <Type>type
        cdef MlirType res
        _type_conversion_tls.depth = \
            getattr(_type_conversion_tls, "depth", 0) + 1
        try:
            res = mlirCyTypeConverterConvertType(self.c_conv, t.c_type)
        finally:
            _type_conversion_tls.depth -= 1
        cdef _TypeConversionFn data
        for obj in self.fns:
            data = <_TypeConversionFn>obj
            if data.error is not None:
                err = data.error
                data.error = None
                raise err
        if mlirTypeIsNull(res):
            return None
        return wrap_type(t.context, res)


@cython.final
@cython.no_gc_clear
cdef class ConversionTarget:
    """Which operations are legal after a dialect conversion: operations
    and dialects marked legal or illegal (others are unknown, which a
    partial conversion leaves alone and a full conversion refuses)."""
    cdef MlirCyConversionTarget c_target
    cdef readonly Context context
    """The Context this object belongs to."""

    def __init__(self, context=None):
        cdef Context ctx = resolve_context(context)
        if self.c_target.ptr != NULL:
            mlirCyConversionTargetDestroy(self.c_target)
            self.c_target.ptr = NULL
        self.context = ctx
        self.c_target = mlirCyConversionTargetCreate(ctx.c_context)

    def __dealloc__(self):
        if self.c_target.ptr != NULL:
            mlirCyConversionTargetDestroy(self.c_target)
            self.c_target.ptr = NULL

    cdef int check(self) except -1:
        if self.c_target.ptr == NULL:
            raise RuntimeError("the ConversionTarget was not initialized")
        return 0

    def add_legal_op(self, *ops: type[OpView] | str) -> None:
        """Mark the given operations as legal."""
        self.check()
        for op in [_root_name(o).encode("utf-8") for o in ops]:
            mlirCyConversionTargetAddLegalOp(self.c_target, str_ref(op))

    def add_illegal_op(self, *ops: type[OpView] | str) -> None:
        """Mark the given operations as illegal."""
        self.check()
        for op in [_root_name(o).encode("utf-8") for o in ops]:
            mlirCyConversionTargetAddIllegalOp(self.c_target, str_ref(op))

    def add_legal_dialect(self, *dialects: type | str) -> None:
        """Mark the given dialects as legal."""
        self.check()
        for d in [_dialect_name(x).encode("utf-8") for x in dialects]:
            mlirCyConversionTargetAddLegalDialect(self.c_target, str_ref(d))

    def add_illegal_dialect(self, *dialects: type | str) -> None:
        """Mark the given dialect as illegal."""
        self.check()
        for d in [_dialect_name(x).encode("utf-8") for x in dialects]:
            mlirCyConversionTargetAddIllegalDialect(self.c_target, str_ref(d))


@cython.final
cdef class ConversionConfig:
    """Options of a dialect conversion run (MLIR's defaults)."""
    cdef MlirCyConversionConfig c_config

    def __cinit__(self):
        self.c_config = mlirCyConversionConfigCreate()

    def __init__(self):
        """Create a conversion config with defaults"""

    def __dealloc__(self):
        if self.c_config.ptr != NULL:
            mlirCyConversionConfigDestroy(self.c_config)
            self.c_config.ptr = NULL

    @property
    def folding_mode(self) -> DialectConversionFoldingMode:
        """folding behavior during dialect conversion"""
        return DialectConversionFoldingMode(
            mlirCyConversionConfigGetFoldingMode(self.c_config))

    @folding_mode.setter
    def folding_mode(self, value):
        if not isinstance(value, DialectConversionFoldingMode):
            raise TypeError("folding_mode must be a "
                            "DialectConversionFoldingMode, not "
                            f"{type(value).__name__}")
        mlirCyConversionConfigSetFoldingMode(self.c_config, value.value)

    @property
    def build_materializations(self) -> bool:
        """Whether the dialect conversion attempts to build source/target
        materializations"""
        return mlirCyConversionConfigGetBuildMaterializations(self.c_config)

    @build_materializations.setter
    def build_materializations(self, value):
        mlirCyConversionConfigSetBuildMaterializations(
            self.c_config, _flag(value, "build_materializations"))

    def __repr__(self):
        return (f"ConversionConfig(folding_mode={self.folding_mode}, "
                f"build_materializations={self.build_materializations})")


cdef object _apply_conversion(str fname, bint full, tuple args, dict kwargs):
    op, target_obj, fs_obj, config = _driver_args(
        fname, args, kwargs, ("op", "target", "set", "config"), 3, ("op",))
    if not isinstance(target_obj, ConversionTarget):
        raise TypeError("target must be a ConversionTarget, not "
                        f"{type(target_obj).__name__}")
    if config is not None and not isinstance(config, ConversionConfig):
        raise TypeError("config must be a ConversionConfig or None, not "
                        f"{type(config).__name__}")
    cdef ConversionTarget target = <ConversionTarget>target_obj
    target.check()
    cdef ConversionConfig cfg = config if config is not None \
        else ConversionConfig()
    cdef Operation root = _operation_arg(None, op, "op")
    if target.context is not root.context:
        raise ValueError("the operation belongs to another context than the "
                         "conversion target")
    cdef MlirGreedyRewriteDriverConfig no_greedy
    no_greedy.ptr = NULL
    cdef MlirLogicalResult res
    errors = []
    _drive(root, <FrozenRewritePatternSet>fs_obj,
           _FULL_CONVERSION if full else _PARTIAL_CONVERSION, no_greedy,
           target.c_target, cfg.c_config, &res, errors)
    if mlirLogicalResultIsFailure(res):
        raise MLIRError(("full" if full else "partial") +
                        " conversion failed", errors)


def apply_partial_conversion(*args: Any, **kwargs: Any) -> None:
    """apply_partial_conversion(op, target, set, config=None): converts the
    operations nested in `op` with the frozen patterns: operations the
    target marks illegal must be converted, legal and unknown ones may
    stay. Raises MLIRError("partial conversion failed", diagnostics) when
    that fails (the IR is then left as it was), or re-raises the exception
    of a Python pattern or type conversion. Objects of operations the
    conversion replaced or erased are invalid afterwards; the others, and
    `op`, stay valid."""
    _apply_conversion("apply_partial_conversion", False, args, kwargs)


def apply_full_conversion(*args: Any, **kwargs: Any) -> None:
    """apply_full_conversion(op, target, set, config=None): as
    apply_partial_conversion, but every operation nested in `op` must end
    legal for the target (unknown ones too); MLIRError("full conversion
    failed", diagnostics) otherwise."""
    _apply_conversion("apply_full_conversion", True, args, kwargs)
