"""Argument kinds against the upstream bindings (LLVM 22.1.8 wheel): every
static builder of mlir.ir's and the dialects' classes, every constructor of
mlir.ir's classes and the methods of its IR objects (called on those of a
small module), with each argument form of each parameter
(tests/arg_parity.py), must end as it ends
upstream: the same result type and printed result, or the same exception
type; where upstream's binding layer refuses the arguments ("NAME():
incompatible function arguments. ..."), the same first line. A crash or
hang upstream is recorded, not compared (we raise there); one here always
fails. Differences kept on purpose are listed, with reasons,
in tests/arg_parity_differences.txt.

The cases are planned from upstream's signatures and its outcomes cached
in build/arg-parity/ (keyed on the pinned wheels and the harness); the
test skips when the upstream venv is missing, as tests/test_name_parity.py
does. `make arg-parity-long` adds random cases that vary several
parameters at once (ARG_PARITY_COMBOS, ARG_PARITY_SEED).
"""

import fnmatch
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from .arg_parity import pump_lines
from .upstream_wheel import (HERE, OURS, REPO, cached_upstream, read_exceptions,
                             run_json, script_env, skip_without_upstream)

HARNESS = HERE / "arg_parity.py"
DIFFERENCES = HERE / "arg_parity_differences.txt"
CACHE = REPO / "build" / "arg-parity"
COMBOS = int(os.environ.get("ARG_PARITY_COMBOS", "0"))
SEED = int(os.environ.get("ARG_PARITY_SEED", "0"))


