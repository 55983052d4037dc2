"""The interpreter's share of the building chains: the loop of
workloads._build_chain with the cheapest calls CPython has in place of the
builders, counted by callgrind as instructions.py counts the chains.

    python benchmarks/interpreter_floor.py [--n 120000]

The stand-in step is `arith.AddIOp(acc, arith.ConstantOp(i32, k)).real`
with both names bound to `operator.add` (a C function called with the
vectorcall protocol, returning an int) on a namespace object, so the loop,
the lambda call, the two attribute look-ups, the two calls and the result
attribute cost what they cost the real chain, and nothing is built. No
binding can do the chain's Python-side work for less; added to the C
floor's instructions it bounds what any binding can reach.
"""

import argparse
import sys

STEP = "lambda acc, i32, k: arith.AddIOp(acc, arith.ConstantOp(i32, k)).real"


def run(n):
    import operator
    import types
    arith = types.SimpleNamespace(AddIOp=operator.add,
                                  ConstantOp=operator.add)
    step = eval(STEP, {"arith": arith})

    def chain(acc, i32):
        for k in range(n):
            acc = step(acc, i32, k)
        return acc
    chain(0, 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=120_000)
    ap.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker is not None:
        return run(args.worker)
    from instructions import per_op
    per = per_op(lambda n: [sys.executable, __file__, "--worker", str(n)],
                 args.n, 2)
    print(f"stand-in chain step ({STEP}): {2 * per:,.0f} instructions "
          f"per pair, {per:,.0f} per op")


if __name__ == "__main__":
    main()
