"""Scalar expressions: the body of a structured op, one element at a time.

A comprehension's right-hand side becomes a tree of ``ScalarExpression``
nodes, each holding exactly one of a function application (``ScalarFn``),
a block argument by operand name (``ScalarArg``), a constant
(``ScalarConst``, the attribute's text) or an iteration index
(``ScalarIndex``). ``ScalarAssign`` pairs an output operand with its value.
These classes are written to the YAML op description as they are and are
what the emitter evaluates to build the op body.
"""

from enum import Enum  # noqa: F401  (in upstream's namespace of this module)
from typing import Optional, Sequence

from .types import TypeVar
from .yaml_helper import YAMLObject

__all__ = [
    "ScalarAssign",
    "ScalarFn",
    "ScalarArg",
    "ScalarConst",
    "ScalarIndex",
    "ScalarExpression",
]


def _exactly_one(what, **given):
    if sum(v is not None and v != "" for v in given.values()) != 1:
        names = ", ".join(f"'{n}'" for n in given)
        raise ValueError(f"{what}: give exactly one of {names}")


class ScalarFn:
    """A function applied to scalar expressions: named by `fn_name`, or
    by `attr_name`, the attribute operand that chooses it when the op is
    built. `type_var` is the target of a type conversion."""

    def __init__(
        self,
        kind: "FunctionKind",      # comprehension.FunctionKind
        fn_name: Optional[str],
        attr_name: Optional[str],
        type_var: Optional[TypeVar],
        operands: Sequence["ScalarExpression"],
    ):
        _exactly_one("ScalarFn", fn_name=fn_name, attr_name=attr_name)
        self.kind = kind
        self.fn_name = fn_name
        self.attr_name = attr_name
        self.type_var = type_var
        self.operands = list(operands)

    def expr(self) -> "ScalarExpression":
        """This application as a ``ScalarExpression``."""
        return ScalarExpression(scalar_fn=self)

    def __repr__(self):
        name = self.fn_name or self.attr_name
        operands = ", ".join(repr(o) for o in self.operands)
        return (f"ScalarFn<{self.kind.name}.{name}>(type_var={self.type_var}, "
                f"operands=[{operands}])")


class ScalarArg:
    """The element of the operand named `arg` (a block argument)."""

    def __init__(self, arg: str):
        self.arg = arg

    def expr(self) -> "ScalarExpression":
        """This reference as a ``ScalarExpression``."""
        return ScalarExpression(scalar_arg=self)

    def __repr__(self):
        return f"ScalarArg({self.arg})"


class ScalarConst:
    """A constant, held as the text of its typed attribute
    (``'42 : i64'``)."""

    def __init__(self, value: str):
        self.value = value

    def expr(self) -> "ScalarExpression":
        """This constant as a ``ScalarExpression``."""
        return ScalarExpression(scalar_const=self)

    def __repr__(self):
        return f"ScalarConst({self.value})"


class ScalarIndex:
    """The current index along iteration dimension `dim` (a position)."""

    def __init__(self, dim: int):
        self.dim = dim

    def expr(self) -> "ScalarExpression":
        """This index as a ``ScalarExpression``."""
        return ScalarExpression(scalar_index=self)

    def __repr__(self):
        return f"ScalarIndex({self.dim})"


class ScalarExpression(YAMLObject):
    """One node of a scalar expression tree: exactly one of `scalar_fn`,
    `scalar_arg`, `scalar_const`, `scalar_index` is set."""

    yaml_tag = "!ScalarExpression"

    def __init__(
        self,
        scalar_fn: Optional[ScalarFn] = None,
        scalar_arg: Optional[ScalarArg] = None,
        scalar_const: Optional[ScalarConst] = None,
        scalar_index: Optional[ScalarIndex] = None,
    ):
        _exactly_one("ScalarExpression", scalar_fn=scalar_fn,
                     scalar_arg=scalar_arg, scalar_const=scalar_const,
                     scalar_index=scalar_index)
        self.scalar_fn = scalar_fn
        self.scalar_arg = scalar_arg
        self.scalar_const = scalar_const
        self.scalar_index = scalar_index

    def to_yaml_custom_dict(self):
        """``scalar_fn`` (kind, fn_name or attr_name, type_var, operands),
        ``scalar_arg``, ``scalar_const`` or ``scalar_index``."""
        fn = self.scalar_fn
        if fn is not None:
            out = {"kind": fn.kind.name.lower()}
            if fn.fn_name:
                out["fn_name"] = fn.fn_name
            if fn.attr_name:
                out["attr_name"] = fn.attr_name
            if fn.type_var is not None:
                out["type_var"] = fn.type_var.name
            out["operands"] = list(fn.operands)
            return {"scalar_fn": out}
        if self.scalar_arg is not None:
            return {"scalar_arg": self.scalar_arg.arg}
        if self.scalar_const is not None:
            return {"scalar_const": self.scalar_const.value}
        return {"scalar_index": self.scalar_index.dim}

    def __repr__(self):
        node = next(n for n in (self.scalar_fn, self.scalar_arg,
                                self.scalar_const, self.scalar_index)
                    if n is not None)
        return repr(node)


class ScalarAssign(YAMLObject):
    """The value (a ``ScalarExpression``) yielded for output `arg`."""

    yaml_tag = "!ScalarAssign"

    def __init__(self, arg: str, value: ScalarExpression):
        self.arg = arg
        self.value = value

    def to_yaml_custom_dict(self):
        """``arg`` and ``value``."""
        return {"arg": self.arg, "value": self.value}

    def __repr__(self):
        return f"ScalarAssign({self.arg}, {self.value!r})"