def run_cases(python, cases_file, count, pythonpath=None, case_timeout=30):
    """The outcomes of the cases under `python`: arg_parity.py runs them in
    children it forks, recording a crash as ["crash", status] and a hang as
    ["hang"] (run_forked). Should that process itself crash, or print no
    line for case_timeout seconds, the case is recorded so here and a new
    process starts after it. Its stderr is read as it comes (children's
    crash reports can fill a pipe), its last 64 KiB kept."""
    out = []
    while len(out) < count:
        p = subprocess.Popen([str(python), str(HARNESS), "run", str(cases_file),
                              str(len(out))], cwd=HERE, env=script_env(pythonpath),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        hung, err = pump_lines(p.stdout.fileno(), case_timeout,
                               lambda line: out.append(json.loads(line)),
                               p.stderr.fileno())
        if hung:
            p.kill()
        err = (err + p.stderr.read())[-(1 << 16):].decode(errors="replace")
        p.stdout.close()
        p.stderr.close()
        status = p.wait()
        if len(out) >= count:
            break
        if hung:
            out.append(["hang"])
        elif status > 0 and "Traceback" in err:
            raise RuntimeError(f"{HARNESS.name} failed:\n{err[-3000:]}")
        else:
            out.append(["crash", status])
    return out


def upstream_outcomes():
    """(cases, upstream's outcomes), cached; None without the upstream venv."""
    def produce(python):
        cases = run_json(python, HARNESS, ["plan", "--combos", COMBOS, "--seed", SEED])
        CACHE.mkdir(parents=True, exist_ok=True)
        cases_file = CACHE / "cases.json"
        cases_file.write_text(json.dumps(cases))
        return {"cases": cases, "outcomes": run_cases(python, cases_file, len(cases))}
    data = cached_upstream(CACHE / f"upstream-{COMBOS}-{SEED}.json",
                           [HARNESS], produce)
    return None if data is None else (data["cases"], data["outcomes"])


def describe(case):
    """`module:Class.function(param=form, ...)` of a case."""
    varied = ", ".join(f"{case['params'][int(i)][0]}={form}"
                       for i, form in sorted(case["vary"].items()))
    return f"{case['target']}({varied})"


def differences(cases, up, ours):
    """[(case text, upstream outcome, ours)] where they differ, with
    upstream's crashes left out and ours always in."""
    out = []
    for case, u, o in zip(cases, up, ours):
        if o[0] in ("crash", "hang") or (
                u[0] not in ("crash", "hang") and not _same(u, o)):
            out.append((describe(case), u, o))
    return out


INCOMPATIBLE = "(): incompatible function arguments."


def _kind(outcome):
    """What is compared of an outcome: a result's type and printed form;
    an exception's type and, when it is upstream's binding layer refusing
    the arguments, the first line naming the function."""
    if outcome[0] == "ok":
        return outcome[:3]
    first = outcome[2] if len(outcome) > 2 else ""
    return outcome[:2] + [first if INCOMPATIBLE in first else None]


def _same(u, o):
    """Whether our outcome is upstream's: the same exception type, or the
    same printed result of upstream's type or a subclass of it (a
    Location of upstream main's kind classes, an AffineExpr subclass)."""
    if u[0] == "ok" and o[0] == "ok":
        return u[2] == o[2] and (u[1] == o[1] or u[1] in o[3])
    return _kind(u) == _kind(o)


@pytest.fixture(scope="module")
def compared():
    """[(case text, upstream outcome, ours)] of the differing cases."""
    got = upstream_outcomes()
    if got is None:
        skip_without_upstream()
    cases, up = got
    with tempfile.TemporaryDirectory() as d:
        cases_file = Path(d) / "cases.json"
        cases_file.write_text(json.dumps(cases))
        ours = run_cases(sys.executable, cases_file, len(cases), pythonpath=OURS)
    return differences(cases, up, ours)


def _split(diffs, exceptions):
    unexcused, used = [], set()
    for text, u, o in diffs:
        target, _, rest = text.partition("(")
        mod, _, key = target.partition(":")
        args = rest[:-1]
        hit = [e for e in exceptions if o[0] not in ("crash", "hang")
               and fnmatch.fnmatchcase(mod, e[0]) and fnmatch.fnmatchcase(
                   f"{key}({args})", e[1])]
        if hit:
            used.update(e[3] for e in hit)
        else:
            unexcused.append(f"{text}: upstream {u}, here {o}")
    return unexcused, used


def test_differences_file_is_well_formed():
    """Every line names a module pattern and a call pattern."""
    for mod, key, reason, no in read_exceptions(DIFFERENCES):
        assert mod.startswith("mlir") and "(" in key, f"line {no}: {mod}:{key}"


def test_argument_kinds_end_as_upstream(compared):
    """Each call ends as it ends upstream, or the differences file says why;
    none crashes here."""
    unexcused, _ = _split(compared, read_exceptions(DIFFERENCES))
    assert not unexcused, (
        "calls that end otherwise than upstream (fix them, or add a line "
        f"'module:Class.fn(param=form): reason' to {DIFFERENCES.name}):\n"
        + "\n".join(unexcused))


def test_no_stale_differences(compared):
    """Every line of the differences file still matches a difference, or a
    case upstream's undefined behaviour crashed on this time (a line for a
    call that upstream sometimes crashes on, sometimes answers wrongly,
    stays)."""
    if COMBOS:
        pytest.skip("random cases match only some lines")
    cases, up = upstream_outcomes()
    crashed = [(describe(c), u, ["raise", "?"]) for c, u in zip(cases, up)
               if u[0] in ("crash", "hang")]
    _, used = _split(compared + crashed, read_exceptions(DIFFERENCES))
    stale = [f"line {no}: {mod}:{key}" for mod, key, _, no in read_exceptions(DIFFERENCES)
             if no not in used]
    assert not stale, (f"{DIFFERENCES.name} lines that match nothing any more "
                       "(remove them):\n" + "\n".join(stale))


def test_differences_leave_out_upstream_crashes_only():
    """A crash upstream is not compared; one here, or another outcome, is."""
    case = {"target": "mlir.ir:T.get", "params": [["n", "int", False, False, False]],
            "vary": {"0": "negative"}}
    assert differences([case], [["crash", -6]], [["raise", "ValueError"]]) == []
    assert differences([case], [["raise", "TypeError"]], [["raise", "ValueError"]]) == [
        ("mlir.ir:T.get(n=negative)", ["raise", "TypeError"], ["raise", "ValueError"])]
    # Upstream's wording of refused arguments is compared by its first line.
    refused = "get(): incompatible function arguments. The following ..."
    assert differences([case], [["raise", "TypeError", refused]],
                       [["raise", "TypeError", refused]]) == []
    assert differences([case], [["raise", "TypeError", refused]],
                       [["raise", "TypeError", "n must be an int"]]) != []
    assert differences([case], [["raise", "TypeError", "n is odd"]],
                       [["raise", "TypeError", "n must be even"]]) == []
    assert differences([case], [["crash", -6]], [["crash", -11]]) == [
        ("mlir.ir:T.get(n=negative)", ["crash", -6], ["crash", -11])]
    assert differences([case], [["ok", "T", "x", ["T", "object"]]],
                       [["ok", "T", "x", ["T", "object"]]]) == []
    # A subclass of upstream's result type with the same printed form.
    assert differences([case], [["ok", "Location", "loc(unknown)", ["Location", "object"]]],
                       [["ok", "UnknownLoc", "loc(unknown)",
                         ["UnknownLoc", "Location", "object"]]]) == []
    assert differences([case], [["ok", "A", "x", ["A", "object"]]],
                       [["ok", "B", "x", ["B", "object"]]]) != []
