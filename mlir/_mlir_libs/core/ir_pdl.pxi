# PDL pattern modules (mlir.rewrite.PDLModule) with native constraint and
# rewrite functions written in Python, run by the drivers of
# ir_rewrite.pxi, whose header describes the validity rules and how a
# failing native rewrite function is handled.

_PDL_KINDS = {"!pdl.value": "Value", "!pdl.operation": "Operation",
              "!pdl.type": "Type", "!pdl.attribute": "Attribute"}


cdef int _collect_native_uses(MlirOperation op, dict uses) except -1:
    """Records, for every native constraint / rewrite a PDL module calls,
    its role and the kinds of its results: name -> (role, kinds)."""
    cdef MlirOperation child
    cdef MlirBlock b
    cdef MlirRegion r
    cdef intptr_t i, n
    cdef str opname = from_ref(mlirIdentifierStr(mlirOperationGetName(op)))
    role = None
    if opname == "pdl.apply_native_constraint":
        role = "constraint"
    elif opname in ("pdl.apply_native_rewrite", "pdl.rewrite"):
        role = "rewrite"
    if role is not None:
        a = mlirOperationGetAttributeByName(op, str_ref(b"name"))
        if a.ptr != NULL and mlirAttributeIsAString(a):
            name = from_ref(mlirStringAttrGetValue(a))
            n = mlirOperationGetNumResults(op)
            kinds = tuple(_PDL_KINDS.get(_print_type(mlirValueGetType(
                mlirOperationGetResult(op, i))), "range") for i in range(n))
            prev = uses.get(name)
            if prev is not None and prev != (role, kinds):
                raise ValueError(f"the PDL module uses native function "
                                 f"'{name}' with different signatures")
            uses[name] = (role, kinds)
    for i in range(mlirOperationGetNumRegions(op)):
        r = mlirOperationGetRegion(op, i)
        b = mlirRegionGetFirstBlock(r)
        while b.ptr != NULL:
            child = mlirBlockGetFirstOperation(b)
            while child.ptr != NULL:
                _collect_native_uses(child, uses)
                child = mlirOperationGetNextInBlock(child)
            b = mlirBlockGetNextInRegion(b)
    return 0


@cython.final
cdef class PDLResultList:
    """Where a PDL native function puts its results: append() a Value,
    Operation, Type or Attribute, in the order the PDL op declares them."""
    cdef list items
    cdef bint active

    def __init__(self, *args, **kwargs):
        _no_constructor(self, "PDLResultList objects are handed to PDL functions")

    def append(self, value: Any) -> None:
        """Adds a result of the PDL function: a Value, Operation, Type or
        Attribute. RuntimeError after the function returned."""
        if not self.active:
            raise RuntimeError("the PDLResultList was used after its "
                               "function returned")
        if not isinstance(value, (Value, Operation, Type, Attribute)):
            raise TypeError("PDL results are Values, Operations, Types or "
                            f"Attributes, not {type(value).__name__}")
        self.items.append(value)

    def __len__(self):
        return len(self.items)


@cython.final
cdef class _PDLFunction:
    """userData of a Python PDL native function."""
    cdef object fn
    cdef str name
    cdef str role
    cdef tuple kinds        # expected result kinds, or None if unused
    # What MLIR calls: _pdl_callback on the thread's own stack.
    cdef MlirCyPDLFunctionOnThreadStack bounce


cdef object _from_pdl_value(Context ctx, MlirPDLValue pv):
    cdef MlirValue v = mlirPDLValueAsValue(pv)
    if v.ptr != NULL:
        return wrap_value_any(ctx, v)
    cdef MlirOperation op = mlirPDLValueAsOperation(pv)
    if op.ptr != NULL:
        return wrap_operation_any(ctx, op)
    cdef MlirAttribute a = mlirPDLValueAsAttribute(pv)
    if a.ptr != NULL:
        return wrap_attribute(ctx, a)
    cdef MlirType t = mlirPDLValueAsType(pv)
    if t.ptr != NULL:
        return wrap_type(ctx, t)
    raise TypeError("unsupported PDL value (a range or a null value) passed "
                    "to a Python PDL function")


