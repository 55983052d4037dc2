"""The benchmark code must keep running: the workloads of
benchmarks/compare.py at tiny sizes on this package, and the runner itself
(worker processes, the C floor, the table) on a few of them. Nothing is
timed against a bound; the upstream bindings and the network are not used."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import workloads  # noqa: E402


def run_ok(args, timeout):
    """Runs `args` in a child process; asserts that it exited with 0 and
    returns what it printed."""
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


@pytest.fixture(scope="module")
def mods():
    return workloads.Mods()


@pytest.mark.parametrize("name", sorted(workloads.WORKLOADS))
def test_workload_runs(mods, name):
    w = workloads.WORKLOADS[name]
    run = w.fn(mods, 1000 if name == "dense_from_numpy" else 12)
    for _ in range(2):                  # the second run reuses what it built
        seconds = run()
        assert isinstance(seconds, float) and 0 < seconds < 60, seconds


def test_memory_workload():
    # 100,000 live op objects, in a fresh process as compare.py measures
    # them (in this one, memory earlier tests freed absorbs the growth):
    # each costs at least its object header and handle (16 + 8 bytes) and
    # far less than a page.
    out = subprocess.run(
        [sys.executable, "-c", "import workloads; print(workloads."
         "memory_per_op(workloads.Mods(), 100000))"],
        cwd=BENCH, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    per_op = float(out.stdout)
    assert 24 <= per_op < 1024, per_op


def test_object_sizes_are_counted():
    # bench_ir's per-object sizes: each object is new, so each kind costs
    # at least its PyObject header and handle, and none is a whole op.
    import bench_ir
    sizes = bench_ir.bytes_per_object(2000)
    assert sorted(sizes) == ["Attribute", "Type", "Value"]
    assert all(24 <= b <= 128 for b in sizes.values()), sizes


def test_runner_smoke():
    out = run_ok([sys.executable, str(BENCH / "compare.py"), "--smoke",
                  "--only", "build_functions,iterate,pipeline,import"], 300)
    main, first = out.split("| workload (first repetition) |")
    rows = [line for line in main.splitlines() if line.startswith("| ")]
    assert len(rows) == 2 + 4, out
    # The first-repetition table: the one building row, with its C ratio.
    rows = [line for line in first.splitlines() if line.startswith("| ")]
    assert len(rows) == 1 + 1, out
    assert rows[1].startswith("| chain of `arith.constant` + `arith.addi`")
    assert rows[1].split("|")[-2].strip(), out
    assert "error" not in out and "failed" not in out, out
    assert "build_functions: <= 2x C:" in out


@pytest.mark.skipif(not (shutil.which("valgrind")
                         and os.environ.get("MLIR_CYTHON_VALGRIND")),
                    reason="valgrind runs are opt-in: MLIR_CYTHON_VALGRIND=1")
def test_instruction_counter_smoke():
    """benchmarks/instructions.py at a tiny size, this package and C: a row
    with positive counts (values are not checked against a bound)."""
    out = run_ok([sys.executable, str(BENCH / "instructions.py"), "--n", "40",
                  "--only", "create_generic", "--no-upstream"], 600)
    row = [line for line in out.splitlines()
           if line.startswith("| `Operation.create`")]
    assert len(row) == 1, out
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    ours, c = (float(cells[i].replace(",", "")) for i in (1, 3))
    assert ours > 0 and c > 0


def test_c_floor_of_the_long_tail_runs():
    """The C floor program's long-tail workloads run at a small size and
    report a time per repetition (compare.py's C column for them). In a
    child process: importing compare.py here changed what a later property
    test (test_program_properties.py) generated."""
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(BENCH)!r})\n"
        "import compare\n"
        "exe = compare.c_side()\n"
        "for name in ('ranked_tensor_type', 'array_attr', 'type_parse',\n"
        "             'str_type', 'op_attrs', 'navigate', 'get_asm',\n"
        "             'op_parse', 'dense_small'):\n"
        "    out = compare.run_c(exe, name, 200, 2)\n"
        "    assert 'error' not in out, (name, out)\n"
        "    assert len(out['times']) == 2, (name, out)\n"
        "    assert all(t > 0 for t in out['times']), (name, out)\n"
        "print('ok')\n")
    assert run_ok([sys.executable, "-c", script], 300).strip() == "ok"


def test_interpreter_floor_stand_in_runs():
    """benchmarks/interpreter_floor.py's stand-in chain runs (its counting
    needs valgrind; the worker alone is checked here)."""
    run_ok([sys.executable, str(BENCH / "interpreter_floor.py"), "--worker",
            "1000"], 120)


def test_ft_reads_runs_and_reports_each_workload():
    """benchmarks/ft_reads.py at a tiny size: one timing per workload, and
    the workloads read what the block holds."""
    out = run_ok([sys.executable, str(BENCH / "ft_reads.py"), "--n", "50",
                  "--repeat", "1"], 120)
    assert [line.split(":")[0] for line in out.splitlines()] == \
        ["iterate", "navigate", "walk"]
    import ft_reads
    m, block = ft_reads.make_block(5)
    assert ft_reads.iterate(m, block) == 11
    assert ft_reads.navigate(m, block) == 10    # value; overflowFlags
    assert ft_reads.walk(m, block) == 13        # with func.func and module
