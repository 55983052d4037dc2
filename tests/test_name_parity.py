"""Name parity with the upstream MLIR Python bindings (LLVM 22.1.8 wheel).

For every public module of upstream's `mlir` package under mlir.ir,
mlir.passmanager, mlir.rewrite, mlir.execution_engine, mlir.runtime and
mlir.dialects (subpackages included), plus upstream's native module layout
(mlir._mlir_libs._mlir[.ir/.passmanager/.rewrite]), mlir.dialects._ods_common
and the generated mlir.dialects._*_gen modules those load, this compares

  - the module's names: dir() without dunders, private (single underscore)
    names included, so `from mlir.ir import _GlobalDebug` and the generated
    per-attribute builders (`_arith_cmpipredicateattr`) count,
  - the names `from module import *` binds,
  - the public attribute names of the classes the module exports (the
    classes of mlir.ir once, in mlir.ir),

as listed by tests/name_parity_collect.py run under upstream's interpreter
(~/.cache/mlir-cython/upstream-venv, cached in build/name-parity/upstream.json) and ours.
A name upstream has and we lack fails the test unless a line of
tests/name_parity_exceptions.txt covers it; names only we have are fine.

The upstream venv (about 600 MB: the bindings, LLVM's shared library,
numpy) is not created by the test, as a network install that size does not
belong in a unit test run; the test skips when neither it nor a valid cache
exists. Create it with `python benchmarks/compare.py --setup`, or run the
test with MLIR_CYTHON_UPSTREAM_SETUP=1 to let it do the same.
"""

import fnmatch
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mlir.ir

REPO = Path(__file__).resolve().parents[1]
COLLECT = Path(__file__).resolve().parent / "name_parity_collect.py"
EXCEPTIONS = Path(__file__).resolve().parent / "name_parity_exceptions.txt"
REQUIREMENTS = REPO / "benchmarks" / "upstream-requirements.txt"
UPSTREAM_VENV = Path(os.environ.get(
    "MLIR_CYTHON_UPSTREAM_VENV",
    os.path.expanduser("~/.cache/mlir-cython/upstream-venv")))
UPSTREAM_PY = UPSTREAM_VENV / "bin" / "python"
CACHE = REPO / "build" / "name-parity" / "upstream.json"
SETUP_ENV = "MLIR_CYTHON_UPSTREAM_SETUP"


def setup_upstream_venv():
    """Creates ~/.cache/mlir-cython/upstream-venv from benchmarks/upstream-requirements.txt
    (python -m venv + pip install, the same helper benchmarks/compare.py
    --setup runs; no Makefile involved) and returns its python."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "_mlir_bench_compare", REPO / "benchmarks" / "compare.py")
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    return compare.setup_upstream()


def _cache_key():
    """What the cached upstream listing depends on: the pinned wheels and
    the collector."""
    h = hashlib.sha256()
    h.update(REQUIREMENTS.read_bytes())
    h.update(COLLECT.read_bytes())
    return h.hexdigest()


def _run_collector(python, args=(), pythonpath=None):
    """Runs the collector under `python` (from a directory without an
    `mlir` package) and returns its parsed output."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    p = subprocess.run([str(python), str(COLLECT), *args], cwd=COLLECT.parent,
                       env=env, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{python} {COLLECT.name} failed:\n{p.stderr[-4000:]}")
    return json.loads(p.stdout)


def upstream_names():
    """Upstream's listing, from the cache when it matches the requirements
    and the collector, else from ~/.cache/mlir-cython/upstream-venv (created first when
    MLIR_CYTHON_UPSTREAM_SETUP=1); None when neither is available."""
    key = _cache_key()
    if CACHE.exists():
        try:
            cached = json.loads(CACHE.read_text())
            if cached.get("key") == key:
                return cached["data"]
        except (ValueError, KeyError):
            pass
    if not UPSTREAM_PY.exists() and os.environ.get(SETUP_ENV) == "1":
        setup_upstream_venv()
    if not UPSTREAM_PY.exists():
        return None
    data = _run_collector(UPSTREAM_PY)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps({"key": key, "data": data}, sort_keys=True))
    return data


def read_exceptions(path=EXCEPTIONS):
    """[(module pattern, key pattern, reason, line number)] of the
    exceptions file: `module:key: reason` lines, fnmatch patterns, `#`
    comments. A key is a module attribute name, `(star)name` for a name
    only `import *` misses, `Class.attr` for a class attribute, or
    `<module>` for a module that does not import."""
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


def missing_names(upstream, ours):
    """{module: sorted keys upstream has and ours lacks} (keys as in
    read_exceptions)."""
    out = {}
    for mod, up in upstream["modules"].items():
        if "error" in up:
            continue
        me = ours["modules"].get(mod, {"error": "not collected"})
        if "error" in me:
            out[mod] = [f"<module>"]
            continue
        have = set(me["dir"]) | set(me["private"])
        miss = (set(up["dir"]) | set(up["private"])) - have
        miss |= {f"(star){n}" for n in set(up["star"]) - set(me["star"])
                 if n in have}
        for cls, attrs in up["classes"].items():
            if cls in me["classes"]:
                miss |= {f"{cls}.{a}" for a in set(attrs) - set(me["classes"][cls])}
        if miss:
            out[mod] = sorted(miss)
    return out


def split_excepted(missing, exceptions):
    """(unexcused {module: keys}, set of the exception line numbers used)."""
    unexcused, used = {}, set()
    for mod, keys in missing.items():
        for key in keys:
            hit = [e for e in exceptions
                   if fnmatch.fnmatchcase(mod, e[0]) and fnmatch.fnmatchcase(key, e[1])]
            if hit:
                used.update(e[3] for e in hit)
            else:
                unexcused.setdefault(mod, []).append(key)
    return unexcused, used


@pytest.fixture(scope="module")
def listings():
    """(upstream's listing, ours) for the modules upstream has."""
    up = upstream_names()
    if up is None:
        pytest.skip(f"no upstream bindings to compare with: {UPSTREAM_VENV} is "
                    f"missing (create it with `python benchmarks/compare.py "
                    f"--setup`, or run with {SETUP_ENV}=1)")
    ours = _run_collector(sys.executable, sorted(up["modules"]),
                          pythonpath=str(Path(mlir.ir.__file__).resolve().parents[1]))
    return up, ours


def test_exceptions_file_is_well_formed():
    """Every exceptions line parses and names an mlir module pattern."""
    for mod, key, reason, no in read_exceptions():
        assert mod.startswith("mlir"), f"line {no}: module pattern {mod!r}"


def test_upstream_names_exist_here(listings):
    """Every name upstream has exists here, or an exceptions line says why."""
    up, ours = listings
    unexcused, _ = split_excepted(missing_names(up, ours), read_exceptions())
    lines = [f"{mod}: {', '.join(keys)}" for mod, keys in sorted(unexcused.items())]
    assert not lines, (
        "names of the upstream bindings missing here (add them, or a line "
        f"'module:name: reason' to {EXCEPTIONS.name}):\n" + "\n".join(lines))


def test_no_stale_exceptions(listings):
    """Every exceptions line still excuses a missing name."""
    up, ours = listings
    _, used = split_excepted(missing_names(up, ours), read_exceptions())
    stale = [f"line {no}: {mod}:{key}" for mod, key, _, no in read_exceptions()
             if no not in used]
    assert not stale, (f"{EXCEPTIONS.name} lines that match nothing missing any "
                       f"more (remove them):\n" + "\n".join(stale))
