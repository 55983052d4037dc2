"""Upstream's out-of-tree dialect example, mlir/examples/standalone of the
pinned LLVM (fetched with upstream's test suite, tools/conformance.py),
built unchanged against the installed package: its dialect and C API
with mlir-tblgen, its nanobind extension against the package's versions
of upstream's IRCore.h/IRTypes.h, its op classes with mlir.tblgen, laid
out as its `mlir_standalone` package (the package re-exported under that
name, reexport_as); then upstream's own smoke test, checked by
FileCheck as its RUN line says."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cxx_build import (MAPPED_MLIR, dialect_library, llvm,
                             nanobind_extension, op_classes, tablegen)

pytest.importorskip("nanobind")
ROOT = Path(__file__).resolve().parents[1]


def upstream_standalone() -> Path:
    """The example's sources, fetched once into the suite's cache."""
    spec = importlib.util.spec_from_file_location(
        "_conformance", ROOT / "tools" / "conformance.py")
    conformance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conformance)
    cache = os.environ.get("MLIR_CYTHON_UPSTREAM_CACHE",
                           os.path.expanduser("~/.cache/mlir-cython/upstream"))
    fetch = subprocess.run(
        [ROOT / "tools" / "fetch-upstream-tests.sh",
         conformance.UPSTREAM_VERSION, cache],
        stdout=subprocess.PIPE, text=True)
    if fetch.returncode == 3:
        pytest.skip("upstream's sources of the pinned LLVM cannot be fetched")
    assert fetch.returncode == 0
    return Path(fetch.stdout.strip().splitlines()[-1]) / "mlir" / "examples" \
        / "standalone"


# add_mlir_dialect(StandaloneOps standalone) and the passes' declarations,
# as the example's include/Standalone/CMakeLists.txt asks for them.
INC_FILES = [
    ("-gen-op-decls", "StandaloneOps.h.inc"),
    ("-gen-op-defs", "StandaloneOps.cpp.inc"),
    ("-gen-dialect-decls -dialect=standalone", "StandaloneOpsDialect.h.inc"),
    ("-gen-dialect-defs -dialect=standalone", "StandaloneOpsDialect.cpp.inc"),
    ("-gen-typedef-decls -typedefs-dialect=standalone",
     "StandaloneOpsTypes.h.inc"),
    ("-gen-typedef-defs -typedefs-dialect=standalone",
     "StandaloneOpsTypes.cpp.inc"),
]


def test_upstream_standalone_example(tmp_path):
    src = upstream_standalone()
    inc = src / "include"
    gen = tmp_path / "gen" / "Standalone"
    tablegen(inc / "Standalone" / "StandaloneOps.td", INC_FILES, gen,
             includes=[inc])
    tablegen(inc / "Standalone" / "StandalonePasses.td",
             [("-gen-pass-decls", "StandalonePasses.h.inc")], gen,
             includes=[inc])

    # Its package: the bindings re-exported as mlir_standalone, with the
    # example's own modules under it.
    pkg = tmp_path / "mlir_standalone"
    libs_dir, dialects = pkg / "_mlir_libs", pkg / "dialects"
    for d in (libs_dir, dialects):
        d.mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        "from mlir._mlir_libs import reexport_as\nreexport_as(__name__)\n")
    py_src = src / "python" / "mlir_standalone" / "dialects"
    shutil.copy(py_src / "standalone_nanobind.py", dialects)

    lib = libs_dir / "libStandaloneDialect.so"
    dialect_library(
        sorted((src / "lib" / "Standalone").glob("*.cpp"))
        + [src / "lib" / "CAPI" / "Dialects.cpp"],
        lib, includes=[inc, gen.parent])
    nanobind_extension(src / "python" / "StandaloneExtensionNanobind.cpp",
                       libs_dir, "_standaloneDialectsNanobind", lib,
                       includes=[inc])
    op_classes(py_src / "StandaloneOps.td", "standalone",
               "mlir_standalone.dialects", tmp_path, includes=[inc])

    # Upstream's smoke test as its RUN line runs it: output through LLVM's
    # FileCheck with the test's own CHECK lines; and the dialect maps no MLIR
    # or LLVM library besides the package's.
    smoke = src / "test" / "python" / "smoketest.py"
    script = (MAPPED_MLIR + "import mlir.ir\nbefore = mlir_libraries()\n"
              + smoke.read_text() + "\nprint_new_mlir_libraries(before)\n")
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    assert proc.returncode == 0, proc.stdout
    check = subprocess.run([llvm() / "bin" / "FileCheck", smoke],
                           input=proc.stdout, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert proc.stdout.endswith("new MLIR or LLVM libraries: []\n"), proc.stdout
