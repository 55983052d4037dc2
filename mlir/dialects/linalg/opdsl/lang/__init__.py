"""The OpDSL language: everything an op definition uses, importable with
``from mlir.dialects.linalg.opdsl.lang import *``."""

from .dsl import *

# Besides the DSL, `import *` of this package gives the helper names that
# upstream's gives too (scripts written against it use `ir` from there):
# the ir module, the language's submodules and a few typing and standard
# library names.
import functools
import inspect
import threading
from contextlib import contextmanager
from enum import Enum
from typing import (Any, Callable, Dict, List, Optional, Sequence, Set, Tuple,
                    Union)

from ..... import ir
from . import (affine, comprehension, config, dsl, emitter, scalar_expr, types,
               yaml_helper)

# The helpers, then the language (dsl.__all__), in the forms of __all__
# that type checkers follow.
__all__ = [
    "ir",
    "affine", "comprehension", "config", "dsl", "emitter", "scalar_expr",
    "types", "yaml_helper",
    "functools", "inspect", "threading", "contextmanager", "Enum",
    "Any", "Callable", "Dict", "List", "Optional", "Sequence", "Set", "Tuple",
    "Union",
]
__all__ += dsl.__all__
