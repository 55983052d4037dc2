"""The emitc dialect: ops and enums generated from its ODS."""

from ._emitc_ops_gen import *  # noqa: F401,F403
from ._emitc_enum_gen import *  # noqa: F401,F403
