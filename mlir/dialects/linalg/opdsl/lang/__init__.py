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

# Listed in full (dsl.__all__, then the helpers) so that type checkers see
# them; a test checks the two lists agree.
__all__ = [
    # dsl
    "StructuredOpOuts", "bind_op_def", "current_op_def", "DefinedOpCallable",
    "linalg_structured_op", "domain", "implements", "defines",
    # affine
    "AffineBuildState", "AffineExprDef", "D", "DimDef", "S", "SymbolDef",
    # types
    "TypeVar", "TV", "I32", "I64", "F32", "F64", "T", "U", "V",
    # yaml_helper
    "yaml_dump", "yaml_dump_all", "YAMLObject",
    # scalar_expr
    "ScalarAssign", "ScalarFn", "ScalarArg", "ScalarConst", "ScalarIndex",
    "ScalarExpression",
    # comprehension
    "TensorExpression", "TensorUse", "TensorFn", "TensorReduceFn", "const",
    "index", "FunctionKind", "UnaryFnType", "UnaryFn", "BinaryFnType",
    "BinaryFn", "TernaryFnType", "TernaryFn", "TypeFnType", "TypeFn",
    "ReduceFnUse", "ReduceFnType", "ReduceFn", "OperandKind", "OperandDef",
    "TensorDef", "ScalarDef", "IndexAttrDef", "UnaryFnAttrDef",
    "BinaryFnAttrDef", "TernaryFnAttrDef", "TypeFnAttrDef", "Comprehension",
    "OpInterfaceDef", "ContractionOpInterface", "ConvolutionOpInterface",
    "FillOpInterface", "OpDefinitionDef", "Canonicalizer", "OpMetadataDef",
    "LinalgOpDef",
    # config
    "LinalgStructuredOpConfig", "LinalgOpConfig", "OperandDefConfig",
    # emitter
    "emit_generic_structured_op", "emit_named_structured_op", "ValueList",
    # helpers
    "ir",
    "affine", "comprehension", "config", "dsl", "emitter", "scalar_expr",
    "types", "yaml_helper",
    "functools", "inspect", "threading", "contextmanager", "Enum",
    "Any", "Callable", "Dict", "List", "Optional", "Sequence", "Set", "Tuple",
    "Union",
]
