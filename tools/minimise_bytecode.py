"""Shrinks a bytecode file that makes MLIR's reader fail fatally, keeping the
failure: the same signal, or still no answer within the time limit.

    python tools/minimise_bytecode.py tests/fuzz_corpus/bytecode-segv-1.mlirbc

Delta debugging over bytes (Zeller's ddmin: drop ever smaller chunks while
the failure stays) followed by single-byte zeroing. Each candidate is read in
a forked child of this process (mlir.ir is imported once, before any context
or thread exists), so a candidate costs a fork, not an interpreter start.
The file is rewritten in place unless --out says where.
"""
import argparse
import os
import signal
import sys
import time
from pathlib import Path


def outcome(data: bytes, timeout: float) -> str:
    """'ok', 'error', 'signal N' or 'hang' for reading `data` as a module."""
    pid = os.fork()
    if pid == 0:                                  # child
        code = 0
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)   # LLVM ERROR: ...
            from mlir.ir import Context, MLIRError, Module
            ctx = Context()
            ctx.allow_unregistered_dialects = True
            try:
                Module.parse(data, context=ctx)
            except MLIRError:
                code = 3
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "hang"
        time.sleep(0.002)
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return "error" if os.WEXITSTATUS(status) == 3 else "ok"


def ddmin(data: bytes, fails) -> bytes:
    n = 2
    while len(data) >= 2:
        chunk = max(1, len(data) // n)
        for start in range(0, len(data), chunk):
            candidate = data[:start] + data[start + chunk:]
            if candidate and fails(candidate):
                data = candidate
                n = max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(len(data), n * 2)
    return data


def zero_bytes(data: bytes, fails) -> bytes:
    for i in range(len(data)):
        if data[i] != 0:
            candidate = data[:i] + b"\0" + data[i + 1:]
            if fails(candidate):
                data = candidate
    return data


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--timeout", type=float, default=3.0,
                    help="seconds after which a read counts as a hang "
                         "(the result is checked again with ten times as "
                         "long: a slow read is not a hang)")
    args = ap.parse_args(argv)
    import mlir.ir  # noqa: F401  (loaded once, inherited by every child)

    data = args.path.read_bytes()
    want = outcome(data, args.timeout)
    if want in ("ok", "error"):
        sys.exit(f"{args.path}: the reader does not fail fatally ({want})")
    tries = 0

    def fails(candidate):
        nonlocal tries
        tries += 1
        return outcome(candidate, args.timeout) == want

    small = zero_bytes(ddmin(data, fails), fails)
    if want == "hang" and outcome(small, 10 * args.timeout) != "hang":
        sys.exit(f"{args.path}: the shrunk input only reads slowly; "
                 f"try a longer --timeout")
    (args.out or args.path).write_bytes(small)
    print(f"{args.path.name}: {want}, {len(data)} -> {len(small)} bytes "
          f"({tries} reads)")


if __name__ == "__main__":
    main()
