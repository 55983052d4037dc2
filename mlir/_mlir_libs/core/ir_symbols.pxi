# SymbolTable: symbol lookup, insertion and erasure under a symbol-table op.

@cython.final
@cython.no_gc_clear
cdef class SymbolTable:
    """The symbol table of an operation with the SymbolTable trait (e.g. a
    module): table[name], name in table, del table[name], insert, erase."""
    cdef MlirSymbolTable c_table
    cdef Operation op

    def __init__(self, operation: Operation):
        cdef Operation op = as_operation(operation, "operation")
        op = op_primary(op)
        cdef MlirSymbolTable t = mlirSymbolTableCreate(op.c_op)
        if t.ptr == NULL:
            raise TypeError("Operation is not a Symbol Table.")
        self.c_table = t
        self.op = op

    def __dealloc__(self):
        if self.c_table.ptr != NULL:
            mlirSymbolTableDestroy(self.c_table)

    cdef int check(self) except -1:
        return op_check(self.op)

    def __getitem__(self, name):
        name = _str_param(name, "name")
        self.check()
        cdef bytes b = name.encode("utf-8")
        cdef MlirOperation found = mlirSymbolTableLookup(self.c_table, str_ref(b))
        if found.ptr == NULL:
            raise KeyError(f"Symbol '{name}' not in the symbol table.")
        return wrap_opview(self.op.context, found, _owner_for_children(self.op))

    def __contains__(self, name):
        name = _str_param(name, "name")
        self.check()
        cdef bytes b = name.encode("utf-8")
        return mlirSymbolTableLookup(self.c_table, str_ref(b)).ptr != NULL

    def insert(self, operation: Operation) -> StringAttr:
        """Inserts a symbol operation, detached or already in this table's
        body (as upstream), renaming it if its name clashes; returns its
        (possibly new) name attribute."""
        self.check()
        cdef Operation op = op_primary(as_operation(operation, "operation"))
        if _get_attr(op.c_op, "sym_name").ptr == NULL:
            raise ValueError("Expected operation to have a symbol name.")
        cdef MlirAttribute a
        cdef int t
        if mlirOperationGetBlock(op.c_op).ptr != NULL:
            if mlirOperationGetParentOperation(op.c_op).ptr != self.op.c_op.ptr:
                raise ValueError("Attempt to insert operation that is already "
                                 "attached (detach_from_parent() it first)")
            # Already in the table's body: only registered (renamed).
            t = op_write_recheck(op)
            a = mlirSymbolTableInsert(self.c_table, op.c_op)
            op_write_done(op, t)
            return wrap_attribute(self.op.context, a)
        if not (op.flags & OP_OWNED):
            raise ValueError("Attempt to insert operation that is already "
                             "attached (detach_from_parent() it first)")
        t = op_write_recheck(op)
        try:
            op_check(self.op)
            a = mlirSymbolTableInsert(self.c_table, op.c_op)
        finally:
            op_write_done(op, t)
        op_attach(op, self.op)
        return wrap_attribute(self.op.context, a)

    def erase(self, operation: Operation) -> None:
        """Erases a symbol operation of this table; its object (and those
        nested in it) become invalid."""
        self.check()
        cdef Operation op = op_primary(as_operation(operation, "operation"))
        if mlirOperationGetParentOperation(op.c_op).ptr != self.op.c_op.ptr:
            raise ValueError("operation is not in this symbol table")
        if _results_in_use(op.c_op):
            raise RuntimeError("cannot erase an operation whose results are used")
        _check_walk_allows_erase(self.op.context, op.c_op)
        check_not_rewriting(self.op.context, op.c_op, "erase an operation")
        cdef int t = op_write_recheck(op)
        self.op.context.invalidate_nested(op.c_op, True)
        mlirSymbolTableErase(self.c_table, op.c_op)
        op_write_done(op, t)

    def __delitem__(self, name):
        name = _str_param(name, "name")
        self.erase(self[name])

    @staticmethod
    def get_symbol_name(symbol: Operation) -> StringAttr:
        """The symbol name of the operation `symbol` (its sym_name
        StringAttr); ValueError if it has none."""
        cdef Operation op = as_operation(symbol, "symbol")
        cdef MlirAttribute a = _get_attr(op.c_op, from_ref(
            mlirSymbolTableGetSymbolAttributeName()))
        if a.ptr == NULL:
            raise ValueError("Expected operation to have a symbol name.")
        return wrap_attribute(op.context, a)

    @staticmethod
    def set_symbol_name(symbol: Operation, name) -> None:
        """Sets the symbol name of the operation `symbol` to the str `name`."""
        cdef Operation op = as_operation(symbol, "symbol")
        name = _str_param(name, "name")
        cdef bytes b = name.encode("utf-8")
        cdef str key_name = from_ref(mlirSymbolTableGetSymbolAttributeName())
        if _get_attr(op.c_op, key_name).ptr == NULL:
            raise ValueError("Expected operation to have a symbol name.")
        cdef bytes key = key_name.encode()
        cdef int t = op_write_recheck(op)
        mlirOperationSetAttributeByName(op.c_op, str_ref(key), mlirStringAttrGet(
            op.context.c_context, str_ref(b)))
        op_write_done(op, t)

    @staticmethod
    def get_visibility(symbol: Operation) -> StringAttr:
        """The symbol visibility of the operation `symbol` (its
        sym_visibility StringAttr); ValueError if it has none."""
        cdef Operation op = as_operation(symbol, "symbol")
        cdef MlirAttribute a = _get_attr(op.c_op, from_ref(
            mlirSymbolTableGetVisibilityAttributeName()))
        if a.ptr == NULL:
            raise ValueError("Expected operation to have a symbol visibility.")
        return wrap_attribute(op.context, a)

    @staticmethod
    def set_visibility(symbol: Operation, visibility) -> None:
        """Sets the visibility of the operation `symbol`: 'public',
        'private' or 'nested' (ValueError otherwise)."""
        cdef Operation op = as_operation(symbol, "symbol")
        visibility = _str_param(visibility, "visibility")
        if visibility not in ("public", "private", "nested"):
            raise ValueError("Expected visibility to be 'public', 'private' or "
                             "'nested'")
        cdef bytes b = visibility.encode()
        cdef bytes key = from_ref(mlirSymbolTableGetVisibilityAttributeName()).encode()
        cdef int t = op_write_recheck(op)
        mlirOperationSetAttributeByName(op.c_op, str_ref(key), mlirStringAttrGet(
            op.context.c_context, str_ref(b)))
        op_write_done(op, t)

    @staticmethod
    def replace_all_symbol_uses(old_symbol, new_symbol,
                                from_op: Operation) -> None:
        """Renames the uses of the symbol `old_symbol` to `new_symbol` in
        the IR nested in `from_op`; RuntimeError when MLIR cannot."""
        old_symbol = _str_param(old_symbol, "old_symbol")
        new_symbol = _str_param(new_symbol, "new_symbol")
        cdef Operation op = as_operation(from_op, "from_op")
        cdef bytes a = old_symbol.encode()
        cdef bytes b = new_symbol.encode()
        cdef int t = op_write_recheck(op)
        cdef MlirLogicalResult r = mlirSymbolTableReplaceAllSymbolUses(
            str_ref(a), str_ref(b), op.c_op)
        op_write_done(op, t)
        if mlirLogicalResultIsFailure(r):
            raise RuntimeError("Unable to replace symbol uses")

    @staticmethod
    def walk_symbol_tables(from_op: Operation, bint all_sym_uses_visible,
                           callback: Callable[[OpView, bool], None]) -> None:
        """Calls callback(op, all_uses_visible) on each symbol table op
        nested in from_op (inclusive)."""
        cdef Operation op = as_operation(from_op, "from_op")
        if not callable(callback):
            raise TypeError("callback must be callable")
        cdef _WalkState st = _WalkState.__new__(_WalkState)
        st.callback = callback
        st.context = op.context
        st.error = None
        st.post_order = False
        # As Operation.walk: the callbacks may let other threads run.
        cdef bint ran
        cdef int t = op_section_enter(op, True)
        try:
            op_check(op)
            walk_begin(op.context, st)
            try:
                ran = mlirCyDeepSymbolTableWalkSymbolTables(
                    op.c_op, all_sym_uses_visible, _symbol_table_callback,
                    <void*>st)
            finally:
                walk_end(op.context, st)
        finally:
            op_section_exit(op, t)
        if not ran:
            raise_too_deep("the operation")
        if st.error is not None:
            _raise_from_callback(st.error)


cdef void _symbol_table_callback(MlirOperation op, bool visible,
                                 void* user) noexcept with gil:
    cdef _WalkState st = <_WalkState>user
    if st.error is not None:
        return
    try:
        st.callback(as_plain(<Operation>wrap_operation_any(st.context, op)),
                    visible)
    except BaseException as e:
        st.error = e
