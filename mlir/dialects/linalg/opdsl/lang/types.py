"""Element type variables of the OpDSL.

An op definition does not name concrete element types; it names type
variables, and emitting the op binds each variable to the element type of
the operands declared with it. A variable is identified by its name alone:
asking for the same name twice gives the same object.

    >>> TV.Acc is TypeVar("Acc")
    True
    >>> TV.Acc is TV.Lhs
    False
    >>> TV.Lhs
    TypeVar(Lhs)

``I32``, ``I64``, ``F32`` and ``F64`` are variables that the emitter binds
to those builtin types up front; ``T``, ``U`` and ``V`` are ordinary
variables kept as short names for definitions.
"""

from typing import Dict

__all__ = [
    "TypeVar",
    "TV",
    "I32",
    "I64",
    "F32",
    "F64",
    "T",
    "U",
    "V",
]


class TypeVar:
    """A named element type placeholder, unique per name.

    >>> TypeVar("X") is TypeVar("X")
    True
    """

    ALL_TYPEVARS: Dict[str, "TypeVar"] = {}

    def __new__(cls, name: str):
        known = cls.ALL_TYPEVARS.get(name)
        if known is None:
            fresh = super().__new__(cls)
            fresh.name = name
            # setdefault: threads racing on a new name agree on one object.
            known = cls.ALL_TYPEVARS.setdefault(name, fresh)
        return known

    def __repr__(self):
        return f"TypeVar({self.name})"

    @classmethod
    def create_expando(cls):
        """An object whose attributes are the variables of those names
        (``TV.Acc`` is ``TypeVar("Acc")``)."""
        return _NameSpace(cls)


class _NameSpace:
    """Attribute access creates (or finds) the item of that name."""

    __slots__ = ("_factory",)

    def __init__(self, factory):
        self._factory = factory

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return self._factory(name)


# `TV.<name>` is the type variable of that name.
TV = TypeVar.create_expando()

I32 = TV.I32
I64 = TV.I64
F32 = TV.F32
F64 = TV.F64

T = TV.T
U = TV.U
V = TV.V
