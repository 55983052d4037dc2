"""Member parity with the upstream MLIR Python bindings (LLVM 22.1.8 wheel),
below the module level: the members of every public class, their kinds
(property, method, static function, class attribute) and their call
signatures, and the signatures of the modules' functions.

tests/member_parity_collect.py lists them under upstream's interpreter
(~/.cache/mlir-cython/upstream-venv, cached in build/member-parity/) and
ours, each in its own process; tests/member_parity.py compares the two
listings. A member we have and upstream lacks must be named, with its
reason, in tests/member_parity_differences.txt; a missing member, another
kind or a signature that refuses a call upstream accepts fails outright.
The modules are those tests/test_name_parity.py compares (which also
checks the module-level names); the test skips, as that one does, when the
upstream venv is missing.
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

from . import member_parity
from .test_name_parity import (REQUIREMENTS, SETUP_ENV, UPSTREAM_PY,
                               UPSTREAM_VENV, read_exceptions, setup_upstream_venv,
                               upstream_names)

HERE = Path(__file__).resolve().parent
COLLECT = HERE / "member_parity_collect.py"
DIFFERENCES = HERE / "member_parity_differences.txt"
CACHE = HERE.parent / "build" / "member-parity" / "upstream.json"


def _cache_key(modules):
    h = hashlib.sha256()
    h.update(REQUIREMENTS.read_bytes())
    h.update(COLLECT.read_bytes())
    h.update(" ".join(modules).encode())
    return h.hexdigest()


def _collect(python, modules, pythonpath=None):
    """The collector's listing of `modules` under `python`."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    p = subprocess.run([str(python), str(COLLECT), *modules], cwd=HERE,
                       env=env, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"{python} {COLLECT.name} failed:\n{p.stderr[-4000:]}")
    return json.loads(p.stdout)


def upstream_members(modules):
    """Upstream's listing, from the cache when it is current, else from the
    upstream venv; None when there is neither."""
    key = _cache_key(modules)
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
    data = _collect(UPSTREAM_PY, modules)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps({"key": key, "data": data}))
    return data


@pytest.fixture(scope="module")
def differences():
    """The difference lines between upstream's members and ours."""
    names = upstream_names()
    if names is None:
        pytest.skip(f"no upstream bindings to compare with: {UPSTREAM_VENV} "
                    f"is missing (create it with `python benchmarks/compare.py "
                    f"--setup`, or run with {SETUP_ENV}=1)")
    modules = sorted(m for m, rec in names["modules"].items() if "error" not in rec)
    up = upstream_members(modules)
    ours = _collect(sys.executable, modules,
                    pythonpath=str(Path(mlir.ir.__file__).resolve().parents[1]))
    return member_parity.compare(up, ours)


def _split(lines, exceptions):
    """(lines no exception covers, exception line numbers used). Only
    members we have and upstream lacks can be excused."""
    unexcused, used = [], set()
    for line in lines:
        where, what = line.split(": ", 1)
        mod, key = where.split(":", 1)
        hit = [e for e in exceptions if what == "here, not upstream"
               and fnmatch.fnmatchcase(mod, e[0]) and fnmatch.fnmatchcase(key, e[1])]
        if hit:
            used.update(e[3] for e in hit)
        else:
            unexcused.append(line)
    return unexcused, used


def test_differences_file_is_well_formed():
    """Every line of the differences file parses and names mlir modules."""
    for mod, key, reason, no in read_exceptions(DIFFERENCES):
        assert mod.startswith("mlir") and "." in key, f"line {no}: {mod}:{key}"


def test_members_kinds_and_signatures_match_upstream(differences):
    """No member, kind or signature differs from upstream's, but the
    members the differences file names with a reason."""
    unexcused, _ = _split(differences, read_exceptions(DIFFERENCES))
    assert not unexcused, (
        "differences from upstream's classes and functions (fix them; a "
        f"member only we have may instead get a line in {DIFFERENCES.name}):\n"
        + "\n".join(unexcused))


def test_no_stale_differences(differences):
    """Every line of the differences file still matches a difference."""
    _, used = _split(differences, read_exceptions(DIFFERENCES))
    stale = [f"line {no}: {mod}:{key}" for mod, key, _, no in read_exceptions(DIFFERENCES)
             if no not in used]
    assert not stale, (f"{DIFFERENCES.name} lines that match nothing any more "
                       "(remove them):\n" + "\n".join(stale))


# -- the comparison itself, on small listings --------------------------------

def _listing(members, functions=None, bases=None):
    return {"modules": {"mlir.ir": {"classes": members, "functions": functions or {},
                                    "bases": bases or {}}}}


def _method(*params):
    return {"kind": "method", "sigs": [[list(p) for p in params]]}


def test_compare_reports_each_kind_of_difference():
    """Missing and extra members, kinds, and refused calls are reported;
    calls we accept beyond upstream's are not."""
    up = _listing({"C": {
        "gone": _method(),
        "prop": {"kind": "property", "sigs": None},
        "renamed": _method(("key", "any", False)),
        "default": _method(("x", "any", True)),
        "kw": _method(("x", "kw", True)),
        "wider": _method(("x", "any", False)),
        "static_ok": _method(("x", "any", False)),
    }})
    ours = _listing({"C": {
        "extra": _method(),
        "prop": _method(),
        "renamed": _method(("name", "any", False)),
        "default": _method(("x", "any", False)),
        "kw": _method(("y", "any", True)),
        "wider": _method(("x", "any", False), ("y", "kw", True)),
        "static_ok": {"kind": "static", "sigs": [[["x", "any", False]]]},
    }})
    assert member_parity.compare(up, ours) == [
        "mlir.ir:C.default: 'x' has a default upstream, not here",
        "mlir.ir:C.extra: here, not upstream",
        "mlir.ir:C.gone: upstream, not here",
        "mlir.ir:C.kw: no keyword 'x' here",
        "mlir.ir:C.prop: a property upstream, a method here",
        "mlir.ir:C.renamed: parameter 0 is 'key' upstream, 'name' here",
    ]


def test_compare_takes_each_overload_and_folds_inherited_members():
    """Every upstream overload must be accepted; a difference a class
    inherits is reported for its base only."""
    up = _listing({"Base": {"m": _method()}, "Sub": {"m": _method()},
                   "O": {"f": {"kind": "method", "sigs": [
                       [["state", "any", False]], [["flag", "any", True]]]}}},
                  bases={"Sub": ["Base"]})
    ours = _listing({"Base": {"m": _method(), "extra": _method()},
                     "Sub": {"m": _method(), "extra": _method()},
                     "O": {"f": _method(("flag", "any", True), ("state", "any", True))}},
                    bases={"Sub": ["Base"]})
    assert member_parity.compare(up, ours) == ["mlir.ir:Base.extra: here, not upstream"]
    ours["modules"]["mlir.ir"]["classes"]["O"]["f"] = _method(("flag", "any", True))
    assert member_parity.compare(up, ours) == [
        "mlir.ir:Base.extra: here, not upstream",
        "mlir.ir:O.f: parameter 0 is 'state' upstream, 'flag' here"]
