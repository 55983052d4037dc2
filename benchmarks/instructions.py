"""Instructions per operation of the building workloads, counted by
valgrind (callgrind), on this package, on the upstream bindings and in C.

    python benchmarks/instructions.py            # needs valgrind
    python benchmarks/instructions.py --n 4000 --only create_generic

Wall-clock times on a shared machine move by tens of percent between runs;
instruction counts do not, so the ratios here are the stable measure of
the building workloads (compare.py's table gives the times). Each side
runs a workload at two sizes in fresh processes under callgrind; the count
per op is the difference divided by the difference in ops, so start-up and
set-up cancel out. Python processes run with PYTHONHASHSEED=0: with
random string hashes a process's count moved by millions of instructions
between runs (5.8 million between two runs of the same command: over a
hundred per op at the default size, enough to flip a ratio near a target);
with a fixed seed two runs agreed to within 63 instructions. OpenBLAS's
thread pool (numpy) is kept to one thread for the same reason. Workloads and sides are those of compare.py.

`--write` keeps the counts as data, docs/_data/instructions.json, and
renders the page's section from it, as compare.py does; the documentation
build draws a plot from the same file.
"""

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import compare  # noqa: E402

# workload -> ops per unit of n, C floor program's workload name
WORKLOADS = {
    "build_classes": (2, "build"),
    "build_functions": (2, "build"),
    "create_generic": (1, "create"),
    # The everyday long tail: per call, attribute, value or front-end
    # layer (no C floor program for the layer).
    "location_file": (1, "loc_file"),
    "location_name": (1, "loc_name"),
    "ranked_tensor_type": (1, "ranked_tensor_type"),
    "array_attr": (1, "array_attr"),
    "dict_attr": (1, "dict_attr"),
    "type_parse": (1, "type_parse"),
    "str_type": (1, "str_type"),
    "get_asm": (1, "get_asm"),
    "op_parse": (1, "op_parse"),
    "dense_small": (1, "dense_small"),
    "op_attributes": (2, "op_attrs"),
    "navigate": (3, "navigate"),
    "frontend_layer": (1, None),
    "frontend_loops": (1, None),
    "frontend_conv": (1, None),
    "frontend_attention": (1, None),
}


DESCRIPTIONS = {row: what for row, what, _ in compare.ROWS}

