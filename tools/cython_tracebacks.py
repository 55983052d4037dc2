"""Two fixes to the traceback entries in Cython's generated C, for the
modules that cimport mlir/_mlir_libs/_ir.pxd (whose traceback filter and
argument-error hook they feed); setup.py applies them to each module
Cython translates, tests/test_tracebacks.py checks them.

- Cython caches the code objects of its traceback entries keyed by line
  number alone (cython/cython#3725): two functions of one module failing
  at the same line of different included files (_ir's 36 .pxi topics)
  then show each other's name and file. The cache is keyed by
  mlircy_code_key (_ir.pxd: the function's name and the line) instead.
- An argument of the wrong extension type (`def get(AffineMap m)`) fails
  in the function's wrapper, which makes no traceback entry for it, so the
  error would not name the function. The entry is added there.
"""

import re
from pathlib import Path

_CODE_CACHE_KEY = "_code_object(c_line ? -c_line : py_line"
_CODE_CACHE_FIXED = "_code_object(mlircy_code_key(funcname, c_line, py_line)"
_ARG_TYPE_TEST = re.compile(
    r"(if \(unlikely\(!__Pyx_ArgTypeTest\(.*\)\)\) )"
    r"__PYX_ERR\((\d+), (\d+), __pyx_L1_error\)$")
_TRACEBACK_NAME = re.compile(r'__Pyx_AddTraceback\("([^"]+)"')


def fix_generated_tracebacks(cpp: Path):
    """Applies both fixes to the generated `cpp`, writing it only when it
    changes (it does not once they are in)."""
    text = cpp.read_text()
    if "MLIRCY_TRACEBACK_FILTER_DEFINED" not in text:
        return
    n = text.count(_CODE_CACHE_KEY)
    if n not in (0, 4) or (n == 0 and _CODE_CACHE_FIXED not in text):
        raise SystemExit(
            f"mlir-cython: {cpp}: Cython's traceback cache is not keyed as "
            f"tools/cython_tracebacks.py expects ({n} of 4 uses of "
            f"'{_CODE_CACHE_KEY}'): see its docstring")
    lines = text.replace(_CODE_CACHE_KEY, _CODE_CACHE_FIXED).split("\n")
    name = None
    for i, line in enumerate(lines):
        if line.startswith(("static ", "}")):
            name = None                  # another function
        m = _TRACEBACK_NAME.search(line)
        if m:
            name = m.group(1)
        m = _ARG_TYPE_TEST.search(line)
        if m and name:
            lines[i] = line[:m.start()] + (
                f"{m.group(1)}{{ __PYX_MARK_ERR_POS({m.group(2)}, "
                f"{m.group(3)}) __Pyx_AddTraceback(\"{name}\", "
                f"__pyx_clineno, __pyx_lineno, __pyx_filename); "
                f"goto __pyx_L1_error; }}")
    fixed = "\n".join(lines)
    if fixed != text:
        cpp.write_text(fixed)
