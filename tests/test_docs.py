"""The documentation site's pages keep every Python example runnable:
`make docs` (run by `make test`) executes the ```{testcode} blocks with
Sphinx's doctest builder, so a page must not hide Python in a fence that
builder skips. Code that needs a compiler is shown by literalinclude of a
file the test suite builds."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
# The pages of api/dialects/ are written by the build (docs/_ext).
PAGES = sorted(p for p in DOCS.rglob("*.md")
               if p.relative_to(DOCS).parts[:2] != ("api", "dialects"))
# A fence's language, also as {code-block} python or {code} python.
FENCE = re.compile(r"^(?:`{3,}|~{3,})\s*(?:\{code(?:-block)?\}\s*)?([^\s`]*)", re.M)


def test_the_guide_has_pages():
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    for page in ("index.md", "install.md", "migration.md", "guide/building.md",
                 "guide/jit.md", "api/ir.md"):
        assert page in names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_python_examples_are_tested(page):
    untested = [m.group(1) for m in FENCE.finditer(page.read_text())
                if m.group(1) in ("python", "py", "python3", "pycon", "ipython")]
    assert not untested, (
        f"{page.name}: Python in a fence the doctest builder does not run "
        f"({untested}); use {{testcode}} (and {{testoutput}})")
