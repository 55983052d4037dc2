"""The gpu dialect: generated ops and enums, plus upstream's extensions:
GPUFuncOp (function type, name, attributes, kernel flag, known sizes,
body builder), LaunchFuncOp / launch_func and LaunchOp / launch (a body
decorator) from (x, y, z) size tuples, wait, printf, and the
AsyncTokenType class. Its passes are registered by importing
mlir.dialects.gpu.passes."""

from .._gpu_ops_gen import *  # noqa: F401,F403
from .._gpu_ops_gen import (
    _Dialect, GPUFuncOp as _GPUFuncOp, LaunchFuncOp as _LaunchFuncOp,
    LaunchOp as _LaunchOp, TerminatorOp, WaitOp, printf as _printf)
from .._gpu_enum_gen import *  # noqa: F401,F403
from ..._mlir_libs._mlirDialectsGPU import *  # noqa: F401,F403

# As upstream's module: these mlir.ir, typing and helper names re-exported.
from typing import (  # noqa: F401,E402
    Any, Callable, List, Optional, Sequence, Tuple, Union)
from ...ir import (  # noqa: F401,E402
    ArrayAttr, Attribute, Block, DenseI32ArrayAttr, DictAttr, FunctionType,
    InsertionPoint, StringAttr, Type, TypeAttr, UnitAttr, Value,
    register_attribute_builder)
from ...extras.meta import region_op  # noqa: F401,E402
from ...extras import types as T  # noqa: E402
from ..arith import constant, ConstantOp  # noqa: E402
from .._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_default_loc_context as _get_default_loc_context,
)


