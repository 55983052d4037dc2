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
import sys

import pytest

from .upstream_wheel import (HERE, OURS, REPO, cached_upstream, read_exceptions as
                             _read_exceptions, run_json, skip_without_upstream)

COLLECT = HERE / "name_parity_collect.py"
EXCEPTIONS = HERE / "name_parity_exceptions.txt"
CACHE = REPO / "build" / "name-parity" / "upstream.json"


def upstream_names():
    """Upstream's listing, from the cache when it matches the pinned wheels
    and the collector, else from the upstream venv (created first when
    MLIR_CYTHON_UPSTREAM_SETUP=1); None when neither is available."""
    return cached_upstream(CACHE, [COLLECT], lambda py: run_json(py, COLLECT))


def read_exceptions(path=EXCEPTIONS):
    """[(module pattern, key pattern, reason, line number)] of the
    exceptions file. A key is a module attribute name, `(star)name` for a
    name only `import *` misses, `Class.attr` for a class attribute, or
    `<module>` for a module that does not import."""
    return _read_exceptions(path)


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
        skip_without_upstream()
    ours = run_json(sys.executable, COLLECT, sorted(up["modules"]), pythonpath=OURS)
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
