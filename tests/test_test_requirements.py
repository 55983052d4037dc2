"""Every third-party package a test imports is named in the package's
test requirements (pyproject.toml's [test] extra, or a runtime
dependency), so `pip install mlir-cython[test]` is enough to run them."""

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Import names whose distribution is called otherwise.
DIST_OF = {"yaml": "PyYAML", "clang": "libclang", "Cython": "Cython",
           "pyximport": "Cython"}
# Optional extras: their tests skip without them ([dask]; [docs] for the
# speed page's plots).
OPTIONAL = {"distributed", "dask", "sphinx", "matplotlib"}


def _local_names():
    """Modules that come from this repository or that a test writes."""
    names = {"mlir", "tests", "conftest"}
    for folder in ("tests", "tools", "benchmarks", "gen"):
        for p in (ROOT / folder).rglob("*.py"):
            names.add(p.stem)
            names.update(part for part in p.relative_to(ROOT / folder).parts[:-1])
    return names


def _imported():
    found = {}
    for p in sorted((ROOT / "tests").rglob("*.py")):
        try:
            tree = ast.parse(p.read_text(), str(p))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                mods = [node.module]
            else:
                continue
            for m in mods:
                found.setdefault(m.split(".")[0], p.relative_to(ROOT))
        # an importorskip of a module names an import too
        for m in re.findall(r"importorskip\(\s*['\"]([\w.]+)", p.read_text()):
            found.setdefault(m.split(".")[0], p.relative_to(ROOT))
    return found


def _requirement_names():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + project["optional-dependencies"]["test"]
    return {re.split(r"[<>=!;\[ ]", r, 1)[0].lower().replace("-", "_")
            for r in reqs}


def test_every_imported_package_is_a_test_requirement():
    local = _local_names()
    listed = _requirement_names()
    missing = {}
    for name, where in _imported().items():
        if (name in sys.stdlib_module_names or name in local
                or name in OPTIONAL or name == "__future__"):
            continue
        dist = DIST_OF.get(name, name).lower().replace("-", "_")
        if dist not in listed:
            missing[name] = str(where)
    assert not missing, f"imported by tests, not in the [test] extra: {missing}"
