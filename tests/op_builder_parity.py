"""Bad arguments to op builders, compared with the upstream bindings.

Runs under either interpreter (upstream's venv or ours), from this
directory:

    python op_builder_parity.py DIALECT,DIALECT,... [COUNTS.json]

For every op class of the dialects (the class a dialect module exports,
or its generated one), it calls the constructor with the same bad value
(None, an int, a str, a float) for each of its required positional
parameters, in a fresh module, and prints a JSON object mapping
"dialect.Class:value:parameters" to the outcome: "ok" or the exception's
type name. Given COUNTS.json (a "dialect.Class" -> number map, upstream's),
it passes that many values instead (where ours gives a parameter a default
upstream's lacks, a call written for upstream passes them all). Upstream's builders check their arguments in an order of their
own (variadic operand groups, attributes, results, then operands); which
argument is named, and with which exception type, follows from it.
tests/test_op_builder_parity.py compares the two.
"""

import importlib
import inspect
import json
import sys

from mlir.ir import (Context, IndexType, InsertionPoint, IntegerType,
                     Location, Module, OpView)

VALUES = (("None", None), ("int", 7), ("str", "s"), ("float", 1.5))


def outcomes(dialects, counts=None):
    out = {}
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = True
        IntegerType.get_signless(32), IndexType.get()
        for dn in dialects:
            mod = importlib.import_module(f"mlir.dialects.{dn}")
            gen = importlib.import_module(f"mlir.dialects._{dn}_ops_gen")
            for name in sorted(dir(gen)):
                cls = getattr(gen, name)
                if not (isinstance(cls, type) and issubclass(cls, OpView)
                        and hasattr(cls, "OPERATION_NAME")) \
                        or name.endswith("Adaptor"):
                    continue
                cls = getattr(mod, name, cls)
                try:
                    sig = inspect.signature(cls.__init__)
                except (TypeError, ValueError):
                    continue
                n = len([p for p in sig.parameters.values()
                         if p.name != "self" and p.default is p.empty
                         and p.kind in (p.POSITIONAL_ONLY,
                                        p.POSITIONAL_OR_KEYWORD)])
                if counts is not None:
                    n = counts.get(f"{dn}.{name}", n)
                for label, value in VALUES:
                    m = Module.create()
                    with InsertionPoint(m.body):
                        try:
                            cls(*[value] * n)
                            r = "ok"
                        except Exception as e:      # the outcome compared
                            r = type(e).__name__
                    out[f"{dn}.{name}:{label}:{n}"] = r
    return out


if __name__ == "__main__":
    counts = None
    if len(sys.argv) > 2:
        with open(sys.argv[2]) as f:
            counts = json.load(f)
    json.dump(outcomes(sys.argv[1].split(","), counts), sys.stdout,
              sort_keys=True)