BEGIN = "<!-- bench:instructions:begin -->"
END = "<!-- bench:instructions:end -->"

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _instructions(argv, env=None):
    # A fixed string-hash seed: dict and set layouts, hence the counts, are
    # the same in every run (ignored by the C program). One OpenBLAS thread:
    # numpy (imported by mlir.ir) starts its thread pool, whose threads spin
    # for a while and put millions of instructions, a different number in
    # every run, into the count (callgrind counts every thread).
    env = dict(os.environ if env is None else env, PYTHONHASHSEED="0",
               OPENBLAS_NUM_THREADS="1")
    p = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=/dev/null", *argv],
                       capture_output=True, text=True, timeout=1800,
                       cwd=BENCH, env=env)
    m = _REFS.search(p.stderr)
    if p.returncode or not m:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{p.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def per_op(argv_of_n, n, ops_per_unit, env=None):
    # (A workload whose set-up grows with n, such as walk's parse of a
    # module of 4n ops, cannot be counted this way.)
    small = max(1, n // 10)
    hi = _instructions(argv_of_n(n), env)
    lo = _instructions(argv_of_n(small), env)
    return (hi - lo) / ((n - small) * ops_per_unit)


# Sizes for workloads whose unit is large (a layer is 9 ops and a dense
# constant; a convolutional layer 19 ops, an attention block 64).
SMALLER = {"frontend_layer": 2_000, "frontend_conv": 1_000,
           "frontend_attention": 300}


def python_argv(side, name):
    # as compare.py's sides: -P, run from benchmarks/, the side's PYTHONPATH
    return lambda n: [str(side.python), "-P", str(BENCH / "compare.py"),
                      "--worker", name, "--n", str(n), "--repeat", "1"]


def c_argv(exe, name):
    return lambda n: [str(exe), name, str(n), "1"]


DATA = compare.REPO / "docs" / "_data" / "instructions.json"

HEADER = ["| workload | ours | upstream | C API | upstream/ours | ours/C |",
          "| --- | --- | --- | --- | --- | --- |"]


def row_line(e):
    """A row of the table from a row of the data."""
    up, c = e["upstream"], e["c"]
    up_s = f"{up:,.0f}" if up else "n/a"
    c_s = f"{c:,.0f}" if c else "n/a"
    up_ratio = f"{e['upstream_over_ours']:.2f}x" if up else ""
    c_ratio = f"{e['ours_over_c']:.2f}" if c else ""
    return f"| {e['label']} | {e['ours']:,.0f} | {up_s} | {c_s} | {up_ratio} | {c_ratio} |"


def section_text(data):
    """The section of docs/speed.md between the markers, from the data."""
    return (f"Instructions per op (callgrind, `{data['command']}`, "
            f"n = {data['n']:,}, counted on {data['date']}, "
            f"PYTHONHASHSEED={data['env']['PYTHONHASHSEED']}); the same "
            f"workloads as the table above:\n\n"
            + "\n".join(HEADER + [row_line(e) for e in data["rows"]]))


def row_data(name, n, mine, up, c):
    return {"workload": name, "label": DESCRIPTIONS[name], "n": n,
            "ours": round(mine, 1),
            "upstream": None if up is None else round(up, 1),
            "c": None if c is None else round(c, 1),
            "upstream_over_ours": compare.sig(compare.ratio(up, mine)),
            "ours_over_c": compare.sig(compare.ratio(mine, c))}


_HEAD = re.compile(
    r"Instructions per op \(callgrind, `(?P<command>[^`]+)`, n = (?P<n>[\d,]+), "
    r"counted on (?P<date>\d{4}-\d\d-\d\d), PYTHONHASHSEED=(?P<seed>\d+)\)")


def data_from_page(section=None):
    """The data of the section of docs/speed.md as it stands: the inverse
    of section_text, for a page written before the data was kept."""
    if section is None:
        section = compare.page_section(BEGIN, END)
    lines = section.splitlines()
    m = _HEAD.match(lines[0])
    if not m:
        raise ValueError(f"unrecognized first line: {lines[0]!r}")
    n = int(m["n"].replace(",", ""))
    by_label = {what: row for row, what in DESCRIPTIONS.items()}
    rows = []
    for cells in compare.table_cells(lines, HEADER[0]):
        name = by_label[cells[0]]
        ours, up, c, up_ratio, c_ratio = map(compare.number, cells[1:])
        rows.append({**row_data(name, min(n, SMALLER.get(name, n)), ours, up, c),
                     "upstream_over_ours": up_ratio, "ours_over_c": c_ratio})
    return {"benchmark": "instructions", "date": m["date"],
            "command": m["command"], "n": n, "unit": "instructions/op",
            "env": {"PYTHONHASHSEED": m["seed"], "OPENBLAS_NUM_THREADS": "1"},
            "machine": None, "rows": rows}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=50000)
    ap.add_argument("--only", help="comma-separated workload names")
    ap.add_argument("--no-upstream", action="store_true")
    compare.add_data_options(ap, DATA, "counts")
    args = ap.parse_args(argv)
    if args.data_from_page:
        compare.write_data(DATA, data_from_page())
        print(f"wrote {DATA}")
        return
    if args.page_from_data:
        compare.write_readme(section_text(compare.read_data(DATA)), BEGIN, END)
        print(f"wrote {compare.SPEED_PAGE}")
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed (apt-get install valgrind)")
    names = args.only.split(",") if args.only else list(WORKLOADS)
    ours = compare.Side("ours", sys.executable, compare.ours_pythonpath())
    upstream = None if args.no_upstream else compare.Side(
        "upstream", compare.setup_upstream(), None)
    exe = compare.c_side()
    load = [os.getloadavg()[0]]
    print("\n".join(HEADER))
    rows = []
    for name in names:
        unit, c_name = WORKLOADS[name]
        n = min(args.n, SMALLER.get(name, args.n))
        mine = per_op(python_argv(ours, name), n, unit, ours.env)
        up = (per_op(python_argv(upstream, name), n, unit, upstream.env)
              if upstream else None)
        c = per_op(c_argv(exe, c_name), n, unit) if c_name else None
        rows.append(row_data(name, n, mine, up, c))
        print(row_line(rows[-1]), flush=True)
    load.append(os.getloadavg()[0])
    command = " ".join(["python", "benchmarks/instructions.py",
                        *(sys.argv[1:] if argv is None else argv)])
    data = {"benchmark": "instructions",
            "date": datetime.date.today().isoformat(), "command": command,
            "n": args.n, "unit": "instructions/op",
            "env": {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
            "machine": {"cores": os.cpu_count(),
                        "load_average_1min_start": round(load[0], 2),
                        "load_average_1min_end": round(load[1], 2)},
            "rows": rows}
    if args.write_readme:
        compare.write_readme(section_text(data), BEGIN, END)
        compare.write_data(DATA, data)
        print(f"wrote {compare.SPEED_PAGE} and {DATA}")


if __name__ == "__main__":
    main()
