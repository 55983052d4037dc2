"""The same workloads on this package, on the upstream MLIR Python bindings
(nanobind) and in C through the MLIR C API, in one run.

    python benchmarks/compare.py                  # run, print the table
    python benchmarks/compare.py --write          # ... and put it in docs/speed.md
                                                  # and docs/_data/compare.json
    python benchmarks/compare.py --setup          # only make the upstream venv
    python benchmarks/compare.py --smoke          # tiny sizes, this package only

The workloads are in benchmarks/workloads.py, one code for both Python
bindings. Each workload runs in a fresh process per side (`--worker`, which
prints JSON), so a crash of one side loses one row, and no workload inherits
another's heap. The upstream bindings are installed from PyPI into
~/.cache/mlir-cython/upstream-venv (pinned in benchmarks/upstream-requirements.txt) on
first use. The C floor is benchmarks/c/compare_floor.c, linked to this
package's libMLIRCythonCAPI.so. Times are medians over the repetitions.

`--write` keeps the run as data, docs/_data/compare.json (each row's
values, ratios and targets, and the run's date, command and machine load),
and renders the page's section from that data; the documentation build
draws the page's plots from the same file (docs/_ext/speed_plots.py).
`--page-from-data` renders the section again without a run, and
`--data-from-page` reads the data back from the section.
"""

import argparse
import datetime
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
REQUIREMENTS = BENCH / "upstream-requirements.txt"
# Outside the checkout, so fresh clones on this machine share it.
UPSTREAM_VENV = Path(os.environ.get(
    "MLIR_CYTHON_UPSTREAM_VENV",
    os.path.expanduser("~/.cache/mlir-cython/upstream-venv")))
# The page the tables are written into (--write).
SPEED_PAGE = REPO / "docs" / "speed.md"
BEGIN, END = "<!-- bench:compare:begin -->", "<!-- bench:compare:end -->"
# The run's results as data, which the section above is rendered from and
# the page's plots are drawn from (--write writes both).
DATA = REPO / "docs" / "_data" / "compare.json"

SMOKE_N = {"iterate": 200, "dense_from_numpy": 1000}
SMOKE_DEFAULT_N = 20

