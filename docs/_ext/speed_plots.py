"""The ``speed-plot`` directive: a figure of docs/speed.md drawn at build
time, with matplotlib, from the benchmarks' own results.

``benchmarks/compare.py --write`` and ``benchmarks/instructions.py
--write`` keep their runs as JSON in ``docs/_data/`` and render the page's
tables from it; this directive draws the same data, so a figure and its
table cannot disagree. In Markdown::

    ```{speed-plot} compare-upstream
    The caption.
    ```

The plots (``PLOTS``): ``compare-upstream``, the speed-up over the upstream
bindings per workload; ``compare-c``, ours and upstream over the C API's
time; ``instructions``, instructions per op of the building workloads.
The HTML builder draws each as SVG into the output's ``_images/`` (nothing
is written into the source tree), with the Agg backend and fixed SVG ids and
no date, so a build with the same data writes the same bytes. Other
builders (the doctest run among them) leave the figures out.
"""

import json
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

OURS, UPSTREAM, C = "#2a6fdb", "#e8843a", "#707070"
SLOWER = "#c44e52"


def _style():
    import matplotlib

    matplotlib.use("Agg")
    return matplotlib.rc_context({
        "svg.hashsalt": "mlir-cython speed plots",
        "svg.fonttype": "path",
        "font.size": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
    })


def _times(x):
    return f"{x:.0f}x" if x >= 10 else f"{x:.1f}x"


def _log_axis(ax, lo, hi, label):
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

    ticks = [t for t in (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500,
                         1000) if lo <= t <= hi]
    ax.set_xscale("log")
    ax.set_xlim(lo, hi)
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}x"))
    ax.set_xlabel(label)
    ax.grid(axis="x", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)


def _rows_axis(ax, labels):
    ax.set_yticks(range(len(labels)), labels, family="monospace")
    ax.set_ylim(len(labels) - 0.4, -0.6)
    ax.tick_params(axis="y", length=0)


def _run_note(data):
    m = data.get("machine") or {}
    load = ""
    if "load_average_1min_start" in m:
        load = (f", 1-minute load {m['load_average_1min_start']:.1f} to "
                f"{m['load_average_1min_end']:.1f}")
    return f"{data['date']}, {data.get('statistic', 'median')} of " \
           f"{data['repeat']} repetitions{load}"


def _titles(fig, ax, title, note):
    """The title in bold above, the run it shows under it in grey."""
    fig.suptitle(title, x=0.01, ha="left", fontsize=11, fontweight="bold")
    ax.set_title(note, loc="left", fontsize=8, color="#555555",
                 fontweight="normal")


def _figure(rows, per_row=0.3, extra=1.5):
    from matplotlib.figure import Figure

    return Figure(figsize=(8, per_row * len(rows) + extra), layout="constrained")


def draw_compare_upstream(data):
    """Horizontal bars: upstream's time over ours per workload (log scale),
    the 1x line, and each row's speed-up target."""
    rows = [r for r in data["rows"] if r["ours_over_upstream"]]
    speedup = [1 / r["ours_over_upstream"] for r in rows]
    labels = [r["workload"] + (" (bytes)" if r["unit"] == "bytes" else "")
              for r in rows]
    fig = _figure(rows)
    ax = fig.add_subplot()
    # Bars grow from the 1x line: right for faster, left for slower.
    ax.barh(range(len(rows)), [s - 1 for s in speedup], left=1, height=0.65,
            color=[OURS if s >= 1 else SLOWER for s in speedup])
    ax.axvline(1, color="black", linewidth=1)
    targets = {}
    for i, r in enumerate(rows):
        for t in r["targets"]:
            if t["column"] == "up" and t["bound"] < 1:
                targets[i] = 1 / t["bound"]
    if targets:
        ax.scatter(list(targets.values()), list(targets), marker="D", s=22,
                   facecolors="white", edgecolors="black", linewidths=1,
                   zorder=3, label="target speed-up")
        ax.legend(loc="lower right", frameon=False)
    for i, s in enumerate(speedup):
        # The value after the bar, or after the target if it would cover it.
        t = targets.get(i, 0)
        x = t * 1.04 if s < t < s * 1.55 else max(s, 1)
        ax.text(x * 1.06, i, _times(s), va="center", fontsize=8)
    _log_axis(ax, min(0.8, min(speedup) / 1.25), max(speedup) * 2.2,
              "times faster than upstream (upstream's time / ours; log scale)")
    _rows_axis(ax, labels)
    _titles(fig, ax, "Speed-up over the upstream bindings",
            f"benchmarks/compare.py, {_run_note(data)}\n"
            f"memory: bytes per live operation object")
    return fig


