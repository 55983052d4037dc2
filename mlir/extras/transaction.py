"""Snapshot and rollback of a module, for interactive work:

    from mlir.extras.transaction import transaction

    with transaction(module):
        PassManager.parse(pipeline).run(module.operation)
        rewrite_more(module)        # raises: the module is as it was

If the block raises, the module's body and attributes are restored to what
they were on entry and the exception propagates. The Module object stays
valid; the objects of operations that were in its body when the block
raised (and of what they held) become invalid, as those of operations a
rewrite erased do: using them raises RuntimeError. If the block completes,
nothing is restored and all objects stay as they are.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from ..ir import Module, Operation

__all__ = ["transaction"]


def _module_op(module: Module | Operation) -> Operation:
    if isinstance(module, Module):
        return module.operation
    if isinstance(module, Operation) and module.name == "builtin.module":
        return module.operation
    raise TypeError(f"transaction() takes a Module (or its operation), not "
                    f"{type(module).__name__}")


@contextmanager
def transaction(module: Module | Operation) -> Iterator[None]:
    """Restores `module` (its body and attributes) if the block raises.

    The snapshot is a copy of the module taken on entry (the time and memory
    of one clone); transactions nest."""
    op = _module_op(module)
    snapshot = op.clone()
    try:
        yield
    except BaseException:
        _restore(op, snapshot)
        raise


def _restore(op: Operation, snapshot: Operation) -> None:
    body = op.regions[0].blocks[0]
    # Last first: an operation's results are used only after it.
    for child in reversed(list(body.operations)):
        child.erase()
    saved = snapshot.regions[0].blocks[0]
    for child in list(saved.operations):
        body.append(child)
    attrs, saved_attrs = op.attributes, snapshot.attributes
    for name in list(attrs):
        if name not in saved_attrs:
            del attrs[name]
    for name in saved_attrs:
        attrs[name] = saved_attrs[name]
