"""The nvvm dialect: ops and enums generated from its ODS."""

from ._nvvm_ops_gen import *  # noqa: F401,F403
from ._nvvm_ops_gen import _Dialect  # noqa: F401
from ._nvvm_enum_gen import *  # noqa: F401,F403
