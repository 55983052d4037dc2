"""Reading MLIR bytecode that comes from a source you do not trust.

MLIR 22's bytecode reader does not validate its input: a damaged or
malicious file can crash the process, abort it or make it loop forever
(tests/fuzz_corpus/ holds such files). `Module.parse` trusts what it is
given, as upstream's does. The functions here first read the bytes in a
separate interpreter, with a time limit, and only hand them to this
process's reader when that reading survived:

    from mlir import bytecode
    module = bytecode.parse_untrusted(data, context=ctx)

The check costs a fresh interpreter (about a tenth of a second plus the
read itself). It reads with every upstream dialect registered and
unregistered dialects allowed; ops of a dialect registered only in this
process are read there as unregistered ops. Text (not bytecode) is parsed
directly: the text parser survives the same fuzzing.
"""

import os
import subprocess
import sys

__all__ = ["MAGIC", "is_bytecode", "check_untrusted", "parse_untrusted",
           "UnsafeBytecodeError"]

MAGIC = b"ML\xefR"

# Exit status of the checking interpreter when MLIR rejected the input with
# a diagnostic (which the in-process parse then reports as MLIRError).
_REJECTED = 3

_CHECK = """\
import sys
from mlir.ir import Context, MLIRError, Module
data = sys.stdin.buffer.read()
ctx = Context()
ctx.allow_unregistered_dialects = True
try:
    Module.parse(data, context=ctx)
except MLIRError:
    sys.exit(%d)
""" % _REJECTED


class UnsafeBytecodeError(ValueError):
    """The bytecode made MLIR's reader crash, abort or hang when read in a
    separate interpreter; it was not read in this process."""


def is_bytecode(data):
    """True when `data` (bytes-like) starts with MLIR bytecode's magic."""
    return bytes(memoryview(data)[:len(MAGIC)]) == MAGIC


def check_untrusted(data, timeout=10.0):
    """Reads bytecode `data` in a separate interpreter. Returns True when it
    was read, False when MLIR rejected it with a diagnostic (reading it here
    raises MLIRError, safely); raises UnsafeBytecodeError when the reader
    crashed, aborted or ran past `timeout` seconds."""
    data = bytes(memoryview(data))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    env.pop("PYTHONFAULTHANDLER", None)
    try:
        proc = subprocess.run([sys.executable, "-c", _CHECK], input=data,
                              capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        raise UnsafeBytecodeError(
            f"MLIR's bytecode reader did not finish within {timeout} s on "
            f"this input") from None
    if proc.returncode == 0:
        return True
    if proc.returncode == _REJECTED:
        return False
    how = (f"was killed by signal {-proc.returncode}" if proc.returncode < 0
           else f"exited with status {proc.returncode}")
    detail = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    raise UnsafeBytecodeError(
        f"MLIR's bytecode reader {how} on this input"
        + (f": {detail[-1]}" if detail else ""))


def parse_untrusted(data, context=None, timeout=10.0):
    """Module.parse for input from a source you do not trust: bytecode is
    checked in a separate interpreter first (UnsafeBytecodeError if the
    reader crashed, aborted or hung there); text is parsed directly.
    Raises MLIRError with MLIR's diagnostics for input MLIR rejects."""
    from .ir import Module
    if isinstance(data, str):
        return Module.parse(data, context=context)
    data = bytes(memoryview(data))
    if is_bytecode(data):
        check_untrusted(data, timeout=timeout)
    return Module.parse(data, context=context)
