"""The func dialect: generated ops plus upstream's FuncOp / CallOp
extensions."""

import inspect as _inspect

from ._func_ops_gen import *  # noqa: F401,F403
from ._func_ops_gen import (_Dialect, FuncOp as _FuncOp, CallOp as _CallOp,
                            ConstantOp as _ConstantOp, ReturnOp)
from ._func_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
import inspect  # noqa: F401,E402
from typing import Any, List, Optional, Sequence, Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_default_loc_context as _get_default_loc_context,
)
from ._ods_common import _cext
from .._mlir_libs import _ods_runtime as _rt
from .. import ir as _ir

ARGUMENT_ATTRIBUTE_NAME = "arg_attrs"
RESULT_ATTRIBUTE_NAME = "res_attrs"


@_cext.register_operation(_Dialect, replace=True)
class FuncOp(_FuncOp):
    """func.func from a name and a function type (or (inputs, results))."""
    __slots__ = ()

    # Compiled: no Python frame per function built.
    __init__ = _rt._func_op_init

    @property
    def is_external(self):
        return len(self.regions[0].blocks) == 0

    @property
    def body(self):
        return self.regions[0]

    type = property(_rt._func_type)

    @property
    def visibility(self):
        return self.sym_visibility

    @property
    def name(self):
        return self.sym_name

    @property
    def entry_block(self):
        return _rt._entry_block(self, "External function does not have a "
                                "body")

    # Adds the entry block (arguments: the function's inputs); compiled.
    add_entry_block = _rt._func_add_entry_block

    @property
    def arg_attrs(self):
        """The argument attributes (an ArrayAttr of DictAttrs); without an
        `arg_attrs` attribute, one empty DictAttr per function input."""
        if ARGUMENT_ATTRIBUTE_NAME not in self.attributes:
            inputs, _ = _rt._function_type_io(self.type)
            ctx = self.context
            return _ir.ArrayAttr.get(
                [_ir.DictAttr.get({}, context=ctx) for _ in inputs],
                context=ctx)
        return _ir.ArrayAttr(self.attributes[ARGUMENT_ATTRIBUTE_NAME])

    @arg_attrs.setter
    def arg_attrs(self, attribute):
        if not isinstance(attribute, _ir.ArrayAttr):
            attribute = _ir.ArrayAttr.get(list(attribute),
                                          context=self.context)
        self.attributes[ARGUMENT_ATTRIBUTE_NAME] = attribute

    @property
    def result_attrs(self):
        """The `res_attrs` attribute (KeyError when the op has none)."""
        return self.attributes[RESULT_ATTRIBUTE_NAME]

    @result_attrs.setter
    def result_attrs(self, attribute):
        self.attributes[RESULT_ATTRIBUTE_NAME] = attribute

    arguments = property(_rt._func_arguments)

    @classmethod
    def from_py_func(cls, *inputs, results=None, name=None):
        """Decorator: builds a func.func from a Python function, called
        with the entry block arguments (and `func_op=` when it accepts
        that keyword or **kwargs).

        With results=None, the function's return values (a Value, a
        sequence of Values, or an operation) become the operands of an
        implicit func.return and the result types are inferred from them.
        With explicit results=, the function must return None and end the
        body itself: no func.return is added.

        The returned wrapper emits a func.call at the current insertion
        point and returns its single result, or its result list (possibly
        empty); it has a `func_op` attribute."""

        def decorator(f):
            sig = _inspect.signature(f)
            has_arg_func_op = any(
                p.kind == p.VAR_KEYWORD or (
                    p.name == "func_op" and p.kind in (
                        p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
                for p in sig.parameters.values())
            symbol = name or f.__name__
            implicit_return = results is None
            ftype = _rt._function_type(
                list(inputs), [] if implicit_return else list(results))
            func_op = cls(symbol, ftype)
            with _ir.InsertionPoint(func_op.add_entry_block()):
                args = func_op.entry_block.arguments
                kwargs = {"func_op": func_op} if has_arg_func_op else {}
                returned = f(*args, **kwargs)
                if not implicit_return:
                    if returned is not None:
                        raise AssertionError(
                            "Capturing a python function with explicit "
                            "`results=` requires that the wrapped function "
                            "returns None.")
                    return_types = list(results)
                else:
                    if returned is None:
                        values = []
                    elif isinstance(returned, _ir.Value):
                        values = [returned]
                    elif isinstance(returned, (_ir.OpView, _ir.Operation)):
                        values = list(returned.results)
                    else:
                        values = []
                        for v in returned:
                            if isinstance(v, (_ir.OpView, _ir.Operation)):
                                values.extend(v.results)
                            else:
                                values.append(v)
                    ReturnOp(values)
                    return_types = [v.type for v in values]
                    func_op.attributes["function_type"] = _rt._type_attr(
                        _rt._function_type(list(inputs), return_types))

            def emit_call_op(*call_args):
                call = CallOp(return_types, symbol, list(call_args))
                if len(return_types) == 1:
                    return call.result
                return call.results

            wrapped = emit_call_op
            wrapped.__name__ = f.__name__
            wrapped.func_op = func_op
            return wrapped

        return decorator


def _init(self, name, type, *, visibility=None, body_builder=None,
          loc=None, ip=None):
    pass


def _add_entry_block(self, arg_locs: Optional[Sequence[_ir.Location]] = None):
    pass


_rt._take_signature(FuncOp.__init__, _init, "FuncOp.__init__")
_rt._take_signature(FuncOp.add_entry_block, _add_entry_block,
                    "FuncOp.add_entry_block")
del _init, _add_entry_block


func = FuncOp.from_py_func


@_cext.register_operation(_Dialect, replace=True)
class ConstantOp(_ConstantOp):
    """func.constant with a `type` property (its result type)."""
    __slots__ = ()

    @property
    def type(self):
        return self.results[0].type


@_cext.register_operation(_Dialect, replace=True)
class CallOp(_CallOp):
    """func.call of a FuncOp (CallOp(func_op, args)) or of a symbol
    (CallOp(result_types, callee, args))."""
    __slots__ = ()

    def __init__(self, calleeOrResults, argumentsOrCallee, arguments=None,
                 *, loc=None, ip=None):
        if isinstance(calleeOrResults, FuncOp):
            if arguments is not None:
                raise ValueError("func.call: with a FuncOp callee, pass the "
                                 "arguments as the second argument")
            callee = calleeOrResults
            _, result_types = _rt._function_type_io(callee.type)
            symbol = _ir.Attribute.parse(
                "@" + _quote(_rt._string_value(callee.sym_name)),
                context=callee.context)
            super().__init__(result_types, symbol, list(argumentsOrCallee),
                             loc=loc, ip=ip)
            return
        if arguments is None:
            raise ValueError("func.call: pass (result_types, callee, "
                             "arguments) or (func_op, arguments)")
        callee = argumentsOrCallee
        if isinstance(callee, str):
            with _maybe_location(loc):
                callee = _ir.Attribute.parse("@" + _quote(callee))
        super().__init__(list(calleeOrResults), callee, list(arguments),
                         loc=loc, ip=ip)


def _quote(s):
    from ._ods_common import _mlir_str
    return _mlir_str(s)


class _maybe_location:
    """Enters `loc` (so attribute helpers find its context) when given."""

    def __init__(self, loc):
        self.loc = loc

    def __enter__(self):
        if self.loc is not None:
            self.loc.__enter__()

    def __exit__(self, *exc):
        if self.loc is not None:
            self.loc.__exit__(*exc)
