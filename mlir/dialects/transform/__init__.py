"""The transform dialect: ops, enums; extensions are submodules."""

from .._transform_ops_gen import *  # noqa: F401,F403
from .._transform_ops_gen import _Dialect  # noqa: F401
from .._transform_enum_gen import *  # noqa: F401,F403
from ..._mlir_libs._mlirDialectsTransform import *  # noqa: F401,F403