def draw_compare_c(data):
    """Grouped horizontal bars: ours and upstream as multiples of the C
    API's time per workload (log scale), the C line at 1."""
    rows = [r for r in data["rows"] if r["c"] and r["ours"]]
    ours = [r["ours_over_c"] for r in rows]
    up = [r["upstream"] / r["c"] if r["upstream"] else None for r in rows]
    fig = _figure(rows, per_row=0.36)
    ax = fig.add_subplot()
    h = 0.38
    # Bars grow from the C line at 1x.
    ax.barh([i - h / 2 for i in range(len(rows))], [o - 1 for o in ours],
            left=1, height=h, color=OURS, label="this package")
    ax.barh([i + h / 2 for i, u in enumerate(up) if u],
            [u - 1 for u in up if u], left=1, height=h, color=UPSTREAM,
            label="upstream")
    for i, (o, u) in enumerate(zip(ours, up)):
        ax.text(max(o, 1) * 1.06, i - h / 2, _times(o), va="center", fontsize=7.5)
        if u:
            ax.text(max(u, 1) * 1.06, i + h / 2, _times(u), va="center",
                    fontsize=7.5, color="#555555")
    ax.axvline(1, color="black", linewidth=1)
    values = ours + [u for u in up if u]
    _log_axis(ax, min(0.8, min(values) / 1.25), max(values) * 2.5,
              "time / the C API's time for the same work (log scale; 1x = C)")
    _rows_axis(ax, [r["workload"] for r in rows])
    ax.legend(loc="lower right", frameon=False)
    _titles(fig, ax, "Time as a multiple of the C API's",
            f"benchmarks/compare.py, {_run_note(data)}\n"
            f"C: benchmarks/c/compare_floor.c doing the same through the C API")
    return fig


def draw_instructions(data):
    """Grouped horizontal bars: instructions per op of the C API, this
    package and upstream per workload."""
    from matplotlib.ticker import StrMethodFormatter

    rows = data["rows"]
    fig = _figure(rows, per_row=0.9, extra=1.3)
    ax = fig.add_subplot()
    h = 0.27
    sides = [("c", "C API", C), ("ours", "this package", OURS),
             ("upstream", "upstream", UPSTREAM)]
    top = max(r[s] or 0 for r in rows for s, _, _ in sides)
    for k, (side, name, color) in enumerate(sides):
        ys = [i + (k - 1) * h for i, r in enumerate(rows) if r[side]]
        xs = [r[side] for r in rows if r[side]]
        ax.barh(ys, xs, height=h, color=color, label=name)
        for x, yy in zip(xs, ys):
            ax.text(x + top * 0.01, yy, f"{x:,.0f}", va="center", fontsize=7.5)
    ax.set_xlim(0, top * 1.15)
    ax.set_xlabel(f"{data['unit']} (callgrind)")
    ax.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    ax.grid(axis="x", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    _rows_axis(ax, [r["workload"] for r in rows])
    ax.legend(loc="lower right", frameon=False)
    _titles(fig, ax, "Instructions per operation",
            f"benchmarks/instructions.py, n = {data['n']:,}, counted "
            f"{data['date']}, PYTHONHASHSEED={data['env']['PYTHONHASHSEED']}")
    return fig


# name -> (data file in docs/_data, drawing function, alt text)
PLOTS = {
    "compare-upstream": (
        "compare.json", draw_compare_upstream,
        "Bar chart: how many times faster than the upstream bindings this "
        "package is per workload, log scale, with the 1x line and targets"),
    "compare-c": (
        "compare.json", draw_compare_c,
        "Bar chart: this package's and upstream's time as multiples of the "
        "C API's per workload, log scale"),
    "instructions": (
        "instructions.json", draw_instructions,
        "Bar chart: instructions per operation of the C API, this package "
        "and upstream for the building workloads"),
}


def data_path(srcdir, name):
    return Path(srcdir) / "_data" / PLOTS[name][0]


def save(name, data, path):
    """Draws plot `name` of `data` into `path` (.svg or .png)."""
    _, draw, _ = PLOTS[name]
    path = Path(path)
    with _style():
        fig = draw(data)
        if path.suffix == ".svg":
            fig.savefig(path, format="svg", metadata={"Date": None})
        else:
            fig.savefig(path, dpi=110, metadata={"Software": None})


class speed_plot(nodes.General, nodes.Element):
    """A plot to draw: attributes ``name`` and ``alt``."""


class SpeedPlot(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec = {"alt": directives.unchanged}

    def run(self):
        name = self.arguments[0]
        if name not in PLOTS:
            raise self.error(f"unknown speed plot {name!r}; known: "
                             f"{', '.join(PLOTS)}")
        path = data_path(self.env.srcdir, name)
        self.env.note_dependency(str(path))
        try:
            json.loads(path.read_text(encoding="utf-8"))["rows"]
        except (OSError, ValueError, KeyError) as e:
            raise self.error(f"speed plot {name!r}: cannot read {path}: {e}")
        plot = speed_plot(name=name, alt=self.options.get("alt", PLOTS[name][2]))
        figure = nodes.figure("", plot, classes=["speed-plot"])
        if self.content:
            parsed = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, parsed)
            first = parsed.children[0] if parsed.children else None
            if isinstance(first, nodes.paragraph):
                figure += nodes.caption(first.rawsource, "", *first.children)
        self.set_source_info(figure)
        return [figure]


def visit_html(self, node):
    builder = self.builder
    file = f"speed-{node['name']}.svg"
    out = Path(builder.outdir) / "_images"
    out.mkdir(parents=True, exist_ok=True)
    data = json.loads(data_path(builder.srcdir, node["name"]).read_text(
        encoding="utf-8"))
    save(node["name"], data, out / file)
    src = relative_uri(builder.get_target_uri(builder.current_docname),
                       "_images/" + file)
    self.body.append(self.emptytag(node, "img", "", src=src, alt=node["alt"],
                                   CLASS="speed-plot"))
    raise nodes.SkipNode


def skip(self, node):
    raise nodes.SkipNode


def setup(app):
    app.add_node(speed_plot, html=(visit_html, None), latex=(skip, None),
                 text=(skip, None), man=(skip, None), texinfo=(skip, None))
    app.add_directive("speed-plot", SpeedPlot)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
