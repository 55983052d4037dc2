"""Op builders given bad arguments fail as upstream's do (LLVM 22.1.8
wheel): for each op class of the common dialects and each bad value in
every required parameter (tests/op_builder_parity.py), the same exception
type, or success where upstream succeeds. Which argument an error names
follows from the order upstream's builders check them in (variadic
operand groups, attributes, result types, operands), which the generated
builders keep. Differences kept on purpose are listed, with reasons, in
tests/op_builder_parity_differences.txt. Upstream's outcomes are cached in
build/; the test skips without the upstream venv."""

import fnmatch
import json
import sys
import tempfile

from .upstream_wheel import (HERE, OURS, REPO, cached_upstream,
                             read_exceptions, run_json, skip_without_upstream)

HARNESS = HERE / "op_builder_parity.py"
DIFFERENCES = HERE / "op_builder_parity_differences.txt"
CACHE = REPO / "build" / "op-builder-parity.json"
DIALECTS = ("arith,func,scf,memref,tensor,vector,linalg,math,cf,index,affine,"
            "llvm,gpu")


def test_op_builders_fail_as_upstreams():
    upstream = cached_upstream(CACHE, [HARNESS, DIALECTS],
                               lambda py: run_json(py, HARNESS, [DIALECTS]))
    if upstream is None:
        skip_without_upstream()
    counts = {k.split(":")[0]: int(k.split(":")[2]) for k in upstream}
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(counts, f)
        f.flush()
        ours = run_json(sys.executable, HARNESS, [DIALECTS, f.name],
                        pythonpath=OURS)
    assert len(ours) == len(upstream) > 2500
    excused = read_exceptions(DIFFERENCES)
    used = set()
    differences = []
    for key in sorted(upstream):
        if ours.get(key) == upstream[key]:
            continue
        hit = [no for cls, case, _, no in excused
               if fnmatch.fnmatch(key.partition(":")[0], cls)
               and fnmatch.fnmatch(key.partition(":")[2], case)]
        if hit:
            used.update(hit)
            continue
        differences.append(f"{key}: upstream {upstream[key]}, "
                           f"ours {ours.get(key)}")
    assert not differences, "\n".join(differences)
    stale = [f"line {no}: {cls}:{case}" for cls, case, _, no in excused
             if no not in used]
    assert not stale, ("op_builder_parity_differences.txt lines that match "
                       "nothing any more (remove them):\n" + "\n".join(stale))
