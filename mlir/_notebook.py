"""Rich display of IR in notebooks (Jupyter, IPython): the `_repr_html_` of
Module and Operation.

The IR is shown as a `<pre>` block, highlighted when Pygments is installed
(Jupyter ships it) with an MLIR lexer of its own, as Pygments has none. A
large module shows its first `MAX_LINES` lines and how many follow (`str()`
gives them all), so that displaying it cannot flood the notebook.
"""

import html

__all__ = ["MAX_LINES", "ir_html"]

# Lines shown of an operation's IR before the rest is counted, not shown.
MAX_LINES = 400

_lexer = None


def _make_lexer():
    """An MLIR lexer for Pygments (None without Pygments)."""
    try:
        from pygments.lexer import RegexLexer, bygroups
        from pygments.token import (Comment, Keyword, Name, Number,
                                    Operator, Punctuation, String, Text)
    except ImportError:
        return None

    ident = r"[A-Za-z_$.\-][\w$.\-]*"

    class MLIRLexer(RegexLexer):
        """MLIR's textual IR: values, symbols, blocks, attribute and type
        aliases, operation names, builtin types, literals, comments."""

        name = "MLIR"
        aliases = ["mlir"]
        filenames = ["*.mlir"]
        tokens = {
            "root": [
                (r"\s+", Text),
                (r"//.*?$", Comment.Single),
                (r'"(\\\\|\\"|[^"])*"', String.Double),
                (r"%" + ident + r"(:\d+)?(#\d+)?", Name.Variable),
                (r"%\d+(:\d+)?(#\d+)?", Name.Variable),
                (r"@" + ident, Name.Function),
                (r"\^" + ident, Name.Label),
                (r"#" + ident, Name.Constant),
                (r"!" + ident, Name.Class),
                # Also right after a shape's "x" (tensor<2xf32>).
                (r"(?:\b|(?<=\dx)|(?<=\?x))(?:[su]?i\d+|f\d+|bf16|tf32|index|"
                 r"none|tensor|memref|vector|complex|tuple)\b", Keyword.Type),
                (r"\b(?:module|loc|attributes|to|step|iter_args|ins|outs|"
                 r"true|false|unit|dense|affine_map|affine_set|strided)\b",
                 Keyword),
                (r"([a-z_][\w$]*)(\.)([\w$.]+)",
                 bygroups(Name.Namespace, Punctuation, Name.Builtin)),
                (r"0x[0-9a-fA-F]+", Number.Hex),
                (r"-?\d+\.\d*(?:[eE][+-]?\d+)?", Number.Float),
                (r"-?\d+", Number.Integer),
                # The "x" between a shape's sizes and its element type.
                (r"x(?=\d|\?|[su]?i\d|f\d|bf16|tf32|index|vector|complex|!)",
                 Punctuation),
                (r"->|=|:|\*", Operator),
                (r"[()\[\]{}<>,?]", Punctuation),
                (r"[\w$.\-]+", Text),
                (r".", Text),
            ],
        }

    # The text as it is: no newline added at its end or stripped from it.
    return MLIRLexer(ensurenl=False, stripnl=False)


def _highlight(text):
    """Highlighted HTML spans of text, or None without Pygments."""
    global _lexer
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
    except ImportError:
        return None
    if _lexer is None:
        _lexer = _make_lexer()
    formatter = HtmlFormatter(noclasses=True, nowrap=True, style="default")
    out = highlight(text, _lexer, formatter)
    # The formatter ends every line, the last one too.
    return out if text.endswith("\n") or not out.endswith("\n") else out[:-1]


def ir_html(obj, max_lines=None):
    """HTML of obj's IR (str(obj)): a <pre> block, highlighted when Pygments
    is installed, holding its first `max_lines` lines (MAX_LINES by default)
    and a line saying how many more there are."""
    text = str(obj)
    limit = MAX_LINES if max_lines is None else max_lines
    lines = text.splitlines()
    more = len(lines) - limit
    if more > 0:
        text = "\n".join(lines[:limit]) + "\n"
    body = _highlight(text)
    if body is None:
        body = html.escape(text)
    tail = ""
    if more > 0:
        tail = (f'<div style="font-style: italic">... {more} more line'
                f'{"s" if more != 1 else ""} (str() gives the whole IR)</div>')
    return f'<pre style="line-height: 125%">{body}</pre>{tail}'
