"""The ml_program dialect: ops and enums generated from its ODS, plus
upstream's FuncOp builder (name, function type or (inputs, results),
visibility, body builder) and its accessors."""

from ._ml_program_ops_gen import *  # noqa: F401,F403
from ._ml_program_ops_gen import _Dialect, FuncOp as _FuncOp
from ._ml_program_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from typing import Union  # noqa: F401,E402
from ._ods_common import (  # noqa: F401,E402
    _cext as _ods_cext,
    get_default_loc_context as _get_default_loc_context,
)
from ._ods_common import _cext
from .. import ir as _ir

ARGUMENT_ATTRIBUTE_NAME = "arg_attrs"
RESULT_ATTRIBUTE_NAME = "res_attrs"


@_cext.register_operation(_Dialect, replace=True)
class FuncOp(_FuncOp):
    """ml_program.func from a name, a function type (a FunctionType or an
    (inputs, results) pair of type lists) and an optional visibility
    ("public", "private" or "nested"). `body_builder`, when given, is
    called with the op once its entry block exists and is the insertion
    point; it must build the terminator."""
    __slots__ = ()

    def __init__(self, name, type, *, visibility=None, body_builder=None,
                 loc=None, ip=None):
        if not isinstance(name, _ir.StringAttr):
            name = _ir.StringAttr.get(str(name))
        if isinstance(type, tuple):
            inputs, results = type
            type = _ir.FunctionType.get(inputs=inputs, results=results)
        if not isinstance(type, _ir.Type):
            raise TypeError("ml_program.func: type must be a FunctionType or "
                            "an (inputs, results) pair, not "
                            f"{type.__class__.__name__}")
        if visibility is not None:
            visibility = _ir.StringAttr.get(str(visibility))
        super().__init__(name, _ir.TypeAttr.get(type),
                         sym_visibility=visibility, loc=loc, ip=ip)
        if body_builder:
            with _ir.InsertionPoint(self.add_entry_block()):
                body_builder(self)

    @property
    def is_external(self):
        """True while the function has no body block."""
        return len(self.regions[0].blocks) == 0

    @property
    def body(self):
        return self.regions[0]

    @property
    def type(self):
        return _ir.FunctionType(
            _ir.TypeAttr(self.attributes["function_type"]).value)

    @property
    def visibility(self):
        """The sym_visibility attribute (KeyError when it is not set)."""
        return self.attributes["sym_visibility"]

    @property
    def name(self):
        return _ir.StringAttr(self.attributes["sym_name"])

    @property
    def entry_block(self):
        if self.is_external:
            raise IndexError("External function does not have a body")
        return self.regions[0].blocks[0]

    def add_entry_block(self):
        """Creates the entry block, with one argument per input of the
        function type, and returns it (IndexError if it exists)."""
        if not self.is_external:
            raise IndexError("The function already has an entry block!")
        return self.body.blocks.append(*self.type.inputs)

    @property
    def arg_attrs(self):
        return _ir.ArrayAttr(self.attributes[ARGUMENT_ATTRIBUTE_NAME])

    @arg_attrs.setter
    def arg_attrs(self, attribute):
        if not isinstance(attribute, _ir.ArrayAttr):
            attribute = _ir.ArrayAttr.get(attribute, context=self.context)
        self.attributes[ARGUMENT_ATTRIBUTE_NAME] = attribute

    @property
    def arguments(self):
        return self.entry_block.arguments

    @property
    def result_attrs(self):
        return self.attributes[RESULT_ATTRIBUTE_NAME]

    @result_attrs.setter
    def result_attrs(self, attribute):
        self.attributes[RESULT_ATTRIBUTE_NAME] = attribute
