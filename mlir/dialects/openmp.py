"""The omp dialect: ops and enums generated from its ODS."""

from ._omp_ops_gen import *  # noqa: F401,F403
from ._omp_ops_gen import _Dialect  # noqa: F401
from ._omp_enum_gen import *  # noqa: F401,F403
