"""setup.py registers the extensions it cythonizes after generating them
as setuptools' build_ext.finalize_options() registers the others, and
drops Cython's per-process dependency cache: both through private names,
as neither tool has a public way. These tests fail when an installed
setuptools or Cython (within the versions pyproject.toml allows) stops
doing what setup.py relies on."""

import inspect
import re
from pathlib import Path

from setuptools import Distribution, Extension
from setuptools.command.build_ext import build_ext

SETUP = Path(__file__).resolve().parents[1] / "setup.py"


def _registered_by_setuptools():
    """The attributes finalize_options() adds to an extension, and the
    keys of its ext_map."""
    before = set(vars(Extension("pkg.mod", ["a.c"])))
    ext = Extension("pkg.mod", ["a.c"])
    cmd = build_ext(Distribution({"name": "x", "ext_modules": [ext]}))
    cmd.ensure_finalized()
    return set(vars(ext)) - before, sorted(cmd.ext_map), ext


def test_setup_sets_what_finalize_options_sets():
    added, keys, ext = _registered_by_setuptools()
    text = SETUP.read_text()
    assert set(re.findall(r"\bext\.(_\w+) = ", text)) == added
    assert keys == ["mod", "pkg.mod"]
    assert 'self.ext_map[ext._full_name] = ext' in text
    assert 'self.ext_map[ext._full_name.split(".")[-1]] = ext' in text
    # The values setup.py gives them, for an extension like ours (no
    # shared libraries, so no stubs).
    assert (ext._full_name, ext._links_to_dynamic, ext._needs_stub) == \
        ("pkg.mod", False, False)
    assert ext._file_name.startswith("pkg/mod.")


def test_cython_keeps_its_dependency_cache_where_setup_drops_it():
    from Cython.Build import Dependencies
    assert hasattr(Dependencies, "_dep_tree")
    assert "_dep_tree" in inspect.getsource(Dependencies.create_dependency_tree)
    assert "Dependencies._dep_tree = None" in SETUP.read_text()
