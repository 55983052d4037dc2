"""The benchmarks' results kept as data (docs/_data/*.json) and the tables
of docs/speed.md agree number for number: each marked section of the page
is what benchmarks/compare.py and benchmarks/instructions.py render from
their data file, and the page's plots (docs/_ext/speed_plots.py) draw from
the same files. Nothing here runs a benchmark."""

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import compare  # noqa: E402
import instructions  # noqa: E402

COMPARE = compare.read_data(compare.DATA)
INSTRUCTIONS = compare.read_data(instructions.DATA)


def lines(text):
    return text.splitlines()


def test_compare_section_is_rendered_from_its_data():
    page = compare.page_section(compare.BEGIN, compare.END)
    assert lines(compare.section_text(COMPARE)) == lines(page), (
        "docs/speed.md and docs/_data/compare.json differ; a run writes both "
        "(compare.py --write), --page-from-data renders the page again")


def test_instructions_section_is_rendered_from_its_data():
    page = compare.page_section(instructions.BEGIN, instructions.END)
    assert lines(instructions.section_text(INSTRUCTIONS)) == lines(page), (
        "docs/speed.md and docs/_data/instructions.json differ; a run writes "
        "both (instructions.py --write)")


def _cells(section, header):
    return compare.table_cells(lines(section), header)


def test_table_cells_are_the_data_numbers():
    """The same agreement cell by cell, read from the page's own text:
    a number in the table is the data's number as the table prints it."""
    page = compare.page_section(compare.BEGIN, compare.END)
    rows = _cells(page, "| workload | size |")
    assert len(rows) == len(COMPARE["rows"])
    for cells, e in zip(rows, COMPARE["rows"]):
        assert cells[0] == e["label"] and cells[1] == e["size"]
        keys = ("ours", "upstream", "c", "ours_over_upstream", "ours_over_c")
        for cell, key in zip(cells[3:], keys):
            if e[key] is None:
                assert cell in ("", "n/a", "error"), (e["workload"], key, cell)
            else:
                assert cell == compare.fmt(e[key]), (e["workload"], key, cell)
                assert math.isclose(compare.number(cell), e[key], rel_tol=0.05)
    page = compare.page_section(instructions.BEGIN, instructions.END)
    rows = _cells(page, instructions.HEADER[0])
    assert len(rows) == len(INSTRUCTIONS["rows"])
    for cells, e in zip(rows, INSTRUCTIONS["rows"]):
        assert cells[0] == e["label"]
        for cell, key in zip(cells[1:], ("ours", "upstream", "c",
                                         "upstream_over_ours", "ours_over_c")):
            if e[key] is None:
                assert cell in ("", "n/a"), (e["workload"], key, cell)
            else:
                assert math.isclose(compare.number(cell), e[key], rel_tol=0.005,
                                    abs_tol=0.5), (e["workload"], key, cell)


@pytest.mark.parametrize("data", [COMPARE, INSTRUCTIONS], ids=["compare", "instructions"])
def test_data_is_consistent(data):
    """Each row is a known workload, its ratios are of its own values (to
    the tables' rounding), and the run says when, how and where."""
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", data["date"])
    assert data["command"].startswith("python benchmarks/")
    known = ({row for row, _, _ in compare.ROWS} if data is COMPARE
             else set(instructions.WORKLOADS))
    over = {"ours_over_upstream": ("ours", "upstream"),
            "upstream_over_ours": ("upstream", "ours"),
            "ours_over_c": ("ours", "c")}
    for e in data["rows"]:
        assert e["workload"] in known
        for key, (a, b) in over.items():
            if key in e and e[key] is not None:
                assert math.isclose(e[key], e[a] / e[b], rel_tol=0.06), (e, key)
    if data is COMPARE:
        m = data["machine"]
        assert m["cores"] >= 1
        assert m["load_average_1min_start"] >= 0
        assert m["load_average_1min_end"] >= 0


@pytest.mark.parametrize("module", [compare, instructions], ids=["compare", "instructions"])
def test_page_parser_reads_what_it_renders(module):
    """--data-from-page reads a section back into data that renders the
    same section."""
    section = compare.page_section(module.BEGIN, module.END)
    assert lines(module.section_text(module.data_from_page(section))) == lines(section)


def test_run_data_renders_and_reads_back():
    """A run's results (one failed side, a row without C) become data, a
    section, and the same data again."""
    import argparse
    results = {
        "build_classes": {"ours": {"value": 0.9234, "first": 1.2},
                          "upstream": {"error": "Traceback\nValueError: boom"},
                          "c": {"value": 0.41, "first": 0.6}},
        "walk": {"ours": {"value": 268.4}, "upstream": {"value": 523.1},
                 "c": {"value": 81.0}},
        "memory": {"ours": {"value": 59.3}, "upstream": {"value": 317.2}},
    }
    sizes = {"build_classes": 50_000, "walk": 25_000, "memory": 200_000}
    args = argparse.Namespace(repeat=5, import_repeat=7)
    data = compare.run_data(results, sizes, args, [0.41, 1.13],
                            "python benchmarks/compare.py --write")
    json.dumps(data)
    section = compare.section_text(data)
    assert "| chain of `arith.ConstantOp` + `arith.AddIOp` in a func | 50,000 pairs " \
           "| us/op | 0.92 | error | 0.41 |  | 2.25 |" in lines(section)
    assert "- build_classes on upstream: `ValueError: boom`" in lines(section)
    assert "- build_classes: <= 2x C: **missed**" in lines(section)
    again = compare.data_from_page(section)
    assert compare.section_text(again) == section
    assert [e["workload"] for e in again["rows"]] == ["build_classes", "walk", "memory"]


def _docs_ext(code):
    """Runs `code` in a child Python beside docs/_ext/speed_plots.py (with
    the [docs] extra's Sphinx and matplotlib) and returns what it printed:
    drawing in this process would leave its freed heap to the tests after
    it, which measure resident memory."""
    pytest.importorskip("sphinx")
    pytest.importorskip("matplotlib")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "docs" / "_ext",
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_plots_draw_deterministically(tmp_path):
    """Every plot of the page draws from the committed data, and drawing
    it twice writes the same SVG bytes."""
    names = _docs_ext(f"""
import json, pathlib, speed_plots
out = pathlib.Path({str(tmp_path)!r})
for name in speed_plots.PLOTS:
    data = json.loads(speed_plots.data_path("..", name).read_text())
    speed_plots.save(name, data, out / (name + "-a.svg"))
    speed_plots.save(name, data, out / (name + "-b.svg"))
    print(name)
""").split()
    assert names
    for name in names:
        a = (tmp_path / f"{name}-a.svg").read_bytes()
        assert a == (tmp_path / f"{name}-b.svg").read_bytes(), name
        assert len(a) > 10_000, name
        assert b"<dc:date>" not in a


def test_page_uses_every_plot():
    names = _docs_ext("import speed_plots; print(*speed_plots.PLOTS)").split()
    text = (ROOT / "docs" / "speed.md").read_text()
    used = re.findall(r"^```\{speed-plot\} (\S+)$", text, re.M)
    assert sorted(used) == sorted(names)
