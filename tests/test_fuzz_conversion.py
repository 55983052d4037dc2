"""Dialect conversions whose Python patterns do random things, right and
wrong, never crash: tests/fuzz_conversion.py runs them in a child process
(a crash fails the test, naming the seed). Derandomized: the same seeds
every run; MLIR_CYTHON_CONVERSION_FUZZ=N runs N other seeds instead."""

import os
import random
import subprocess
import sys
from pathlib import Path

FUZZER = Path(__file__).with_name("fuzz_conversion.py")


def test_random_conversions_survive_random_patterns(tmp_path):
    count = int(os.environ.get("MLIR_CYTHON_CONVERSION_FUZZ", "0"))
    first = random.randrange(10**6, 10**9) if count else 0
    count = count or 1500
    last = tmp_path / "last-seed"
    try:
        proc = subprocess.run(
            [sys.executable, str(FUZZER), str(last), str(first), str(count)],
            capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the conversion fuzzer hung on seed "
                             f"{last.read_text()}") from None
    assert proc.returncode == 0, (
        f"the conversion fuzzer died ({proc.returncode}) on seed "
        f"{last.read_text() if last.exists() else '?'}\n"
        f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    runs, converted = (int(w) for w in proc.stdout.split()[1::2])
    # Every seed ran, and some conversions succeeded despite the misuse.
    assert runs == count and converted > count // 20, proc.stdout
