"""A compile sweep past one process (examples/sweep_dask.py,
docs/guide/sweeps.md): Modules pickled to the worker processes of a Dask
LocalCluster, each lowered, JIT-compiled and run there, the results back.
Dask is an optional extra (`mlir-cython[dask]`); the test skips without
it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]


def test_a_sweep_runs_each_variant_on_a_worker_process():
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / "sweep_dask.py"),
         "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=ROOT)
    try:
        out, err = proc.communicate(timeout=300)
    finally:
        proc.kill()
    assert proc.returncode == 0, err[-3000:]
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["step"] for r in results] == [1, 2, 4, 8]
    # A step of s scales every s-th of the 4,096 ones by 2.
    for r in results:
        assert r["sum"] == 4096 + 4096 // r["step"], r
        assert r["compile_s"] > 0 and r["run_s"] > 0
    # Run by the cluster's worker processes (two at most), not by the
    # client process (nor by this one).
    pids = {r["pid"] for r in results}
    assert proc.pid not in pids and os.getpid() not in pids
    assert 1 <= len(pids) <= 2