cdef int _push_results(_PDLFunction f, list items, _Driver d,
                       MlirPDLResultList results) except -1:
    """Checks the Python results against the PDL op's declaration, then
    hands them to MLIR (all or nothing)."""
    kinds = f.kinds or ()
    got = tuple("Value" if isinstance(x, Value) else
                "Operation" if isinstance(x, Operation) else
                "Type" if isinstance(x, Type) else "Attribute" for x in items)
    if got != kinds:
        raise TypeError(f"PDL function '{f.name}' must append results "
                        f"{list(kinds)}, but appended {list(got)}")
    cdef MlirOperation top = _top_of(d.root)
    cdef MlirOperation owner
    cdef MlirValue v
    cdef list handles = []
    for x in items:
        if isinstance(x, Value):
            v = (<Value>x).handle()
            owner = mlirOpResultGetOwner(v) if mlirValueIsAOpResult(v) else \
                mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
            if owner.ptr == NULL or _top_of(owner).ptr != top.ptr:
                raise ValueError(f"PDL function '{f.name}' returned a value "
                                 "outside the IR being rewritten")
            handles.append(<uintptr_t>v.ptr)
        elif isinstance(x, Operation):
            owner = op_handle(<Operation>x)
            if _top_of(owner).ptr != top.ptr:
                raise ValueError(f"PDL function '{f.name}' returned an "
                                 "operation outside the IR being rewritten "
                                 "(create it under `with rewriter.ip:`)")
            handles.append(<uintptr_t>owner.ptr)
        elif isinstance(x, Type):
            handles.append(<uintptr_t>(<Type>x).c_type.ptr)
        else:
            handles.append(<uintptr_t>(<Attribute>x).c_attr.ptr)
    cdef MlirValue hv
    cdef MlirOperation ho
    cdef MlirType ht
    cdef MlirAttribute ha
    for kind, h in zip(kinds, handles):
        if kind == "Value":
            hv.ptr = <void*><uintptr_t>h
            mlirPDLResultListPushBackValue(results, hv)
        elif kind == "Operation":
            ho.ptr = <void*><uintptr_t>h
            mlirPDLResultListPushBackOperation(results, ho)
        elif kind == "Type":
            ht.ptr = <void*><uintptr_t>h
            mlirPDLResultListPushBackType(results, ht)
        else:
            ha.ptr = <void*><uintptr_t>h
            mlirPDLResultListPushBackAttribute(results, ha)
    return 0


cdef MlirOperation _placeholder_op(MlirRewriterBase rw, Context ctx,
                                   bint one_value, Py_ssize_t index):
    """An unrealized_conversion_cast without operands at the rewriter's
    insertion point: with the result types of the operation there (the
    matched root), or one result of the index-th of those types."""
    cdef MlirOperation root = mlirRewriterBaseGetOperationAfterInsertion(rw)
    cdef vector[MlirType] types
    cdef intptr_t i, n = mlirOperationGetNumResults(root) if root.ptr != NULL else 0
    if one_value:
        types.push_back(mlirValueGetType(mlirOperationGetResult(root, index))
                        if index < n else mlirNoneTypeGet(ctx.c_context))
    else:
        for i in range(n):
            types.push_back(mlirValueGetType(mlirOperationGetResult(root, i)))
    cdef bytes name = b"builtin.unrealized_conversion_cast"
    cdef MlirOperationState st = mlirOperationStateGet(
        str_ref(name), mlirLocationUnknownGet(ctx.c_context))
    if types.size():
        mlirOperationStateAddResults(&st, types.size(), types.data())
    return mlirRewriterBaseInsert(rw, mlirOperationCreate(&st))


