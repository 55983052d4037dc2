"""Defining ops: ``linalg_structured_op`` and the statements used inside a
definition (``domain``, ``implements``, ``defines``).

    @linalg_structured_op
    def matmul(A=TensorDef(T1, S.M, S.K),
               B=TensorDef(T2, S.K, S.N),
               C=TensorDef(U, S.M, S.N, output=True)):
        domain(D.m, D.n, D.k)
        C[D.m, D.n] += TypeFn.cast_signed(U, A[D.m, D.k]) * \\
            TypeFn.cast_signed(U, B[D.k, D.n])

The decorator runs the function once, with its parameter defaults as
arguments, to record the op (a ``LinalgOpDef``), and returns a
``DefinedOpCallable`` that builds the op when called:
``matmul(a, b, outs=[c])``.
"""

import contextlib
import functools
import inspect
import threading
from typing import Sequence, Union

from ..... import ir
from ...._ods_common import (
    get_op_result_or_value as _get_op_result_or_value,
    get_op_results_or_values as _get_op_results_or_values,
)
from . import (affine, comprehension, config, emitter, scalar_expr, types,
               yaml_helper)
from .affine import *
from .comprehension import *
from .config import *
from .emitter import *
from .emitter import _NamedFastPath, _plan
from .scalar_expr import *
from .types import *
from .yaml_helper import *

StructuredOpOuts = Union[
    ir.Operation,
    ir.OpView,
    ir.OpResultList,
    Sequence[Union[ir.Value, ir.Operation, ir.OpView]],
]

_STATE = threading.local()


@contextlib.contextmanager
def bind_op_def(op_def: LinalgOpDef):
    """Makes `op_def` the op being defined (on this thread) while the
    block runs; definitions do not nest."""
    if getattr(_STATE, "op_def", None) is not None:
        raise ValueError("Cannot recursively define an operation")
    _STATE.op_def = op_def
    try:
        yield op_def
    finally:
        _STATE.op_def = None


def current_op_def() -> LinalgOpDef:
    """The op being defined; ValueError outside a definition."""
    op_def = getattr(_STATE, "op_def", None)
    if op_def is None:
        raise ValueError(
            "Attempt to access the current op definition being defined but "
            "none is set. Did you mean to call this in an op definition?")
    return op_def


def _prepare_structured_op_outs(outs: StructuredOpOuts) -> ValueList:
    if isinstance(outs, (ir.Operation, ir.OpView)):
        return _get_op_results_or_values(outs)
    if isinstance(outs, ir.OpResultList):
        return outs
    return [_get_op_result_or_value(o) for o in outs]


_PLACEMENT = frozenset(("loc", "ip"))


class DefinedOpCallable:
    """A defined op (`op_def`, named `op_name`); calling it builds the op.

    ``op(*ins, outs=[...], **kwargs)`` takes the inputs (tensors and
    scalars) positionally and the outputs as ``outs``. It builds the named
    op when MLIR registers ``linalg.<op_name>``, a ``linalg.generic`` when it
    does not or when called with ``emit_generic=True``. Other keywords set
    attribute operands or place the op (see ``emitter``). Returns the op's
    result, or its results when it has several or none (outputs that are
    memrefs give no results).
    """

    def __init__(self, op_name: str, op_def: LinalgOpDef):
        self.op_name = op_name
        self.op_def = op_def

    def __call__(self, *ins: Union[ir.Operation, ir.OpView, ir.Value],
                 outs: StructuredOpOuts, **kwargs):
        # The named form's fast path, once this context has built the op
        # (_NamedFastPath); any call it does not take goes on below.
        if not kwargs or kwargs.keys() <= _PLACEMENT:
            ctx = ir.Context.current
            fast = None if ctx is None else \
                ctx._cache("linalg.opdsl.named").get(self.op_def)
            if fast is not None:
                result = fast.emit(ins, outs, kwargs.get("loc"),
                                   kwargs.get("ip"))
                if result is not None:
                    return result
        emit_generic = kwargs.pop("emit_generic", False)
        if not isinstance(emit_generic, bool):
            raise ValueError(
                "The named argument 'emit_generic' needs to be  of type bool "
                f"but got {type(emit_generic)}")
        ctx = ir.Context.current
        # The configuration (affine maps of the context) is the same for
        # every call in one context: computed once, kept by the context.
        cache = ctx._cache("linalg.opdsl")
        configs = cache.get(self.op_def)
        if configs is None:
            configs = LinalgOpConfig.from_linalg_op_def(self.op_def,
                                                        context=ctx)
            cache[self.op_def] = configs
        if len(configs) != 1:
            raise NotImplementedError(
                f"Emission of composite linalg ops not supported: {configs}")
        config = configs[0].structured_op
        if config is None:
            raise NotImplementedError(
                f"Emission of linalg op type not supported: {configs[0]}")

        # Looking the dialect up loads it, so that its ops count as
        # registered (known once the named op has been built here).
        class_name = self.op_def.metadata.cpp_class_name
        if not emit_generic and \
                (self.op_name, class_name) not in _plan(config).named_classes:
            ctx.get_dialect_descriptor("linalg")
            if not ctx.is_registered_operation("linalg." + self.op_name):
                emit_generic = True

        out_values = _prepare_structured_op_outs(outs)
        in_values = [_get_op_result_or_value(i) for i in ins]
        if emit_generic:
            return emit_generic_structured_op(config, *in_values,
                                              outs=out_values, **kwargs)
        result = emit_named_structured_op(
            config, self.op_name, class_name, *in_values, outs=out_values,
            **kwargs)
        fast_paths = ctx._cache("linalg.opdsl.named")
        if self.op_def not in fast_paths and _NamedFastPath.applies(config):
            fast_paths[self.op_def] = _NamedFastPath(config, self.op_name,
                                                    class_name)
        return result

    def __repr__(self):
        return f"<DefinedOpCallable linalg.{self.op_name}>"


