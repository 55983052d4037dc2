"""The builtin dialect: generated ops plus upstream's ModuleOp extension."""

from ._builtin_ops_gen import *  # noqa: F401,F403
from ._builtin_ops_gen import _Dialect, ModuleOp as _ModuleOp
from ._builtin_enum_gen import *  # noqa: F401,F403
from ._ods_common import _cext


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
