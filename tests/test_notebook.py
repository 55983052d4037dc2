"""Notebook display (_repr_html_) of modules and operations: the IR in a
<pre> block, highlighted by the package's MLIR lexer when Pygments is
installed, escaped text otherwise, cut after MAX_LINES lines."""

import html
import re
import sys

import pytest

from mlir import _notebook
from mlir.ir import Module

SRC = ('func.func @f(%a: tensor<2x?xf32>) -> i32 {\n'
       '  %c1 = arith.constant 1 : i32\n'
       '  %s = "t.x"() {s = "<&>"} : () -> i32\n'
       '  return %c1 : i32\n}')


def _text(markup):
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


@pytest.fixture
def module(uctx):
    return Module.parse(SRC)


def test_html_is_the_ir_highlighted(module):
    pytest.importorskip("pygments")
    out = module._repr_html_()
    assert out.startswith("<pre") and out.endswith("</pre>")
    assert _text(out) == str(module)
    spans = dict((text, style) for style, text in
                 re.findall(r'<span style="([^"]+)">([^<]+)</span>', out))
    # Values, symbols, types and op names each get a style of their own.
    assert len({spans["%arg0"], spans["@f"], spans["f32"], spans["arith"]}) == 4
    assert spans["tensor"] == spans["i32"] == spans["f32"]
    assert "&lt;&amp;&gt;" in out                 # strings stay escaped
    func = module.body.operations[0]
    assert _text(func._repr_html_()) == str(func)


def test_without_pygments_it_is_escaped_text(module, monkeypatch):
    monkeypatch.setitem(sys.modules, "pygments", None)
    monkeypatch.setattr(_notebook, "_lexer", None)
    out = module._repr_html_()
    assert "<span" not in out
    assert out == f'<pre style="line-height: 125%">{html.escape(str(module))}</pre>'


def test_large_ir_is_cut(module, monkeypatch):
    monkeypatch.setattr(_notebook, "MAX_LINES", 3)
    out = module._repr_html_()
    lines = str(module).splitlines()
    assert _text(out).startswith("\n".join(lines[:3]) + "\n")
    assert f"... {len(lines) - 3} more lines (str() gives the whole IR)" in out
    assert lines[3] not in _text(out.split("</pre>")[0])