_OPERAND_DEFAULTS = (
    TensorDef,
    ScalarDef,
    IndexAttrDef,
    UnaryFnAttrDef,
    BinaryFnAttrDef,
    TernaryFnAttrDef,
    TypeFnAttrDef,
)


def _class_name(op_name: str) -> str:
    """``conv_2d_nhwc_hwcf`` -> ``Conv2DNhwcHwcfOp``."""
    return "".join(part.title() for part in op_name.split("_")) + "Op"


def linalg_structured_op(dsl_func=None, *, op_name=None,
                         op_class_name=None) -> DefinedOpCallable:
    """Decorator defining a structured op from `dsl_func` (see the module
    documentation). The op is named like the function unless `op_name` is
    given; its C++ class name defaults to the CamelCase name plus ``Op``.
    Usable bare or called with the keyword arguments."""
    if dsl_func is None:
        return functools.partial(linalg_structured_op, op_name=op_name,
                                 op_class_name=op_class_name)
    if op_name is None:
        op_name = dsl_func.__name__
    if op_class_name is None:
        op_class_name = _class_name(op_name)
    op_def = LinalgOpDef(name=op_name, cpp_class_name=op_class_name,
                         doc=inspect.getdoc(dsl_func))

    arguments = []
    for name, param in inspect.signature(dsl_func).parameters.items():
        default = param.default
        if not isinstance(default, _OPERAND_DEFAULTS):
            raise ValueError(
                "@linalg_structured_op function parameters must be defaulted "
                "as TensorDef(...), ScalarDef(...), or IndexAttrDef(...): "
                f"Found {name}: {default}")
        op_def.add_operand(name, default.operand_def)
        arguments.append(default)

    with bind_op_def(op_def):
        dsl_func(*arguments)
    return DefinedOpCallable(op_name, op_def)


def domain(*dimensions: DimDef):
    """Sets the iteration domain's dimensions, in this order (by default
    the dimensions used, sorted by name)."""
    if not all(isinstance(d, DimDef) for d in dimensions):
        raise ValueError(f"Expected dimensions of type DimDef but got {dimensions}")
    current_op_def().domain.extend(dimensions)


def implements(*interfaces: OpInterfaceDef):
    """Declares op interfaces the op implements (``ContractionOpInterface``
    ...)."""
    if not all(isinstance(i, OpInterfaceDef) for i in interfaces):
        raise ValueError(
            f"Expected interfaces of type OpInterfaceDef but got {interfaces}")
    current_op_def().metadata.implements.extend(interfaces)


def defines(*definitions: OpDefinitionDef):
    """Declares optional op definitions the op has (``Canonicalizer``)."""
    if not all(isinstance(d, OpDefinitionDef) for d in definitions):
        raise ValueError(
            f"Expected definitions of type OpDefinitionDef but got {definitions}")
    current_op_def().metadata.defines.extend(definitions)


# This module's names, then the whole language's: the submodules' own
# lists, in the form of __all__ that type checkers follow.
__all__ = [
    "StructuredOpOuts", "bind_op_def", "current_op_def", "DefinedOpCallable",
    "linalg_structured_op", "domain", "implements", "defines",
]
__all__ += affine.__all__
__all__ += types.__all__
__all__ += yaml_helper.__all__
__all__ += scalar_expr.__all__
__all__ += comprehension.__all__
__all__ += config.__all__
__all__ += emitter.__all__