cdef void _push_placeholders(_PDLFunction f, MlirPatternRewriter rewriter,
                             Context ctx, MlirPDLResultList results) noexcept:
    cdef MlirRewriterBase rw = mlirPatternRewriterAsBase(rewriter)
    cdef Py_ssize_t nvalue = 0
    for kind in f.kinds:
        if kind == "Attribute":
            mlirPDLResultListPushBackAttribute(results,
                                               mlirUnitAttrGet(ctx.c_context))
        elif kind == "Type":
            mlirPDLResultListPushBackType(results,
                                          mlirNoneTypeGet(ctx.c_context))
        elif kind == "Operation":
            mlirPDLResultListPushBackOperation(
                results, _placeholder_op(rw, ctx, False, 0))
        else:
            mlirPDLResultListPushBackValue(results, mlirOperationGetResult(
                _placeholder_op(rw, ctx, True, nvalue), 0))
            nvalue += 1


cdef MlirLogicalResult _pdl_callback(
        MlirPatternRewriter rewriter, MlirPDLResultList results,
        unsigned long n, MlirPDLValue* values, void* user) noexcept with gil:
    cdef _PDLFunction f = <_PDLFunction>user
    cdef _Driver d = _current_driver()
    cdef bint rewrite = f.role == "rewrite"
    if d is None or d.error is not None:
        if rewrite and d is not None:
            _push_placeholders(f, rewriter, d.context, results)
            return mlirLogicalResultSuccess()
        return mlirLogicalResultFailure()
    cdef PatternRewriter r = PatternRewriter.new(d, rewriter)
    cdef PDLResultList rl = PDLResultList.__new__(PDLResultList)
    rl.items = []
    rl.active = True
    cdef size_t inserts = d.context.live_ops.inserts
    cdef MlirLogicalResult res = mlirLogicalResultFailure()
    cdef unsigned long i
    try:
        try:
            args = [_from_pdl_value(d.context, values[i]) for i in range(n)]
            res = _logical_result(f.fn(r, rl, args), f.fn)
            if rewrite and mlirLogicalResultIsFailure(res):
                raise RuntimeError(
                    f"PDL rewrite function '{f.name}' returned True (failure):"
                    " MLIR's rewrite drivers cannot recover from a failed "
                    "native rewrite")
            if mlirLogicalResultIsSuccess(res):
                # On failure MLIR ignores the results; on success they must
                # be exactly what the PDL op declares.
                _push_results(f, rl.items, d, results)
        finally:
            r.active = False
            rl.active = False
            rl.items = None
            _end_callback(d, inserts)
    except BaseException as e:
        if d.error is None:
            d.error = e
        res = mlirLogicalResultFailure()
    if rewrite and mlirLogicalResultIsFailure(res):
        _push_placeholders(f, rewriter, d.context, results)
        res = mlirLogicalResultSuccess()
    return res