def _convert_literal_to_constant(value):
    """An index arith.constant for an int; a Value or an arith.ConstantOp
    as is (upstream's helper of the launch builders)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return constant(T.index(), value)
    if isinstance(value, (ConstantOp, Value)):
        return value
    raise ValueError(f"Invalid value: {value}")
from .._ods_common import (_cext, _region_op,
                           get_op_result_or_op_results, get_op_result_or_value)
from ... import ir as _ir
from ..._mlir_libs import _ods_runtime as _rt

KERNEL_ATTRIBUTE_NAME = "gpu.kernel"
KNOWN_BLOCK_SIZE_ATTRIBUTE_NAME = "known_block_size"
KNOWN_GRID_SIZE_ATTRIBUTE_NAME = "known_grid_size"
FUNCTION_TYPE_ATTRIBUTE_NAME = "function_type"
SYM_NAME_ATTRIBUTE_NAME = "sym_name"
ARGUMENT_ATTRIBUTE_NAME = "arg_attrs"
RESULT_ATTRIBUTE_NAME = "res_attrs"


def gpu_async_token():
    return AsyncTokenType.get()


def _dense_i32_array(opname, what, v):
    if v is None or isinstance(v, _ir.DenseI32ArrayAttr):
        return v
    if isinstance(v, (list, tuple)) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in v):
        if len(v) != 3:
            raise ValueError(f"{opname}: {what} must have 3 sizes (x, y, z), "
                             f"got {len(v)}")
        return _ir.DenseI32ArrayAttr.get(list(v))
    raise ValueError(f"{opname}: {what} must be a list of 3 ints or a "
                     f"DenseI32ArrayAttr, not {type(v).__name__}")


@_cext.register_operation(_Dialect, replace=True)
class GPUFuncOp(_GPUFuncOp):
    """gpu.func from a function type (FunctionType or TypeAttr of one) and
    a name (str or StringAttr), with optional argument / result /
    workgroup / private attributions' attributes, kernel flag and known
    block / grid sizes. `body_builder`, when given, is called with the op,
    the new entry block being the insertion point."""
    __slots__ = ()

    KERNEL_ATTR_NAME = KERNEL_ATTRIBUTE_NAME
    KNOWN_BLOCK_SIZE_ATTR_NAME = KNOWN_BLOCK_SIZE_ATTRIBUTE_NAME
    KNOWN_GRID_SIZE_ATTR_NAME = KNOWN_GRID_SIZE_ATTRIBUTE_NAME
    FUNCTION_TYPE_ATTR_NAME = FUNCTION_TYPE_ATTRIBUTE_NAME
    SYM_NAME_ATTR_NAME = SYM_NAME_ATTRIBUTE_NAME

    def __init__(self, function_type, sym_name=None, arg_attrs=None,
                 res_attrs=None, kernel=None, workgroup_attrib_attrs=None,
                 private_attrib_attrs=None, known_block_size=None,
                 known_grid_size=None, loc=None, ip=None, body_builder=None):
        opname = "gpu.func"
        if isinstance(function_type, _ir.FunctionType):
            function_type = _ir.TypeAttr.get(function_type)
        elif not (isinstance(function_type, _ir.TypeAttr) and isinstance(
                function_type.value, _ir.FunctionType)):
            raise TypeError(f"{opname}: function_type must be a FunctionType "
                            "or a TypeAttr of one, not "
                            f"{type(function_type).__name__}")
        if not isinstance(sym_name, (str, _ir.StringAttr)):
            raise ValueError(f"{opname}: sym_name must be a str or a "
                             f"StringAttr, not {type(sym_name).__name__}")
        known_block_size = _dense_i32_array(opname, "known_block_size",
                                            known_block_size)
        known_grid_size = _dense_i32_array(opname, "known_grid_size",
                                           known_grid_size)
        super().__init__(function_type, arg_attrs=arg_attrs,
                         res_attrs=res_attrs,
                         workgroup_attrib_attrs=workgroup_attrib_attrs,
                         private_attrib_attrs=private_attrib_attrs,
                         loc=loc, ip=ip)
        if isinstance(sym_name, str):
            sym_name = _ir.StringAttr.get(sym_name, context=self.context)
        self.attributes[self.SYM_NAME_ATTR_NAME] = sym_name
        if kernel:
            self.attributes[self.KERNEL_ATTR_NAME] = _ir.UnitAttr.get(
                context=self.context)
        if known_block_size is not None:
            self.attributes[self.KNOWN_BLOCK_SIZE_ATTR_NAME] = \
                known_block_size
        if known_grid_size is not None:
            self.attributes[self.KNOWN_GRID_SIZE_ATTR_NAME] = known_grid_size
        if body_builder is not None:
            with _ir.InsertionPoint(self.add_entry_block()):
                body_builder(self)

    @property
    def type(self):
        return _ir.FunctionType(self.function_type.value)

    @property
    def name(self):
        return _ir.StringAttr(self.attributes[self.SYM_NAME_ATTR_NAME])

    @property
    def is_kernel(self):
        return self.KERNEL_ATTR_NAME in self.attributes

    def add_entry_block(self):
        """Creates the entry block (arguments: the function's inputs, at
        the op's location) and returns it."""
        if len(self.body.blocks) > 0:
            raise RuntimeError(
                f"Entry block already exists for {self.name.value}")
        inputs = self.type.inputs
        return self.body.blocks.append(
            *inputs, arg_locs=[self.location for _ in inputs])

    @property
    def entry_block(self):
        if len(self.body.blocks) == 0:
            raise RuntimeError(
                f"Entry block does not exist for {self.name.value}. Do you "
                "need to call the add_entry_block() method on this "
                "GPUFuncOp?")
        return self.body.blocks[0]

    @property
    def arguments(self):
        """The input types of the function type (as upstream; the entry
        block's arguments are `entry_block.arguments`)."""
        return self.type.inputs


def _index_operand(opname, what, v):
    if isinstance(v, bool):
        raise TypeError(f"{opname}: {what} must be an int or an index "
                        "Value, not bool")
    if isinstance(v, int):
        from ..arith import ConstantOp
        return ConstantOp(_ir.IndexType.get(), v).result
    return _rt._value_of(v, opname, what)


def _xyz(opname, what, sizes):
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise TypeError(f"{opname}: {what} must be a tuple (x, y, z), not "
                        f"{type(sizes).__name__}")
    sizes = list(sizes)
    if len(sizes) != 3:
        raise ValueError(f"{opname}: {what} must have 3 sizes (x, y, z), "
                         f"got {len(sizes)}")
    return [_index_operand(opname, f"{what}[{i}]", s)
            for i, s in enumerate(sizes)]


def _launch_args(opname, async_dependencies, grid_size, block_size):
    """(async token type or None, dependencies, grid x/y/z, block x/y/z) of
    a launch: async exactly when it waits on dependencies."""
    if async_dependencies is None:
        async_dependencies = []
    async_token = gpu_async_token() if async_dependencies else None
    return (async_token, async_dependencies,
            _xyz(opname, "grid_size", grid_size),
            _xyz(opname, "block_size", block_size))


@_cext.register_operation(_Dialect, replace=True)
class LaunchFuncOp(_LaunchFuncOp):
    """gpu.launch_func of a kernel (symbol path, e.g. ["module", "func"])
    with (x, y, z) grid and block sizes (ints or index Values)."""
    __slots__ = ()

    def __init__(self, kernel, grid_size, block_size, kernel_operands=None,
                 async_dependencies=None, dynamic_shared_memory_size=None,
                 async_object=None, *, loc=None, ip=None):
        async_token, async_dependencies, grid, block = _launch_args(
            "gpu.launch_func", async_dependencies, grid_size, block_size)
        super().__init__(async_token, async_dependencies, kernel, *grid,
                         *block, kernel_operands or [],
                         dynamicSharedMemorySize=dynamic_shared_memory_size,
                         asyncObject=async_object, loc=loc, ip=ip)


def launch_func(kernel, grid_size, block_size, kernel_operands=None,
                async_dependencies=None, dynamic_shared_memory_size=None,
                async_object=None, *, loc=None, ip=None):
    """Builds gpu.launch_func (see LaunchFuncOp); returns its async token,
    or the op when it has none."""
    return get_op_result_or_op_results(LaunchFuncOp(
        kernel, grid_size, block_size, kernel_operands, async_dependencies,
        dynamic_shared_memory_size, async_object, loc=loc, ip=ip))


def wait(async_dependencies=None, *, loc=None, ip=None):
    """Builds gpu.wait async on the given tokens; returns its token."""
    if async_dependencies is None:
        async_dependencies = []
    return get_op_result_or_op_results(
        WaitOp(gpu_async_token(), async_dependencies, loc=loc, ip=ip))


@_cext.register_operation(_Dialect, replace=True)
class LaunchOp(_LaunchOp):
    """gpu.launch with (x, y, z) grid and block sizes (ints or index
    Values) and its body block (block ids, thread ids, grid sizes, block
    sizes: 12 index arguments) created."""
    __slots__ = ()

    def __init__(self, grid_size, block_size, async_dependencies=None,
                 dynamic_shared_memory_size=None, *, loc=None, ip=None):
        async_token, async_dependencies, grid, block = _launch_args(
            "gpu.launch", async_dependencies, grid_size, block_size)
        super().__init__(async_token, async_dependencies, *grid, *block,
                         dynamicSharedMemorySize=dynamic_shared_memory_size,
                         loc=loc, ip=ip)
        index = _ir.IndexType.get(context=self.context)
        self.regions[0].blocks.append(*[index] * 12)


def launch_(grid_size, block_size, async_dependencies=None,
            dynamic_shared_memory_size=None, *, loc=None, ip=None):
    """Builds gpu.launch (see LaunchOp) and returns the op."""
    return LaunchOp(grid_size, block_size, async_dependencies,
                    dynamic_shared_memory_size, loc=loc, ip=ip)


launch = _region_op(launch_, terminator=lambda values: TerminatorOp())
launch.__name__ = "launch"
launch.__doc__ = """gpu.launch as a decorator: `@gpu.launch(grid_size, block_size)`
over a function of the 12 index arguments of the body (block ids, thread
ids, grid sizes, block sizes); the body is ended by gpu.terminator.
Evaluates to the async token, or the op."""


def printf(format, *args, loc=None, ip=None):
    """gpu.printf of a format string and Values."""
    return _printf(format=format, args=list(args), loc=loc, ip=ip)