# Rows of the table: (workload, what it does, target check or None).
# A target is (column, bound, text): met when column <= bound.
ROWS = [
    ("build_classes", "chain of `arith.ConstantOp` + `arith.AddIOp` in a func",
     [("up", 1 / 3, ">= 3x faster than upstream"), ("c", 2.0, "<= 2x C")]),
    ("build_functions", "chain of `arith.constant` + `arith.addi` in a func",
     [("up", 1 / 3, ">= 3x faster than upstream"), ("c", 2.0, "<= 2x C")]),
    ("create_generic", "`Operation.create`, generic op, 1 attribute, 1 result",
     [("up", 1 / 3, ">= 3x faster than upstream"), ("c", 2.0, "<= 2x C")]),
    ("iterate", "iterate a block of `arith.constant`, read `op.name` + `op.attributes[\"value\"]`",
     [("up", 1 / 5, ">= 5x faster than upstream")]),
    ("iterate_unregistered", "the same, ops of an unregistered dialect", None),
    ("walk", "`Operation.walk` with a Python callback", None),
    ("integer_type", "`IntegerType.get_signless(32)`", None),
    ("f32_type", "`F32Type.get()`", None),
    ("integer_attr", "`IntegerAttr.get(i32, k)`", None),
    ("string_attr", "`StringAttr.get(\"s\")`", None),
    ("dense_from_numpy", "`DenseElementsAttr.get(numpy int32 array)`", None),
    ("location_file", "`Location.file(\"model.py\", k, 4)`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("location_name", "`Location.name(\"conv1\", childLoc=at)`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("ranked_tensor_type", "`RankedTensorType.get([k, 4], f32)`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("array_attr", "`ArrayAttr.get([StringAttr.get(\"a\"), IntegerAttr.get(i32, k)])`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("dict_attr", "`DictAttr.get({\"a\": IntegerAttr.get(i32, k), \"b\": StringAttr.get(\"s\")})`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("type_parse", "`Type.parse(\"tensor<?x4xf32>\")`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("str_type", "`str(value.type)`",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("get_asm", "`op.get_asm()` of an op in a small function", None),
    ("op_parse", "`Operation.parse(\"%0 = arith.constant k : i32\")`", None),
    ("dense_small", "`DenseElementsAttr.get` of a 4x4 int32 numpy array", None),
    ("op_attributes", "`op.attributes[i]` name and value, per attribute",
     [("up", 1 / 2, ">= 2x faster than upstream")]),
    ("navigate", "an op's results and operands and their `.type`, per value",
     [("up", 1 / 8, ">= 8x faster than upstream")]),
    ("frontend_layer", "a front-end layer: locations, signature, dense + splat "
     "constants, `tensor.empty`, `linalg.fill`, `linalg.matmul`, `arith.addf`",
     [("up", 1 / 4, ">= 4x faster than upstream")]),
    ("frontend_loops", "a loop-nest front-end kernel: file location, `memref.dim`, "
     "2-deep `scf.ForOp`, `affine.apply` of a Python-built map, `memref.load`/`store`, "
     "`arith.mulf`/`addf`",
     [("up", 1 / 4, ">= 4x faster than upstream")]),
    ("frontend_conv", "a front-end conv layer: name + fused locations, `tensor.pad` "
     "with its region, `linalg.fill`, `linalg.conv_2d_nhwc_hwcf` (strides, dilations), "
     "bias add and relu as `linalg.generic`",
     [("up", 1 / 4, ">= 4x faster than upstream")]),
    ("frontend_attention", "a front-end attention block: `tensor.expand_shape`/"
     "`collapse_shape` + `linalg.transpose` per head split, `linalg.batch_matmul` "
     "(K^T by indexing maps), scale, softmax of `linalg.generic` ops with `math.exp`",
     [("up", 1 / 4, ">= 4x faster than upstream")]),
    ("parse", "`Module.parse`", None),
    ("print", "`str(module)`", None),
    ("pipeline", "`PassManager` canonicalize,cse", None),
    ("python_pass", "Python pass (`pm.add(callable)`) walking every op, verifier off", None),
    ("import", "`import mlir.ir` + arith, func to the first op (fresh process)",
     [("up", 1.0, "no slower than upstream")]),
    ("memory", "resident memory per live operation object", None),
]


# Building rows whose first repetition is reported too: it is the one where
# the attributes (the constants' values) are new to the context; later
# repetitions rebuild the same IR and find them in MLIR's uniquer, which
# makes the C floor's work a good deal cheaper and ours no cheaper.
FIRST_ROWS = ("build_classes", "build_functions", "create_generic")


# ---- worker (runs under either Python) ------------------------------------

def worker(args):
    sys.path.insert(0, str(BENCH))
    import workloads
    out = {}
    try:
        M = workloads.Mods()
        out["mlir"] = M.ir.__file__
        if args.memory:
            out["value"] = workloads.memory_per_op(M, args.n)
        else:
            w = workloads.WORKLOADS[args.worker]
            run = w.fn(M, args.n)
            out["times"] = [run() for _ in range(args.repeat)]
    except Exception:
        out["error"] = traceback.format_exc()
    print(json.dumps(out))


# ---- the sides --------------------------------------------------------------

def ours_pythonpath():
    """The directory holding the `mlir` package this Python imports."""
    spec = importlib.util.find_spec("mlir._mlir_libs")
    return str(Path(spec.origin).parent.parent.parent)


def pinned():
    """[(distribution, version)] of the requirements file."""
    out = []
    for line in REQUIREMENTS.read_text().splitlines():
        m = re.match(r"\s*([A-Za-z0-9_.-]+)==([^\s#]+)", line)
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def setup_upstream(force=False):
    """Creates or updates ~/.cache/mlir-cython/upstream-venv from the requirements file."""
    py = UPSTREAM_VENV / "bin" / "python"
    stamp = UPSTREAM_VENV / ".requirements"
    wanted = REQUIREMENTS.read_text()
    if not force and py.exists() and stamp.exists() and stamp.read_text() == wanted:
        return py
    print(f"setting up {UPSTREAM_VENV} from {REQUIREMENTS.name}", file=sys.stderr)
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(UPSTREAM_VENV)], check=True)
    subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)],
                   check=True)
    stamp.write_text(wanted)
    return py


