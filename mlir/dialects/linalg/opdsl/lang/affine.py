"""Symbolic affine expressions of the OpDSL.

Op definitions index tensors with expressions over named dimensions
(``D.oh``) and named symbols (``S.SH``). These are Python objects only;
``build`` turns one into an ``ir.AffineExpr``, numbering the dimensions and
symbols in the order an ``AffineBuildState`` first meets them, so several
expressions built against one state share one numbering.

    >>> from mlir import ir
    >>> with ir.Context():
    ...     state = AffineBuildState()
    ...     print((D.row * 2 + D.col).build(state))
    ...     print((S.Len // 4 + S.Pad % 3).build(state))
    ...     print((D.col + S.Pad).build(state))
    ...     state
    d0 * 2 + d1
    s0 floordiv 4 + s1 mod 3
    d1 + s1
    AffineBuildState<
      symbols={'Len': 0, 'Pad': 1}
      dims={'row': 0, 'col': 1}>

Dimensions and symbols are unique per name:

    >>> D.row is DimDef("row"), D.row is D.col
    (True, False)
    >>> S.Pad
    Symbol(Pad)
"""

from typing import Callable, Dict, Optional

from ..... import ir as _ir

__all__ = [
    "AffineBuildState",
    "AffineExprDef",
    "D",
    "DimDef",
    "S",
    "SymbolDef",
]


class AffineBuildState:
    """Positions given to dimension and symbol names while building.

    A state made with ``global_state=`` shares that state's numbering (new
    names it meets are numbered there too) and records on its own which
    names it used (``local_dims``, ``local_symbols``). ``allow_new_dims`` /
    ``allow_new_symbols`` set to False make meeting an unknown name a
    ``ValueError``.
    """

    def __init__(
        self,
        *,
        global_state: Optional["AffineBuildState"] = None,
        allow_new_symbols: bool = True,
        allow_new_dims: bool = True,
    ):
        if global_state is None:
            self.all_symbols: Dict[str, int] = {}
            self.all_dims: Dict[str, int] = {}
        else:
            self.all_symbols = global_state.all_symbols
            self.all_dims = global_state.all_dims
        self.local_symbols: Dict[str, int] = {}
        self.local_dims: Dict[str, int] = {}
        self.allow_new_symbols = allow_new_symbols
        self.allow_new_dims = allow_new_dims

    @staticmethod
    def _position(name, known, used, allowed, what):
        pos = known.get(name)
        if pos is None:
            if not allowed:
                raise ValueError(
                    f"New {what}s not allowed in the current affine "
                    f"expression: Requested '{name}', Available: {known}"
                )
            pos = known[name] = len(known)
        used[name] = pos
        return pos

    def get_dim(self, dimname: str) -> int:
        """The position of the dimension `dimname` (numbered on first use)."""
        return self._position(dimname, self.all_dims, self.local_dims,
                              self.allow_new_dims, "dimension")

    def get_symbol(self, symname: str) -> int:
        """The position of the symbol `symname` (numbered on first use)."""
        return self._position(symname, self.all_symbols, self.local_symbols,
                              self.allow_new_symbols, "symbol")

    @property
    def local_dim_count(self) -> int:
        """How many dimensions expressions built with this state used."""
        return len(self.local_dims)

    @property
    def local_symbol_count(self) -> int:
        """How many symbols expressions built with this state used."""
        return len(self.local_symbols)

    @property
    def dim_count(self) -> int:
        """How many dimensions the (shared) numbering holds."""
        return len(self.all_dims)

    @property
    def symbol_count(self) -> int:
        """How many symbols the (shared) numbering holds."""
        return len(self.all_symbols)

    def __repr__(self):
        return (f"AffineBuildState<\n  symbols={self.local_symbols}\n"
                f"  dims={self.local_dims}>")


