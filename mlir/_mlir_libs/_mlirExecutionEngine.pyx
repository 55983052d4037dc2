# cython: language_level=3, annotation_typing=False
"""mlir.execution_engine: JIT-compile a module lowered to the LLVM dialect
and call its functions (mlir-c/ExecutionEngine.h)."""

import ctypes
import os

cimport cython
from libc.stdint cimport uintptr_t
from libcpp.vector cimport vector

from mlir._mlir_libs._ir cimport (
    Context, Module, ir_section_enter, ir_section_exit, PyThreadState,
    gil_release_for, gil_restore)
from mlir._mlir_libs.capi.support cimport (
    MlirStringRef, mlirStringRefCreate, mlirLogicalResultIsFailure,
)
from mlir._mlir_libs.capi.ir cimport (
    MlirOperation, MlirAttribute, MlirType, mlirModuleGetOperation,
    mlirOperationGetNumRegions, mlirOperationGetRegion, mlirRegionGetFirstBlock,
    mlirBlockGetFirstOperation, mlirOperationGetNextInBlock,
    mlirOperationGetName, mlirIdentifierStr, mlirOperationGetAttributeByName,
    mlirTypeEqual,
)
from mlir._mlir_libs.capi.builtin_attributes cimport (
    mlirStringAttrGetValue, mlirTypeAttrGetValue, mlirAttributeIsAString,
)
from mlir._mlir_libs.capi.dialect.llvm cimport (
    mlirLLVMFunctionTypeGetNumInputs, mlirLLVMFunctionTypeGetReturnType,
    mlirLLVMVoidTypeGet,
)
from mlir._mlir_libs.capi.ir cimport mlirTypeGetContext
from mlir._mlir_libs.capi.execution_engine cimport *
from mlir._mlir_libs.capi.bindings.python.interop cimport (
    MLIR_PYTHON_CAPSULE_EXECUTION_ENGINE,
)
from cpython.pycapsule cimport PyCapsule_New, PyCapsule_IsValid, PyCapsule_GetPointer

from mlir._mlir_libs._ir import MLIRError

_LLVM_LIB = os.path.join(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"),
                         "lib")
# A self-contained build (setup.py, tools/runtime_libs.py) ships the runtime libraries here.
_BUNDLED_LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime")
RUNTIME_LIBRARIES = ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so")


def runtime_library_path(name: str) -> str:
    """Full path of an MLIR runtime library of LLVM 22 (a name such as
    'libmlir_c_runner_utils.so'): the copy a self-contained wheel ships in
    mlir/_mlir_libs/runtime if there is one, else the one in LLVM's lib
    dir. Paths are returned unchanged."""
    if os.sep in name:
        return name
    bundled = os.path.join(_BUNDLED_LIB, name)
    if os.path.exists(bundled):
        return bundled
    return os.path.join(_LLVM_LIB, name)


cdef inline MlirStringRef _ref(bytes b):
    return mlirStringRefCreate(<const char*>b, len(b))


cdef dict _function_arities(MlirOperation module_op):
    """symbol -> number of packed arguments (params + 1 if it returns), for
    the llvm.func definitions of a module."""
    cdef dict out = {}
    if mlirOperationGetNumRegions(module_op) == 0:
        return out
    cdef MlirOperation op = mlirBlockGetFirstOperation(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(module_op, 0)))
    cdef MlirAttribute name_attr, type_attr
    cdef MlirType fty
    cdef bytes key_name = b"sym_name", key_type = b"function_type"
    while op.ptr != NULL:
        nm = mlirIdentifierStr(mlirOperationGetName(op))
        if nm.data[:nm.length] == b"llvm.func":
            name_attr = mlirOperationGetAttributeByName(op, _ref(key_name))
            type_attr = mlirOperationGetAttributeByName(op, _ref(key_type))
            if name_attr.ptr != NULL and type_attr.ptr != NULL:
                s = mlirStringAttrGetValue(name_attr)
                fty = mlirTypeAttrGetValue(type_attr)
                n = mlirLLVMFunctionTypeGetNumInputs(fty)
                if not mlirTypeEqual(mlirLLVMFunctionTypeGetReturnType(fty),
                                     mlirLLVMVoidTypeGet(mlirTypeGetContext(fty))):
                    n += 1
                out[s.data[:s.length].decode()] = n
        op = mlirOperationGetNextInBlock(op)
    return out