@cython.final
@cython.no_gc_clear
cdef class PDLModule:
    """Patterns written in the PDL dialect: PDLModule(module) takes a copy
    of a module of pdl.pattern operations; register the native functions it
    calls, then freeze()."""
    cdef MlirPDLPatternModule c_module
    cdef readonly Context context
    """The Context this object belongs to."""
    cdef dict uses          # name -> (role, result kinds)
    cdef dict functions     # name -> _PDLFunction
    cdef bint frozen

    def __init__(self, module: Module | Operation):
        cdef PyThreadState* _ts
        if not isinstance(module, Module):
            raise TypeError(f"PDLModule needs a Module, not "
                            f"{type(module).__name__}")
        cdef Module m = <Module>module
        cdef MlirOperation op = mlirModuleGetOperation(m.c_module)
        cdef bint ok
        cdef int t = ir_section_enter(m.context, False)
        cdef _ErrorCapture cap = _ErrorCapture.attach(m.context)
        _ts = gil_release_for(m.context)
        ok = mlirOperationVerify(op)
        gil_restore(_ts)
        ir_section_exit(m.context, t)
        cap.check(ok, "the PDL module does not verify")
        self.uses = {}
        _collect_native_uses(op, self.uses)
        self.functions = {}
        self.context = m.context
        # The PDL pattern module owns the module it is made from: give it a
        # copy, so the caller's Module stays theirs.
        self.c_module = mlirPDLPatternModuleFromModule(
            mlirModuleFromOperation(mlirOperationClone(op)))

    def __dealloc__(self):
        if self.c_module.ptr != NULL:
            mlirPDLPatternModuleDestroy(self.c_module)
            self.c_module.ptr = NULL

    cdef _PDLFunction _register(self, name, fn, str role):
        if self.frozen:
            raise RuntimeError("the PDLModule was frozen; functions must be "
                               "registered before freeze()")
        if not isinstance(name, str):
            raise TypeError(f"name must be str, not {type(name).__name__}")
        if not callable(fn):
            raise TypeError(f"fn must be callable, not {type(fn).__name__}")
        use = self.uses.get(name)
        if use is not None and use[0] != role:
            raise ValueError(f"the PDL module uses '{name}' as a native "
                             f"{use[0]}, not a {role}")
        if use is not None and "range" in use[1]:
            raise ValueError(f"the PDL module expects ranges from '{name}', "
                             "which Python functions cannot produce")
        cdef _PDLFunction f = _PDLFunction.__new__(_PDLFunction)
        f.fn = fn
        f.name = name
        f.role = role
        f.kinds = use[1] if use is not None else ()
        self.functions[(role, name)] = f
        return f

    def register_rewrite_function(self, name: str,
                                  fn: Callable[..., Any]) -> None:
        """Registers fn(rewriter, results, values) as the native rewrite
        `name`: values are the operands as Python objects; append the
        declared results to `results`; return None/False for success, True
        for failure."""
        cdef _PDLFunction f = self._register(name, fn, "rewrite")
        cdef bytes b = (<str>name).encode("utf-8")
        f.bounce.function = _pdl_callback
        f.bounce.userData = <void*>f
        mlirPDLPatternModuleRegisterRewriteFunction(
            self.c_module, str_ref(b),
            <MlirPDLRewriteFunction>mlirCyPDLFunctionCallOnThreadStack,
            &f.bounce)

    def register_constraint_function(self, name: str,
                                     fn: Callable[..., Any]) -> None:
        """Registers fn(rewriter, results, values) as the native constraint
        `name`: return None/False when the constraint holds, True when it
        does not."""
        cdef _PDLFunction f = self._register(name, fn, "constraint")
        cdef bytes b = (<str>name).encode("utf-8")
        f.bounce.function = _pdl_callback
        f.bounce.userData = <void*>f
        mlirPDLPatternModuleRegisterConstraintFunction(
            self.c_module, str_ref(b),
            <MlirPDLConstraintFunction>mlirCyPDLFunctionCallOnThreadStack,
            &f.bounce)

    def freeze(self) -> FrozenRewritePatternSet:
        """The patterns, frozen for application. Every native function the
        module calls must be registered first (ValueError otherwise); the
        PDLModule can be frozen once."""
        cdef PyThreadState* _ts
        if self.frozen:
            raise RuntimeError("the PDLModule was already frozen")
        for name, (role, kinds) in self.uses.items():
            if name.startswith("__builtin_"):
                continue
            if (role, name) not in self.functions:
                raise ValueError(f"the PDL module calls native {role} "
                                 f"'{name}', which is not registered")
        cdef MlirRewritePatternSet s
        cdef MlirFrozenRewritePatternSet fs
        # (Captured so that nothing reaches the other handlers; freezing
        # does not fail.)
        cdef _ErrorCapture cap = _ErrorCapture.attach(self.context)
        s = mlirRewritePatternSetFromPDLPatternModule(self.c_module)
        _ts = gil_release_for(self.context)
        fs = mlirFreezeRewritePattern(s)
        mlirRewritePatternSetDestroy(s)     # emptied, never freed
        gil_restore(_ts)
        cap.detach()
        self.frozen = True
        return FrozenRewritePatternSet.new(
            self.context, fs, list(self.functions.values()))
