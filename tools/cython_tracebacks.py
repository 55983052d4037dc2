"""Three fixes to the traceback entries in Cython's generated C, for the
modules that cimport mlir/_mlir_libs/_ir.pxd (whose traceback filter and
argument-error hook they feed); setup.py applies them to each module
Cython translates, tests/test_tracebacks.py checks them. And in every
module, which instances its freelists take (_FREELIST_TEST below).

- Cython caches the code objects of its traceback entries keyed by line
  number alone (cython/cython#3725): two functions of one module failing
  at the same line of different included files (_ir's 36 .pxi topics)
  then show each other's name and file. The cache is keyed by
  mlircy_code_key (_ir.pxd: the function's name and the line) instead.
- An argument of the wrong extension type (`def get(AffineMap m)`) fails
  in the function's wrapper, which makes no traceback entry for it, so the
  error would not name the function. The entry is added there.
- A function that takes no arguments but `self` refuses arguments in its
  wrapper, which makes no traceback entry either (Cython has no error path
  there): one is added, at the function's `def` line, named from the
  signature Cython embeds in its docstring.
"""

import re
from pathlib import Path

# Cython's freelists under CYTHON_USE_TYPE_SPECS (setup.py: the classes are
# heap types) serve only their own class's instances: with IntegerType,
# OpResult and the other subclasses left out, navigation cost 15% more
# instructions than with static types. What makes the rule necessary is a
# Python subclass, whose deallocator (CPython's subtype_dealloc) drops its
# reference to the class after Cython's has put the object on the list; a
# class that shares its base's deallocator (a Cython subclass without
# fields of its own) keeps the reference as the base class does. So the
# test becomes the static build's (same size), plus that deallocator. The
# limited API (the stable-ABI build) cannot read either field: its test is
# left as Cython has it.
_FREELIST_TEST = ("#define __PYX_CHECK_FINAL_TYPE_FOR_FREELISTS(t, expected_tp, "
                  "expected_size) ((int) ((t) == (expected_tp)))")
_FREELIST_FIXED = (
    "#if CYTHON_COMPILING_IN_LIMITED_API\n" + _FREELIST_TEST + "\n#else\n"
    "#define __PYX_CHECK_FINAL_TYPE_FOR_FREELISTS(t, expected_tp, "
    "expected_size) ((int) ((t)->tp_basicsize == (expected_size) && "
    "(t)->tp_dealloc == (expected_tp)->tp_dealloc))\n#endif")

_CODE_CACHE_KEY = "_code_object(c_line ? -c_line : py_line"
_CODE_CACHE_FIXED = "_code_object(mlircy_code_key(funcname, c_line, py_line)"
_ARG_TYPE_TEST = re.compile(
    r"(if \(unlikely\(!__Pyx_ArgTypeTest\(.*\)\)\) )"
    r"__PYX_ERR\((\d+), (\d+), __pyx_L1_error\)$")
_TRACEBACK_NAME = re.compile(r'__Pyx_AddTraceback\("([^"]+)"')
_NO_ARGS_REFUSED = re.compile(
    r'(\{ ?__Pyx_(?:RaiseArgtupleInvalid|RejectKeywords)\("\w+", [^;]*\); )'
    r'return NULL; ?\}')
_SOURCE_LINE = re.compile(r'^/\* "([^"]+)":(\d+)$')
_DOC = re.compile(r'^PyDoc_STRVAR\(\w+, "([\w.]+)\(')
_MODULE_NAME = re.compile(r'^#define __Pyx_MODULE_NAME "([\w.]+)"$', re.M)
_FILES = re.compile(r'static const char\* const __pyx_f\[\] = \{\n(.*?)\n\};',
                    re.S)


def fix_generated_tracebacks(cpp: Path):
    """Applies the fixes to the generated `cpp`, writing it only when it
    changes (it does not once they are in)."""
    text = cpp.read_text()
    fixed = _fix_freelists(text)
    if "MLIRCY_TRACEBACK_FILTER_DEFINED" in text:
        fixed = _fix_tracebacks(fixed, cpp)
    if fixed != text:
        cpp.write_text(fixed)


def _fix_freelists(text):
    """`text` with the freelist test of _FREELIST_FIXED (once)."""
    if _FREELIST_TEST in text and _FREELIST_FIXED not in text:
        return text.replace(_FREELIST_TEST, _FREELIST_FIXED, 1)
    return text


def _fix_tracebacks(text, cpp):
    """`text` (of `cpp`) with the three traceback fixes."""
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
    _fix_no_argument_wrappers(text, lines)
    return "\n".join(lines)


def _fix_no_argument_wrappers(text, lines):
    """Adds the traceback entry of the wrappers of functions that take no
    arguments (but `self`) to where they refuse arguments, in place."""
    module = _MODULE_NAME.search(text)
    files = _FILES.search(text)
    if not module or not files:
        return
    index = {f.strip().strip(",").strip('"'): i
             for i, f in enumerate(files.group(1).split("\n"))}
    source = doc = None
    for i, line in enumerate(lines):
        m = _SOURCE_LINE.match(line)
        if m:
            source = (m.group(1), m.group(2))
            doc = None
            continue
        m = _DOC.match(line)
        if m:
            doc = m.group(1)
            continue
        if "__pyx_nargs" not in line and "__pyx_kwds" not in line:
            continue
        m = _NO_ARGS_REFUSED.search(line)
        if not m or "__pyx_L" in line or doc is None or source is None \
                or source[0] not in index:
            continue
        lines[i] = (line[:m.start()] + m.group(1) +
                    f"__Pyx_AddTraceback(\"{module.group(1)}.{doc}\", "
                    f"__LINE__, {source[1]}, __pyx_f[{index[source[0]]}]); "
                    f"return NULL; }}" + line[m.end():])
