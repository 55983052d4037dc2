"""The Linalg OpDSL: structured ops written as Python functions.

A function decorated with ``lang.linalg_structured_op`` declares its operands
as keyword defaults (``TensorDef``, ``ScalarDef``, attribute definitions) and
states its computation as a tensor comprehension over named dimensions
(``O[D.m, D.n] += A[D.m, D.k] * B[D.k, D.n]``). The result can be dumped as
the YAML op description (``python -m mlir.dialects.linalg.opdsl.dump_oplib``)
or called to build IR: the named op when MLIR registers one of that name, a
``linalg.generic`` otherwise or with ``emit_generic=True``.

``ops.core_named_ops`` holds the definitions of the named structured ops
that ``mlir.dialects.linalg`` exports.
"""
