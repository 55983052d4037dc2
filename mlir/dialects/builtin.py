"""The builtin dialect: generated ops plus upstream's ModuleOp extension."""

from ._builtin_ops_gen import *  # noqa: F401,F403
from ._builtin_ops_gen import _Dialect, ModuleOp as _ModuleOp
from ._builtin_enum_gen import *  # noqa: F401,F403

# As upstream's module: mlir.ir re-exported, with its typing names and
# helper aliases.
from ..ir import *  # noqa: F401,F403,E402
from ..extras.meta import region_op  # noqa: F401,E402
from typing import Dict, Optional  # noqa: F401,E402
from ._ods_common import _cext as _ods_cext  # noqa: F401,E402
from ._ods_common import _cext, _region_op


@_cext.register_operation(_Dialect, replace=True)
class ModuleOp(_ModuleOp):
    """builtin.module, created with its one (empty) body block."""
    __slots__ = ()

    def __init__(self, *, loc=None, ip=None):
        super().__init__(loc=loc, ip=ip)
        self.regions[0].blocks.append()

    @property
    def body(self):
        return self.regions[0].blocks[0]


def _module_op(*, sym_name=None, sym_visibility=None, attrs=None, loc=None,
               ip=None):
    """A builtin.module with an empty body region (no block yet), its
    optional symbol name and visibility, and the attributes of `attrs` (a
    dict name -> Attribute) set on it."""
    op = _ModuleOp(sym_name=sym_name, sym_visibility=sym_visibility,
                   loc=loc, ip=ip)
    for name, attr in (attrs or {}).items():
        op.operation.attributes[name] = attr
    return op


module = _region_op(_module_op)
module.__name__ = module.__qualname__ = "module"
module.__doc__ = """Upstream's region-op decorator for builtin.module:

    @module(sym_name="m", attrs={"some.attr": UnitAttr.get()})
    def m():
        ...  # ops built here go into the module's body block

or bare `@module`. The decorated name becomes the module's Operation
(builtin.module has no results). Keywords: sym_name, sym_visibility,
attrs, loc, ip."""
