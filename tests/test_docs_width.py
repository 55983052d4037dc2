"""Code blocks and tables of the documentation fit the theme's column.

Furo's content column is 46em wide and code is set at 81.25% of the text
size in a monospace font (about 0.6em a character), inside 0.875rem of
padding on each side: 90 characters show without scrolling. Every line of
a fenced block (code, expected output, shell sessions) of the pages and of
README.md must fit in that, so readers never scroll to see the end of a
line. Tables scroll sideways inside the column (furo wraps each one in a
scrolling container; docs/_static/width.css keeps it so for nested
tables); beyond that, a table has at most 8 columns."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
MAX_CODE_COLUMNS = 90
MAX_TABLE_COLUMNS = 8
# docs/api/dialects/ is written by the build (docs/_ext) and has no fences.
PAGES = [ROOT / "README.md"] + sorted(
    p for p in DOCS.rglob("*.md")
    if p.relative_to(DOCS).parts[:2] != ("api", "dialects"))
OPEN = re.compile(r"^(`{3,}|~{3,})")


def fenced_lines(text):
    """(line number, line) of every line inside a fenced block, directive
    options (`:options: ...` right after the opening fence) left out."""
    fence = None
    options = False
    for number, line in enumerate(text.splitlines(), 1):
        if fence is None:
            match = OPEN.match(line)
            if match:
                fence, options = match.group(1), True
            continue
        if line.strip() == fence or (line.startswith(fence[0] * len(fence))
                                     and not line.strip(fence[0]).strip()):
            fence = None
            continue
        if options and line.startswith(":"):
            continue
        options = False
        yield number, line


def table_widths(text):
    """(line number, columns) of every Markdown table (its delimiter row)."""
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(r"^\|(\s*:?-{3,}:?\s*\|)+\s*$", line):
            yield number, line.count("|") - 1


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_code_lines_fit_the_column(page):
    wide = [f"{page.name}:{n}: {len(line)} characters"
            for n, line in fenced_lines(page.read_text())
            if len(line) > MAX_CODE_COLUMNS]
    assert not wide, (f"lines wider than {MAX_CODE_COLUMNS} characters in a "
                      "code block (wrap the code, or break expected output "
                      "with :options: +NORMALIZE_WHITESPACE):\n" + "\n".join(wide))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_tables_are_narrow_enough(page):
    wide = [f"{page.name}:{n}: {cols} columns"
            for n, cols in table_widths(page.read_text()) if cols > MAX_TABLE_COLUMNS]
    assert not wide, "\n".join(wide)


def test_the_theme_scrolls_what_is_wider():
    conf = (DOCS / "conf.py").read_text()
    assert re.search(r'^html_theme = "furo"$', conf, re.M)
    assert re.search(r'^html_css_files = \[.*"width\.css".*\]$', conf, re.M)
    css = (DOCS / "_static" / "width.css").read_text()
    assert re.search(r"\.table-wrapper\s*\{[^}]*overflow-x:\s*auto", css)


def test_the_checks_see_what_they_check():
    sample = "x\n```{testoutput}\n:options: +ELLIPSIS\n\n" + "y" * 91 + "\n```\n"
    assert [n for n, _ in fenced_lines(sample)] == [4, 5]
    assert list(table_widths("| a | b |\n| --- | --- |\n")) == [(2, 2)]
    assert sum(1 for p in PAGES for _ in fenced_lines(p.read_text())) > 1000
