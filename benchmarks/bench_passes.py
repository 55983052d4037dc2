"""Pass-manager speed against mlir-opt, thread scaling, and the per-op cost
of a Python-defined pass.

    python benchmarks/bench_passes.py [--ops N]

- `pm.run` of canonicalize,cse on an N-op module vs `mlir-opt` running the
  same pipeline on the same file (mlir-opt's own pass timing, so parsing
  and printing are excluded on both sides; the verifier between passes is
  off on both sides);
- two threads, each running the pipeline on its own context, against one
  thread running both;
- a Python pass visiting every op of the module.
"""

import argparse
import re
import subprocess
import tempfile
import threading
import time

from _harness import LLVM_ROOT, best_of, table

from mlir.ir import Context, Module, WalkResult
from mlir.passmanager import PassManager

PIPELINE = "builtin.module(canonicalize,cse)"


def module_text(n):
    lines = ["func.func @f(%a: i32, %b: i32) -> i32 {"]
    lines.append("  %v0 = arith.addi %a, %b : i32")
    for i in range(1, n):
        lines.append(f"  %v{i} = arith.addi %v{i - 1}, %a : i32")
    lines.append(f"  return %v{n - 1} : i32\n}}")
    return "\n".join(lines)


def ours(text, repeat=3):
    def run():
        with Context():
            m = Module.parse(text)
            pm = PassManager.parse(PIPELINE)
            pm.enable_verifier(False)     # as mlir-opt --verify-each=false
            t0 = time.perf_counter()
            pm.run(m)
            run.t = time.perf_counter() - t0
    best = float("inf")
    for _ in range(repeat):
        run()
        best = min(best, run.t)
    return best


def mlir_opt(text, repeat=3):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        best = float("inf")
        for _ in range(repeat):
            out = subprocess.run(
                [str(LLVM_ROOT / "bin" / "mlir-opt"), f.name,
                 f"--pass-pipeline={PIPELINE}", "--mlir-timing",
                 "--verify-each=false", "-o", "/dev/null"],
                capture_output=True, text=True, check=True).stderr
            # Sum the wall times of the pass rows (not parsing or output).
            total = 0.0
            for line in out.splitlines():
                m = re.match(r"\s*([\d.]+)\s+\(\s*[\d.]+%\)\s+(Canonicalizer|CSE)\b", line)
                if m:
                    total += float(m.group(1))
            best = min(best, total)
        return best


def threads(text, n_threads):
    mods = []
    for _ in range(2):
        ctx = Context()
        mods.append((ctx, Module.parse(text, context=ctx)))

    def work(i):
        PassManager.parse(PIPELINE, context=mods[i][0]).run(mods[i][1])
    t0 = time.perf_counter()
    if n_threads == 1:
        work(0)
        work(1)
    else:
        ts = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
    return time.perf_counter() - t0


def python_pass_per_op(text, n):
    with Context():
        m = Module.parse(text)
        count = [0]

        def visit(op, pass_):
            def f(o):
                count[0] += 1
                return WalkResult.ADVANCE
            op.walk(f)
        pm = PassManager()
        pm.add(visit)
        empty = PassManager()
        empty.add(lambda op, p: None)
        t_visit = best_of(lambda: pm.run(m), 3)
        t_empty = best_of(lambda: empty.run(m), 3)
    return (t_visit - t_empty) / (count[0] / 3) * 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    text = module_text(args.ops)
    # Interleaved, so load changes on the machine hit both sides alike.
    t_ours = t_opt = float("inf")
    for _ in range(args.repeat):
        t_ours = min(t_ours, ours(text, 1))
        t_opt = min(t_opt, mlir_opt(text, 1))
    one = min(threads(text, 1) for _ in range(3))
    two = min(threads(text, 2) for _ in range(3))
    per_op = python_pass_per_op(text, args.ops)
    table(f"Passes on a {args.ops:,}-op module", [
        ["pm.run(canonicalize,cse) vs mlir-opt", f"{t_ours * 1e3:.1f} ms",
         f"{t_opt * 1e3:.1f} ms", f"{t_ours / t_opt:.2f}", "<= 1.1"],
        ["2 threads x own context vs 1 thread x 2 runs", f"{two * 1e3:.1f} ms",
         f"{one * 1e3:.1f} ms", f"{one / two:.2f}x throughput", ">= 1.7x"],
        ["Python pass visiting every op", f"{per_op:.0f} ns/op", "", "", "reported"],
    ], ["workload", "mlir", "reference", "ratio", "target"])


if __name__ == "__main__":
    main()
