"""The upstream bindings' wheel (LLVM 22.1.8) the parity tests compare with:
where its venv is, running a helper script under it or under ours, caching
what it printed, and the differences files the tests read.

Used by tests/test_name_parity.py, tests/test_member_parity.py and
tests/test_arg_parity.py. The venv (about 600 MB: the bindings, LLVM's
shared library, numpy) is not created by a test unless
MLIR_CYTHON_UPSTREAM_SETUP=1; `python benchmarks/compare.py --setup`
(`make upstream-venv`) creates it.
"""

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

import mlir.ir

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
REQUIREMENTS = REPO / "benchmarks" / "upstream-requirements.txt"
UPSTREAM_VENV = Path(os.environ.get(
    "MLIR_CYTHON_UPSTREAM_VENV",
    os.path.expanduser("~/.cache/mlir-cython/upstream-venv")))
UPSTREAM_PY = UPSTREAM_VENV / "bin" / "python"
SETUP_ENV = "MLIR_CYTHON_UPSTREAM_SETUP"
# The PYTHONPATH that makes our in-place package the `mlir` a script sees.
OURS = str(Path(mlir.ir.__file__).resolve().parents[1])


def setup_upstream_venv():
    """Creates the upstream venv from benchmarks/upstream-requirements.txt
    (python -m venv + pip install, the same helper benchmarks/compare.py
    --setup runs; no Makefile involved) and returns its python."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "_mlir_bench_compare", REPO / "benchmarks" / "compare.py")
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    return compare.setup_upstream()


def upstream_python():
    """The upstream venv's python (created first when
    MLIR_CYTHON_UPSTREAM_SETUP=1), or None when there is no venv."""
    if not UPSTREAM_PY.exists() and os.environ.get(SETUP_ENV) == "1":
        setup_upstream_venv()
    return UPSTREAM_PY if UPSTREAM_PY.exists() else None


def skip_without_upstream():
    """Skips the calling test: there is no upstream venv to compare with."""
    pytest.skip(f"no upstream bindings to compare with: {UPSTREAM_VENV} is "
                f"missing (create it with `python benchmarks/compare.py "
                f"--setup`, or run with {SETUP_ENV}=1)")


def script_env(pythonpath=None):
    """The environment of a script run under either interpreter: ours
    given as pythonpath, upstream's with no PYTHONPATH at all."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


def run_json(python, script, args=(), pythonpath=None):
    """What `script` (a file of tests/, run from tests/, which holds no
    `mlir` package) prints as JSON under `python`."""
    p = subprocess.run([str(python), str(script), *map(str, args)], cwd=HERE,
                       env=script_env(pythonpath), capture_output=True,
                       text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{python} {Path(script).name} failed:\n"
                           f"{p.stderr[-4000:]}")
    return json.loads(p.stdout)


def cached_upstream(cache, inputs, produce):
    """produce(upstream python)'s result, kept in the JSON file `cache`
    while the pinned wheels and `inputs` (files or strings it depends on)
    stay the same; None when there is no upstream venv and no valid
    cache."""
    h = hashlib.sha256(REQUIREMENTS.read_bytes())
    for x in inputs:
        h.update(x.read_bytes() if isinstance(x, Path) else str(x).encode())
    key = h.hexdigest()
    if cache.exists():
        try:
            cached = json.loads(cache.read_text())
            if cached.get("key") == key:
                return cached["data"]
        except (ValueError, KeyError):
            pass
    python = upstream_python()
    if python is None:
        return None
    data = produce(python)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"key": key, "data": data}, sort_keys=True))
    return data


def read_exceptions(path):
    """[(module pattern, key pattern, reason, line number)] of a
    differences file: `module:key: reason` lines, fnmatch patterns, `#`
    comments."""
    out = []
    for no, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(":", 2)
        if len(parts) != 3 or not parts[2].strip():
            raise ValueError(f"{path.name}:{no}: expected 'module:name: reason'")
        out.append((parts[0].strip(), parts[1].strip(), parts[2].strip(), no))
    return out
