"""Sphinx configuration of the mlir-cython documentation.

``make docs`` builds it twice with warnings as errors: once with the doctest
builder, which runs every ``testcode`` example of the pages against the
package built in place, then as HTML into ``build/docs/html``. The API
reference is read by autodoc from the built extension modules.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "mlir-cython"
author = "the mlir-cython authors"
copyright = "2026, the mlir-cython authors"
release = version = "0.1.0"

sys.path.insert(0, str(ROOT / "docs" / "_ext"))

extensions = [
    "dialect_reference",
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "speed_plots",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# The API reference: members in source order, the module a name is
# documented under is the public one (mlir.ir, not mlir._mlir_libs._ir).
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True}
add_module_names = False

# Every example is run by the doctest builder; each page's examples share
# one namespace, in page order.
doctest_test_doctest_blocks = ""
trim_doctest_flags = True

# Furo: a content column sized for code, wide code blocks and tables
# scroll sideways inside it (docs/_static/width.css adds the cases the theme
# leaves to the page width), and a light and a dark scheme.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["width.css"]
html_title = "mlir-cython"

# The native modules' signatures carry their annotations (`op: Operation`),
# and the reference documents several classes of one name (mlir.ir's and
# mlir.dialects.ext's `Operation` and `Type`): Sphinx links such a name to
# the documented class it finds first instead of failing the build.
suppress_warnings = ["ref.python"]