class AffineExprDef:
    """An affine expression of the DSL; combine with ``+ * % //`` and ``/``
    (which builds a ceildiv) and Python ints."""

    def build(self, state: Optional[AffineBuildState] = None) -> _ir.AffineExpr:
        """The ``ir.AffineExpr`` of this expression in the current context,
        numbering names with `state` (a fresh state by default)."""
        return self._create(AffineBuildState() if state is None else state)

    def _create(self, state: AffineBuildState) -> _ir.AffineExpr:
        raise NotImplementedError(type(self).__name__)

    @staticmethod
    def coerce_from(py_value) -> "AffineExprDef":
        """`py_value` as an expression: ints become constants."""
        if isinstance(py_value, AffineExprDef):
            return py_value
        if isinstance(py_value, int) and not isinstance(py_value, bool):
            return AffineConstantExpr(py_value)
        raise TypeError(
            f"Expected an affine expression or an int, not {py_value!r}")

    def visit_affine_exprs(self, callback: Callable[["AffineExprDef"], None]):
        """Calls `callback` on this expression and every subexpression."""
        callback(self)

    def _binary(self, ir_class, other, swap=False):
        other = AffineExprDef.coerce_from(other)
        if swap:
            return AffineBinaryExprDef(ir_class, other, self)
        return AffineBinaryExprDef(ir_class, self, other)

    def __add__(self, other):
        return self._binary(_ir.AffineAddExpr, other)

    def __radd__(self, other):
        return self._binary(_ir.AffineAddExpr, other, swap=True)

    def __mul__(self, other):
        return self._binary(_ir.AffineMulExpr, other)

    def __rmul__(self, other):
        return self._binary(_ir.AffineMulExpr, other, swap=True)

    def __mod__(self, other):
        return self._binary(_ir.AffineModExpr, other)

    def __floordiv__(self, other):
        return self._binary(_ir.AffineFloorDivExpr, other)

    def __truediv__(self, other):
        # The DSL spells ceildiv as `/`.
        return self._binary(_ir.AffineCeilDivExpr, other)


class AffineConstantExpr(AffineExprDef):
    """An integer constant in an affine expression."""

    def __init__(self, value: int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"Expected an int constant, not {value!r}")
        self.value = value

    def _create(self, state):
        return _ir.AffineConstantExpr.get(self.value)

    def __repr__(self):
        return f"Const({self.value})"


class AffineBinaryExprDef(AffineExprDef):
    """Two expressions combined by one of the ``ir.Affine*Expr`` classes
    (`ir_ctor`, whose ``get(lhs, rhs)`` builds the result)."""

    def __init__(self, ir_ctor, lhs: AffineExprDef, rhs: AffineExprDef):
        self.ir_ctor = ir_ctor
        self.lhs = lhs
        self.rhs = rhs

    def _create(self, state):
        return self.ir_ctor.get(self.lhs._create(state), self.rhs._create(state))

    def visit_affine_exprs(self, callback):
        """Calls `callback` on this expression, then on both operands'
        subexpressions."""
        callback(self)
        self.lhs.visit_affine_exprs(callback)
        self.rhs.visit_affine_exprs(callback)

    def __repr__(self):
        return f"{self.ir_ctor.__name__}({self.lhs!r}, {self.rhs!r})"


class _NamedDef(AffineExprDef):
    """Shared behaviour of dimensions and symbols: one object per name."""

    _registry: Dict[str, "_NamedDef"]

    def __new__(cls, name: str):
        known = cls._registry.get(name)
        if known is None:
            fresh = super().__new__(cls)
            fresh._name = name
            # setdefault: threads racing on a new name agree on one object.
            known = cls._registry.setdefault(name, fresh)
        return known

    @classmethod
    def create_expando(cls):
        """An object whose attributes are the items of those names."""
        from .types import _NameSpace
        return _NameSpace(cls)


class DimDef(_NamedDef):
    """A named dimension of an op's iteration domain.

    >>> DimDef("oh") is D.oh
    True
    """

    ALL_DIMS: Dict[str, "DimDef"] = {}
    _registry = ALL_DIMS

    @property
    def dimname(self) -> str:
        """The dimension's name."""
        return self._name

    def _create(self, state):
        return _ir.AffineDimExpr.get(state.get_dim(self._name))

    def __repr__(self):
        return f"Dim({self._name})"


class SymbolDef(_NamedDef):
    """A named symbol: a shape size or an index attribute's value.

    >>> SymbolDef("SW") is S.SW, SymbolDef("SW") is S.SH
    (True, False)
    """

    ALL_SYMBOLS: Dict[str, "SymbolDef"] = {}
    _registry = ALL_SYMBOLS

    @property
    def symname(self) -> str:
        """The symbol's name."""
        return self._name

    def _create(self, state):
        return _ir.AffineSymbolExpr.get(state.get_symbol(self._name))

    def __repr__(self):
        return f"Symbol({self._name})"


# `D.<name>` / `S.<name>`: the dimension / symbol of that name.
D = DimDef.create_expando()
S = SymbolDef.create_expando()
