"""Conveniences on top of mlir.ir, as in upstream's bindings: `types`
(short constructors such as `i32()`, `tensor(2, 3, f32())`) and `meta`
(decorators building an op whose region is a Python function)."""