def _signature(module, opt_level=2, shared_libs=None,
               enable_object_dump=True, enable_pic=False):
    """ExecutionEngine's parameters, for inspect.signature."""


@cython.final
@cython.no_gc_clear
cdef class ExecutionEngine:
    """JIT-compiles a module in the LLVM dialect.

    ExecutionEngine(module, opt_level=2, shared_libs=None,
                    enable_object_dump=True, enable_pic=False)

    A module that does not translate to LLVM IR raises RuntimeError
    ("Failure while creating the ExecutionEngine."), MLIR's diagnostics
    going to the context's handlers (stderr by default), as upstream.

    shared_libs=None loads MLIR's C runner utilities (printing, memref
    helpers); names without a directory are found as
    runtime_library_path() says."""
    cdef MlirExecutionEngine c_engine
    cdef Module _module
    cdef dict _arities
    cdef list callbacks

    # What inspect.signature(ExecutionEngine) reports (an extension type's
    # __init__ has no signature of its own).
    __signature__ = __import__("inspect").signature(_signature)

    def __init__(self, Module module not None, int opt_level=2,
                 shared_libs: Sequence[str] | None = None,
                 bint enable_object_dump=True, bint enable_pic=False):
        if not 0 <= opt_level <= 3:
            raise ValueError("opt_level must be 0, 1, 2 or 3")
        if shared_libs is None:
            shared_libs = RUNTIME_LIBRARIES
        paths = [runtime_library_path(os.fspath(p)).encode() for p in shared_libs]
        for p in paths:
            if not os.path.exists(p):
                raise FileNotFoundError(f"shared library not found: {p.decode()}")
        cdef vector[MlirStringRef] refs
        for p in paths:
            refs.push_back(_ref(p))
        # As upstream: MLIR's diagnostics go to the context's handlers (by
        # default printed to stderr), and the error says that creation failed.
        # Reads the module without the GIL: a shared section (see _ir.pxd).
        cdef int t = ir_section_enter(module.context, False)
        cdef PyThreadState* _ts
        try:
            _ts = gil_release_for(module.context)
            self.c_engine = mlirExecutionEngineCreate(
                module.c_module, opt_level, <int>refs.size(), refs.data(),
                enable_object_dump, enable_pic)
            gil_restore(_ts)
        finally:
            ir_section_exit(module.context, t)
        if self.c_engine.ptr == NULL:
            raise RuntimeError(
                "Failure while creating the ExecutionEngine. (Is the module "
                "fully lowered to the LLVM dialect? MLIR's diagnostics went to "
                "the context's diagnostic handlers.)")
        self._module = module
        self._arities = _function_arities(mlirModuleGetOperation(module.c_module))
        self.callbacks = []

    def __dealloc__(self):
        if self.c_engine.ptr != NULL:
            mlirExecutionEngineDestroy(self.c_engine)

    cdef MlirExecutionEngine _engine(self) except *:
        if self.c_engine.ptr == NULL:
            raise RuntimeError("the ExecutionEngine has been released "
                               "(_testing_release)")
        return self.c_engine

    def _testing_release(self):
        """Gives up ownership of the C engine without destroying it (tests
        of the capsule protocol: _CAPICreate adopts it again)."""
        self.c_engine.ptr = NULL

    @staticmethod
    def _CAPICreate(capsule):
        """An ExecutionEngine adopting the engine of a capsule made by
        _CAPIPtr (after _testing_release): the result destroys it."""
        if not PyCapsule_IsValid(capsule, MLIR_PYTHON_CAPSULE_EXECUTION_ENGINE):
            raise TypeError("expected a capsule of "
                            + MLIR_PYTHON_CAPSULE_EXECUTION_ENGINE.decode())
        cdef ExecutionEngine e = ExecutionEngine.__new__(ExecutionEngine)
        e.c_engine.ptr = PyCapsule_GetPointer(
            capsule, MLIR_PYTHON_CAPSULE_EXECUTION_ENGINE)
        e._module = None
        e._arities = {}
        e.callbacks = []
        return e

    def raw_lookup(self, str name not None) -> int:
        """Address of the packed wrapper `_mlir_<name>` (0 if absent)."""
        cdef bytes b = name.encode()
        return <uintptr_t>mlirExecutionEngineLookupPacked(self._engine(), _ref(b))

    @property
    def module(self):
        """The Module the engine compiled (None for an engine made from a
        capsule)."""
        return self._module

    @property
    def arities(self) -> dict[str, int]:
        """The argument counts of the module's functions, by symbol name
        (the `_mlir_ciface_` wrappers included)."""
        return self._arities

    def lookup(self, str name not None) -> Callable[[Any], None]:
        """The packed wrapper of `name`, a function emitted with the
        llvm.emit_c_interface attribute, as a ctypes function taking a
        void** array of argument (then result) pointers."""
        addr = self.raw_lookup("_mlir_ciface_" + name)
        if not addr:
            raise RuntimeError(f"Unknown function {name} (is it defined with "
                               "the llvm.emit_c_interface attribute?)")
        fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr)
        # The compiled code lives as long as the engine: the function keeps
        # it alive (`ExecutionEngine(m).lookup("f")(...)` would otherwise
        # call freed code).
        fn._engine = self
        return fn

    def invoke(self, str name not None, *ctypes_args: Any) -> None:
        """Calls `name` (an llvm.emit_c_interface function) through its
        packed wrapper. Each argument is a ctypes pointer (or array) to a
        parameter value of its C interface (_mlir_ciface_<name>), in order,
        then one to where a scalar result goes; memref and multiple results
        come back through its first parameter, a pointer to the result
        descriptor or struct. A memref is passed as a pointer to a pointer
        to its descriptor (mlir.runtime)."""
        func = self.lookup(name)
        expected = self._arities.get("_mlir_ciface_" + name)
        if expected is not None and len(ctypes_args) != expected:
            raise TypeError(f"{name} takes {expected} arguments (a pointer to "
                            f"each parameter of its C interface, in order, "
                            f"then one to its result if it returns a scalar; "
                            f"memref and multiple results come back through "
                            f"its first parameter), got {len(ctypes_args)}")
        packed = (ctypes.c_void_p * len(ctypes_args))()
        for i, arg in enumerate(ctypes_args):
            if not isinstance(arg, (ctypes._Pointer, ctypes.Array, ctypes.c_void_p)):
                raise TypeError(
                    f"argument {i} of {name} must be a ctypes pointer or array "
                    f"(e.g. ctypes.pointer(x)), not {type(arg).__name__}")
            packed[i] = ctypes.cast(arg, ctypes.c_void_p)
        func(packed)

    def raw_register_runtime(self, str name not None, address: int) -> None:
        """Makes symbol `name` resolve to `address` in the JITed code."""
        cdef bytes b = name.encode()
        if not isinstance(address, int) or address == 0:
            raise TypeError("address must be a non-zero int")
        mlirExecutionEngineRegisterSymbol(self._engine(), _ref(b), <void*><uintptr_t>address)

    def register_runtime(self, str name not None,
                         ctypes_callback: Any) -> None:
        """Makes symbol `name` call a ctypes callback (kept alive by the
        engine). Call before initialize() or the first invoke."""
        if not isinstance(ctypes_callback, ctypes._CFuncPtr):
            raise TypeError("register_runtime needs a ctypes function (CFUNCTYPE)")
        self.callbacks.append(ctypes_callback)
        self.raw_register_runtime(
            "_mlir_ciface_" + name,
            ctypes.cast(ctypes_callback, ctypes.c_void_p).value)

    def initialize(self) -> None:
        """Runs the module's global constructors."""
        mlirExecutionEngineInitialize(self._engine())

    def dump_to_object_file(self, file_name: str) -> None:
        """Writes the compiled object (needs enable_object_dump=True)."""
        cdef bytes b = os.fsencode(file_name)
        mlirExecutionEngineDumpToObjectFile(self._engine(), _ref(b))

    @property
    def _CAPIPtr(self):
        return PyCapsule_New(self._engine().ptr, MLIR_PYTHON_CAPSULE_EXECUTION_ENGINE,
                             NULL)

# Classes named as upstream names its own (messages quote the bare name).
# (Upstream's mlir.execution_engine subclasses its native ExecutionEngine;
# here the one class keeps the native module's name, which upstream's
# _CAPICreate objects show.)
from mlir._mlir_libs._ir import _settle_classes as _settle
_settle(globals(), __name__)
del _settle
