# Printing operations: the textual form (Operation.print, get_asm, str)
# with MLIR's printing flags or an AsmState, to a str, bytes or a file,
# on a large enough stack; the generic form for IR MLIR's verifier cannot
# take; dump().

cdef _print_op(Operation self, state, file, binary, large_elements_limit,
           large_resource_limit, enable_debug_info, pretty_debug_info,
           print_generic_op_form, use_local_scope, use_name_loc_as_prefix,
           assume_verified, skip_regions):
    cdef string buf
    if state is not None and not isinstance(state, AsmState):
        raise TypeError("state must be an AsmState")
    _print_to(self, buf, binary, large_elements_limit, large_resource_limit,
                   enable_debug_info, pretty_debug_info,
                   print_generic_op_form, use_local_scope,
                   use_name_loc_as_prefix, assume_verified, skip_regions,
                   state)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb" if binary else "w") as f:
            f.write(buf.data()[:buf.size()] if binary else decode_string(buf))
        return
    if file is None:
        import sys
        file = sys.stdout
    if binary:
        file.write(buf.data()[:buf.size()])
    else:
        file.write(decode_string(buf))


def _print_with_state(Operation op, state, file=None, binary=False):
    """Operation.print's AsmState form."""
    _print_op(op, state, file, _bool_arg(binary, "binary"), None, None, False,
              False, False, False, False, False, False)


def _print_with_flags(Operation op, large_elements_limit=None,
                      large_resource_limit=None, enable_debug_info=False,
                      pretty_debug_info=False, print_generic_op_form=False,
                      use_local_scope=False, use_name_loc_as_prefix=False,
                      assume_verified=False, file=None, binary=False,
                      skip_regions=False):
    """Operation.print's flags form."""
    _print_op(op, None, file, _bool_arg(binary, "binary"), large_elements_limit,
              large_resource_limit,
              _bool_arg(enable_debug_info, "enable_debug_info"),
              _bool_arg(pretty_debug_info, "pretty_debug_info"),
              _bool_arg(print_generic_op_form, "print_generic_op_form"),
              _bool_arg(use_local_scope, "use_local_scope"),
              _bool_arg(use_name_loc_as_prefix, "use_name_loc_as_prefix"),
              _bool_arg(assume_verified, "assume_verified"),
              _bool_arg(skip_regions, "skip_regions"))


cdef int _print_to(Operation self, string& buf, bint binary, object large_elements_limit,
               object large_resource_limit, bint enable_debug_info,
               bint pretty_debug_info, bint print_generic_op_form,
               bint use_local_scope, bint use_name_loc_as_prefix,
               bint assume_verified, bint skip_regions, object state) except -1:
    cdef int t = op_section_enter(self, False)
    try:
        _print_now(self, buf, binary, large_elements_limit,
                   large_resource_limit, enable_debug_info, pretty_debug_info,
                   print_generic_op_form, use_local_scope,
                   use_name_loc_as_prefix, assume_verified, skip_regions, state)
    finally:
        op_section_exit(self, t)
    return 0


cdef int _print_now(Operation self, string& buf, bint binary, object large_elements_limit,
               object large_resource_limit, bint enable_debug_info,
               bint pretty_debug_info, bint print_generic_op_form,
               bint use_local_scope, bint use_name_loc_as_prefix,
               bint assume_verified, bint skip_regions, object state) except -1:
    cdef MlirOperation op = op_handle(self)
    cdef MlirOpPrintingFlags flags
    cdef bint ran
    cdef PyThreadState* _ts
    if state is not None:
        (<AsmState>state).check()
        _ts = gil_release_for(self.context)
        ran = mlirCyDeepOperationPrintWithState(
            op, (<AsmState>state).c_state, append_to_string, &buf)
        gil_restore(_ts)
        if not ran:
            raise_too_deep("the operation")
        return 0
    flags = mlirOpPrintingFlagsCreate()
    try:
        if large_elements_limit is not None:
            mlirOpPrintingFlagsElideLargeElementsAttrs(
                flags, <intptr_t>_index_arg(large_elements_limit, "large_elements_limit"))
        if large_resource_limit is not None:
            mlirOpPrintingFlagsElideLargeResourceString(
                flags, <intptr_t>_index_arg(large_resource_limit, "large_resource_limit"))
        if enable_debug_info:
            mlirOpPrintingFlagsEnableDebugInfo(flags, True, pretty_debug_info)
        if print_generic_op_form:
            mlirOpPrintingFlagsPrintGenericOpForm(flags)
        if use_local_scope:
            mlirOpPrintingFlagsUseLocalScope(flags)
        if use_name_loc_as_prefix:
            mlirOpPrintingFlagsPrintNameLocAsPrefix(flags)
        if assume_verified:
            mlirOpPrintingFlagsAssumeVerified(flags)
        if skip_regions:
            mlirOpPrintingFlagsSkipRegions(flags)
        # A custom form printed without verification crashes on IR MLIR's
        # verifier cannot take (the verifier would, too): the generic form
        # then (already asked for, it needs no look).
        _ts = gil_release_for(self.context)
        if print_generic_op_form:
            ran = mlirCyDeepOperationPrintWithFlags(
                op, flags, append_to_string, &buf)
        else:
            ran = mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable(
                op, flags, append_to_string, &buf)
        gil_restore(_ts)
    finally:
        mlirOpPrintingFlagsDestroy(flags)
    if not ran:
        raise_too_deep("the operation")

cdef int refuse_unverifiable(Context ctx, MlirOperation op,
                             str message) except -1:
    """Raises MLIRError(message) with MLIR's diagnostic when op's IR holds
    an operation MLIR's verifier (and passes) cannot be run on (see
    mlir-cython/Verify.h); MLIR would crash there."""
    if mlirCyOperationFindUnverifiable(op, False).ptr == NULL:
        return 0
    cdef _ErrorCapture cap = _ErrorCapture.attach(ctx)
    mlirCyOperationFindUnverifiable(op, True)
    cap.check(False, message)


cdef void dump_operation(MlirOperation op) noexcept:
    """What mlirOperationDump prints (to stderr), on a large enough stack
    and in the generic form, unverified, for IR MLIR's verifier cannot be
    run on (what its printer does for an operation that fails
    verification)."""
    cdef string buf
    cdef MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate()
    mlirOpPrintingFlagsUseLocalScope(flags)     # as Operation::dump
    mlirCyDeepOperationPrintWithFlagsGenericIfUnverifiable(
        op, flags, append_to_string, &buf)
    mlirOpPrintingFlagsDestroy(flags)
    buf.push_back(b'\n')
    fwrite(buf.data(), 1, buf.size(), stderr)
    fflush(stderr)
