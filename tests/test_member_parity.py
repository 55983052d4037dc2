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
import sys

import pytest

from . import member_parity
from .test_name_parity import upstream_names
from .upstream_wheel import (HERE, OURS, REPO, cached_upstream, read_exceptions,
                             run_json, skip_without_upstream)

COLLECT = HERE / "member_parity_collect.py"
DIFFERENCES = HERE / "member_parity_differences.txt"
CACHE = REPO / "build" / "member-parity" / "upstream.json"


def upstream_members(modules):
    """Upstream's listing of `modules`, from the cache when it is current,
    else from the upstream venv; None when there is neither."""
    return cached_upstream(CACHE, [COLLECT, " ".join(modules)],
                           lambda py: run_json(py, COLLECT, modules))


@pytest.fixture(scope="module")
def differences():
    """The difference lines between upstream's members and ours."""
    names = upstream_names()
    if names is None:
        skip_without_upstream()
    modules = sorted(m for m, rec in names["modules"].items() if "error" not in rec)
    up = upstream_members(modules)
    ours = run_json(sys.executable, COLLECT, modules, pythonpath=OURS)
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