class Side:
    def __init__(self, name, python, pythonpath):
        self.name, self.python = name, python
        self.env = dict(os.environ)
        self.env.pop("PYTHONPATH", None)
        if pythonpath:
            self.env["PYTHONPATH"] = pythonpath

    def run(self, argv, timeout=900):
        # -P and cwd=benchmarks/: no `mlir` directory but the intended one
        # is on sys.path.
        p = subprocess.run([str(self.python), "-P", *argv], cwd=BENCH, env=self.env,
                           capture_output=True, text=True, timeout=timeout)
        return p

    def worker(self, name, n, repeat, memory=False):
        argv = [str(BENCH / "compare.py"), "--worker", name, "--n", str(n),
                "--repeat", str(repeat)] + (["--memory"] if memory else [])
        p = self.run(argv)
        try:
            out = json.loads(p.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            out = {"error": f"exit {p.returncode}\n{p.stderr[-2000:]}"}
        return out

    def import_time(self, repeat):
        sys.path.insert(0, str(BENCH))
        import workloads
        times = []
        for _ in range(repeat):
            p = self.run(["-c", workloads.IMPORT_SNIPPET], timeout=120)
            if p.returncode:
                return {"error": p.stderr[-2000:]}
            times.append(float(p.stdout.split()[-1]))
        return {"times": times}


def c_side():
    sys.path.insert(0, str(BENCH))
    from _harness import c_program
    return c_program("compare_floor")


def run_c(exe, name, n, repeat):
    p = subprocess.run([str(exe), name, str(n), str(repeat)],
                       capture_output=True, text=True, timeout=900)
    if p.returncode:
        return {"error": p.stderr[-2000:]}
    return {"times": [float(x) for x in p.stdout.split()]}


def c_startup(exe, repeat):
    """Wall time of the whole C process: exec, loading the libraries,
    registering and loading every dialect, the first op."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([str(exe), "startup", "0", "1"], check=True,
                       capture_output=True)
        times.append(time.perf_counter() - t0)
    return {"times": times}


# ---- the run -----------------------------------------------------------------

def measure(args):
    sys.path.insert(0, str(BENCH))
    import workloads
    sides = [Side("ours", sys.executable, ours_pythonpath())]
    if not args.no_upstream:
        sides.append(Side("upstream", setup_upstream(), None))
    exe = None if args.no_c else c_side()
    only = set(args.only.split(",")) if args.only else None
    repeat = args.repeat
    results = {}        # row -> side -> {"value": float} | {"error": str}
    sizes = {}

    def note(row, side, out, to_value):
        if "error" in out:
            results.setdefault(row, {})[side] = {"error": out["error"]}
            print(f"  {row} [{side}]: FAILED\n{out['error']}", file=sys.stderr)
        else:
            results.setdefault(row, {})[side] = {"value": to_value(out)}

    c_cache = {}
    for row, _, _ in ROWS:
        if only and row not in only:
            continue
        print(f"{row} ...", file=sys.stderr, flush=True)
        if row == "import":
            for s in sides:
                note(row, s.name, s.import_time(args.import_repeat),
                     lambda o: statistics.median(o["times"]) * 1e3)
            if exe:
                note(row, "c", c_startup(exe, args.import_repeat),
                     lambda o: statistics.median(o["times"]) * 1e3)
            sizes[row] = None
            continue
        if row == "memory":
            n = SMOKE_DEFAULT_N * 10 if args.smoke else args.memory_n
            for s in sides:
                outs = [s.worker("memory", n, 1, memory=True)
                        for _ in range(1 if args.smoke else 3)]
                bad = [o for o in outs if "error" in o]
                note(row, s.name, bad[0] if bad else {"values": [o["value"] for o in outs]},
                     lambda o: statistics.median(o["values"]))
            sizes[row] = n
            continue
        w = workloads.WORKLOADS[row]
        n = SMOKE_N.get(row, SMOKE_DEFAULT_N) if args.smoke else w.n
        sizes[row] = n
        outs = {s.name: s.worker(row, n, repeat) for s in sides}
        if exe and w.c_name:
            key = (w.c_name, n)
            if key not in c_cache:
                c_cache[key] = run_c(exe, w.c_name, n, repeat)
            outs["c"] = c_cache[key]
        for side, out in outs.items():
            note(row, side, out,
                 lambda o: w.per_unit(statistics.median(o["times"]), n))
            if row in FIRST_ROWS and "error" not in out:
                results[row][side]["first"] = w.per_unit(out["times"][0], n)
    return results, sizes


def unit_of(row):
    if row == "import":
        return "ms"
    if row == "memory":
        return "bytes"
    import workloads
    return workloads.WORKLOADS[row].label


def fmt(v):
    if v is None:
        return ""
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 0.1:
        return f"{v:.2f}"
    return f"{v:.2g}"


def size_text(row, n):
    if n is None:
        return ""
    if row in ("build_classes", "build_functions"):
        return f"{n:,} pairs"
    if row in ("walk", "python_pass", "parse", "print", "pipeline"):
        return f"{4 * n + 3:,} ops"
    if row == "dense_from_numpy":
        return f"{n * 4 / 2**20:.0f} MiB"
    if row in ("create_generic", "iterate", "iterate_unregistered", "memory"):
        return f"{n:,} ops"
    return f"{n:,} calls"




# ---- the results as data -------------------------------------------------------
#
# A run's results are written as JSON (docs/_data/compare.json) beside the
# page; the section of docs/speed.md is rendered from that data, and the
# documentation's plots are drawn from it (docs/_ext/speed_plots.py), so the
# table and the figures cannot disagree (tests/test_speed_data.py).

SIDES = ("ours", "upstream", "c")
MEMORY_N = 200_000


def sig(x, digits=6):
    """x to `digits` significant digits (None stays None): the data keeps
    what the tables show and more, without float noise."""
    return None if x is None else float(f"{x:.{digits}g}")


def ratio(a, b):
    return a / b if a and b else None


def write_data(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")


def read_data(path):
    return json.loads(path.read_text(encoding="utf-8"))


def page_section(begin=BEGIN, end=END, page=SPEED_PAGE):
    """The text of the page between the markers, without the newlines
    that write_readme puts around it."""
    text = page.read_text()
    if begin not in text or end not in text:
        sys.exit(f"{page} has no {begin} ... {end} markers")
    return text.split(begin, 1)[1].split(end, 1)[0][1:-1]


def table_cells(lines, header):
    """The cells of the rows of the markdown table of `lines` whose
    header line starts with `header` (separator line skipped)."""
    start = next(i for i, ln in enumerate(lines) if ln.startswith(header))
    out = []
    for ln in lines[start + 2:]:
        if not ln.startswith("|"):
            break
        out.append([c.strip() for c in ln.strip()[1:-1].split("|")])
    return out


def number(cell):
    """A table cell's number: '7,627' and '3.68x' too; None for '', 'n/a'
    and 'error'."""
    cell = cell.replace(",", "").removesuffix("x")
    return float(cell) if re.fullmatch(r"-?[\d.]+(e-?\d+)?", cell) else None


def run_data(results, sizes, args, load, command):
    """The JSON document of a run: its metadata and one entry per row."""
    rows = []
    for row, what, targets in ROWS:
        if row not in results:
            continue
        r = results[row]
        raw = {s: r[s]["value"] if "value" in r.get(s, {}) else None for s in SIDES}
        ratios = {"up": ratio(raw["ours"], raw["upstream"]),
                  "c": ratio(raw["ours"], raw["c"])}
        entry = {"workload": row, "label": what, "n": sizes.get(row),
                 "size": size_text(row, sizes.get(row)), "unit": unit_of(row),
                 **{s: sig(raw[s]) for s in SIDES},
                 "ours_over_upstream": sig(ratios["up"]),
                 "ours_over_c": sig(ratios["c"])}
        errors = {s: x["error"].strip().splitlines()[-1]
                  for s, x in r.items() if "error" in x}
        if errors:
            entry["errors"] = errors
        if row in FIRST_ROWS:
            first = {s: r.get(s, {}).get("first") for s in SIDES}
            entry["first"] = {
                **{s: sig(first[s]) for s in SIDES},
                "ours_over_upstream": sig(ratio(first["ours"], first["upstream"])),
                "ours_over_c": sig(ratio(first["ours"], first["c"]))}
        entry["targets"] = [
            {"column": col, "bound": bound, "text": text,
             "met": None if ratios[col] is None else ratios[col] <= bound}
            for col, bound, text in targets or []]
        rows.append(entry)
    return {
        "benchmark": "compare",
        "date": datetime.date.today().isoformat(),
        "command": command,
        "machine": {"cores": os.cpu_count(),
                    "load_average_1min_start": round(load[0], 2),
                    "load_average_1min_end": round(load[1], 2)},
        "repeat": args.repeat,
        "import_repeat": args.import_repeat,
        "upstream_packages": dict(pinned()),
        "llvm": llvm_version(),
        "statistic": "median",
        "rows": rows,
    }


def _cell(entry, side):
    if side in entry.get("errors", {}):
        return "error"
    if entry[side] is None:
        return "n/a" if side == "c" else ""
    return fmt(entry[side])


def table(rows):
    """The markdown table lines of the data's rows."""
    lines = ["| workload | size | unit | ours | upstream | C API | ours/upstream | ours/C |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for e in rows:
        lines.append(f"| {e['label']} | {e['size']} | {e['unit']} | "
                     f"{_cell(e, 'ours')} | {_cell(e, 'upstream')} | {_cell(e, 'c')} | "
                     f"{fmt(e['ours_over_upstream'])} | {fmt(e['ours_over_c'])} |")
    return lines


def first_table(rows):
    """Markdown lines: the building rows' first repetitions."""
    lines = ["| workload (first repetition) | ours | upstream | C API | "
             "ours/upstream | ours/C |",
             "| --- | --- | --- | --- | --- | --- |"]
    for e in rows:
        f = e.get("first")
        if f is None:
            continue
        lines.append(f"| {e['label']} | {fmt(f['ours'])} | {fmt(f['upstream'])} | "
                     f"{fmt(f['c'])} | {fmt(f['ours_over_upstream'])} | "
                     f"{fmt(f['ours_over_c'])} |")
    return lines if len(lines) > 2 else []


def verdict_lines(rows):
    out = []
    for e in rows:
        for t in e["targets"]:
            word = "n/a" if t["met"] is None else ("met" if t["met"] else "missed")
            out.append(f"- {e['workload']}: {t['text']}: **{word}**")
    return out


def write_readme(section, begin=BEGIN, end=END):
    """Replaces the text of docs/speed.md between the markers by
    `section`."""
    text = SPEED_PAGE.read_text()
    if begin not in text or end not in text:
        sys.exit(f"{SPEED_PAGE} has no {begin} ... {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    SPEED_PAGE.write_text(head + begin + "\n" + section + "\n" + end + tail)


NOTES = [
    "Units are per op, per call or per module as the column says; ratios "
    "are of times (ours/upstream 0.25 = 4x faster than upstream).",
    "Imports: `import mlir.ir`, `from mlir.dialects import arith, func`, "
    "a context and the first `arith.constant`, timed inside a fresh Python "
    "process (interpreter start-up excluded); C: the whole process (exec, "
    "loading the libraries, registering and loading every dialect, the "
    "first op).",
    "Memory: resident-set growth while holding a list of the operation "
    "objects of a block of `arith.constant` ops (upstream gives an `OpView` "
    "subclass instance per op, which holds an `Operation`).",
    "The C floor builds with generic operation states and explicit result "
    "types (the Python builders infer `arith.addi`'s result type).",
    "Upstream difference: on every op of an unregistered dialect upstream "
    "attempts to import a Python module for that dialect (a failed import "
    "each time), hence the separate row for such ops.",
]


def llvm_version():
    sys.path.insert(0, str(BENCH))
    from _harness import LLVM_ROOT
    try:
        return subprocess.run([str(LLVM_ROOT / "bin" / "llvm-config"), "--version"],
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def section_text(data):
    """The section of docs/speed.md between the markers, from the data."""
    rows, m = data["rows"], data["machine"]
    pkgs = ", ".join(f"`{n}=={v}`" for n, v in data["upstream_packages"].items())
    first = first_table(rows)
    errors = [f"- {e['workload']} on {side}: `{msg}`"
              for e in rows for side, msg in e.get("errors", {}).items()]
    return "\n".join([
        f"Measured {data['date']} by `{data['command']}` on the shared "
        f"{m['cores']}-core machine (1-minute load average "
        f"{m['load_average_1min_start']:.1f} at the start and "
        f"{m['load_average_1min_end']:.1f} at the end, this run included): "
        f"{data['statistic']} of {data['repeat']} repetitions (imports: "
        f"{data['import_repeat']} fresh processes). Upstream: {pkgs} from PyPI "
        f"(the upstream nanobind bindings of LLVM/MLIR 22.1.8 with their "
        f"`libLLVM.so`); ours and C: LLVM/MLIR {data['llvm']} (Debian).",
        "",
        *table(rows),
        "",
        *(["The building rows' first repetitions (us/op), where every "
           "constant's attribute is new to the context (later repetitions "
           "rebuild the same IR and find the attributes uniqued already; "
           "the targets are judged on the medians above):", "", *first, ""]
          if first else []),
        *(f"- {n}" for n in NOTES),
        "",
        "Targets:",
        "",
        *verdict_lines(rows),
        *([""] + ["Failures:", ""] + errors if errors else []),
    ])


_HEAD = re.compile(
    r"Measured (?P<date>\d{4}-\d\d-\d\d) by `(?P<command>[^`]+)` on the shared "
    r"(?P<cores>\d+)-core machine \(1-minute load average (?P<start>[\d.]+) at "
    r"the start and (?P<end>[\d.]+) at the end, this run included\): "
    r"(?P<statistic>\w+) of (?P<repeat>\d+) repetitions \(imports: "
    r"(?P<import_repeat>\d+) fresh processes\)\. Upstream: (?P<pkgs>.*?) from "
    r"PyPI .*; ours and C: LLVM/MLIR (?P<llvm>\S+) \(Debian\)\.$")


def _size_n(row, size):
    """The n of a row's size text: the workload's default if it gives that
    text, else the number in the text."""
    if not size:
        return None
    import workloads
    default = MEMORY_N if row == "memory" else workloads.WORKLOADS[row].n
    digits = int(re.sub(r"\D", "", size))
    for n in (default, digits, (digits - 3) // 4):
        if size_text(row, n) == size:
            return n
    raise ValueError(f"{row}: no n gives the size {size!r}")


def data_from_page(section=None):
    """The data of the section of docs/speed.md as it stands: the inverse
    of section_text, for a page written before the data was kept."""
    lines = (page_section() if section is None else section).splitlines()
    m = _HEAD.match(lines[0])
    if not m:
        raise ValueError(f"unrecognized first line: {lines[0]!r}")
    by_label = {what: (row, targets) for row, what, targets in ROWS}
    errors = {}
    if "Failures:" in lines:
        for ln in lines[lines.index("Failures:") + 2:]:
            fm = re.fullmatch(r"- (\w+) on (\w+): `(.*)`", ln)
            if fm:
                errors.setdefault(fm.group(1), {})[fm.group(2)] = fm.group(3)
    verdicts = {}
    for ln in lines[lines.index("Targets:") + 2:]:
        vm = re.fullmatch(r"- (\w+): (.*): \*\*(met|missed|n/a)\*\*", ln)
        if not vm:
            break
        met = {"met": True, "missed": False, "n/a": None}[vm.group(3)]
        verdicts.setdefault(vm.group(1), []).append((vm.group(2), met))
    firsts = {}
    if any(ln.startswith("| workload (first repetition) |") for ln in lines):
        for cells in table_cells(lines, "| workload (first repetition) |"):
            firsts[cells[0]] = dict(zip(
                ("ours", "upstream", "c", "ours_over_upstream", "ours_over_c"),
                map(number, cells[1:])))
    rows = []
    for cells in table_cells(lines, "| workload | size |"):
        label, size, unit = cells[:3]
        row, targets = by_label[label]
        entry = {"workload": row, "label": label, "n": _size_n(row, size),
                 "size": size, "unit": unit,
                 **dict(zip(SIDES, map(number, cells[3:6]))),
                 "ours_over_upstream": number(cells[6]),
                 "ours_over_c": number(cells[7])}
        if row in errors:
            entry["errors"] = errors[row]
        if label in firsts:
            entry["first"] = firsts[label]
        bounds = {text: (col, bound) for col, bound, text in targets or []}
        entry["targets"] = [
            {"column": bounds[text][0], "bound": bounds[text][1], "text": text,
             "met": met} for text, met in verdicts.get(row, [])]
        rows.append(entry)
    return {
        "benchmark": "compare",
        "date": m["date"],
        "command": m["command"],
        "machine": {"cores": int(m["cores"]),
                    "load_average_1min_start": float(m["start"]),
                    "load_average_1min_end": float(m["end"])},
        "repeat": int(m["repeat"]),
        "import_repeat": int(m["import_repeat"]),
        "upstream_packages": dict(re.findall(r"`([^`=]+)==([^`]+)`", m["pkgs"])),
        "llvm": m["llvm"],
        "statistic": m["statistic"],
        "rows": rows,
    }


def add_data_options(ap, data: Path, what: str):
    """The options that write docs/speed.md's section and its JSON `data`
    (`what`: the results or the counts), or convert one into the other."""
    rel = data.relative_to(REPO)
    ap.add_argument("--write", "--write-readme", action="store_true",
                    dest="write_readme",
                    help=f"put the table into docs/speed.md and the {what} "
                    f"into {rel}")
    ap.add_argument("--data-from-page", action="store_true",
                    help=f"no run: write {rel} from the table now in "
                    f"docs/speed.md")
    ap.add_argument("--page-from-data", action="store_true",
                    help=f"no run: render the section of docs/speed.md from "
                    f"{rel}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--import-repeat", type=int, default=7)
    ap.add_argument("--memory-n", type=int, default=MEMORY_N)
    ap.add_argument("--only", help="comma-separated workload names")
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes, one repetition, this package and C only")
    ap.add_argument("--no-upstream", action="store_true")
    ap.add_argument("--no-c", action="store_true")
    ap.add_argument("--setup", action="store_true",
                    help="create/update the upstream venv and exit")
    add_data_options(ap, DATA, "results")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args)
    if args.setup:
        print(setup_upstream(force=True))
        return
    if args.data_from_page:
        write_data(DATA, data_from_page())
        print(f"wrote {DATA}")
        return
    if args.page_from_data:
        write_readme(section_text(read_data(DATA)))
        print(f"wrote {SPEED_PAGE}")
        return
    if args.smoke:
        args.repeat, args.import_repeat, args.no_upstream = 1, 1, True
    load = [os.getloadavg()[0]]
    results, sizes = measure(args)
    load.append(os.getloadavg()[0])
    print(f"load average (1 min) at start {load[0]:.1f}, at end {load[1]:.1f}",
          file=sys.stderr)
    command = " ".join(["python", "benchmarks/compare.py",
                        *(sys.argv[1:] if argv is None else argv)])
    data = run_data(results, sizes, args, load, command)
    print("\n".join(table(data["rows"])))
    print()
    first = first_table(data["rows"])
    if first:
        print("\n".join(first))
        print()
    print("\n".join(verdict_lines(data["rows"])))
    failed = [(row, side) for row, r in results.items()
              for side, x in r.items() if "error" in x]
    if failed:
        print(f"\nfailed: {failed}")
    if args.write_readme:
        if args.smoke:
            sys.exit("--smoke results are not written to docs/speed.md")
        write_readme(section_text(data))
        write_data(DATA, data)
        print(f"\nwrote {SPEED_PAGE} and {DATA}")
    if args.smoke and failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
