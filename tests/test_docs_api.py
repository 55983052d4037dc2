"""The reference of `mlir.ir` (docs/api/ir/*.md, one page per topic) names
every public name the package defines in `mlir.ir` exactly once, with
`autoclass` / `autoexception` / `autofunction`, and nothing else: no name
`mlir.ir` merely imports (`Iterable`, `contextmanager`, `np`, ...) and no
`automodule`, which would pull those in."""

import re
from collections import Counter
from pathlib import Path

import mlir.ir

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api"
PAGES = sorted((DOCS / "ir").glob("*.md"))
ENTRY = re.compile(r"^\.\. auto(class|exception|function|data)::\s*(\S+)\s*$", re.M)


def own_names():
    """Public names of mlir.ir defined by the package itself."""
    return {name for name in dir(mlir.ir) if not name.startswith("_") and
            (getattr(getattr(mlir.ir, name), "__module__", None) or ""
             ).startswith("mlir")}


def documented():
    """Counter of the names the topic pages document (as `mlir.ir.X` or,
    under `currentmodule:: mlir.ir`, as `X`)."""
    names = Counter()
    for page in PAGES:
        text = page.read_text()
        assert "automodule" not in text, page.name
        for _, target in ENTRY.findall(text):
            names[target.removeprefix("mlir.ir.")] += 1
    return names


def test_topic_pages_exist():
    assert len(PAGES) >= 6
    index = (DOCS / "ir.md").read_text()
    assert "automodule" not in index
    for page in PAGES:
        assert f"ir/{page.stem}\n" in index, f"{page.name} is not in ir.md's toctree"


def test_every_public_name_is_documented_once():
    names = documented()
    own = own_names()
    assert len(own) > 150
    assert sorted(own - set(names)) == [], "not documented on any page"
    assert sorted(n for n, k in names.items() if k > 1) == [], "documented twice"


def test_no_foreign_name_is_documented():
    own = own_names()
    foreign = sorted(n for n in documented() if n not in own)
    assert foreign == [], ("not a public name the package defines in mlir.ir "
                           "(imported from elsewhere, private, or gone)")
