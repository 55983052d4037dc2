"""Build of mlir-cython.

1. CMake builds the native parts that are not Cython (CMakeLists.txt):
   libMLIRCythonCAPI.so, the one library holding MLIR's C API.
2. Cython compiles every .pyx under mlir/ in C++ mode; every extension
   links libMLIRCythonCAPI.so and finds it through an $ORIGIN rpath.
3. Extensions compile in parallel (all cores unless -j/--parallel says).

LLVM/MLIR 22 is taken from /usr/lib/llvm-22, or MLIR_CYTHON_LLVM_ROOT.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
LLVM_ROOT = Path(os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))
CAPI_LIB = "MLIRCythonCAPI"
LIBS_PKG = Path("mlir") / "_mlir_libs"

DEBIAN_HINT = ("Install Debian's packages:\n"
               "    apt-get install libmlir-22-dev mlir-22-tools llvm-22-dev\n"
               "or point MLIR_CYTHON_LLVM_ROOT at an LLVM 22 installation.")


def check_llvm():
    missing = [p for p in ("include/mlir-c/IR.h", "lib/libMLIR.so",
                           "lib/libLLVM.so", "lib/libMLIRCAPIIR.a")
               if not (LLVM_ROOT / p).exists()]
    if missing:
        sys.exit(f"mlir-cython: LLVM/MLIR 22 not found under {LLVM_ROOT} "
                 f"(missing {', '.join(missing)}).\n{DEBIAN_HINT}")


def find_pyx():
    return sorted(p.relative_to(ROOT) for p in (ROOT / "mlir").rglob("*.pyx"))


def make_extensions():
    exts = []
    for pyx in find_pyx():
        name = ".".join(pyx.with_suffix("").parts)
        # rpath from the extension's directory to mlir/_mlir_libs.
        rel = os.path.relpath(LIBS_PKG, pyx.parent)
        origin = "$ORIGIN" if rel == "." else f"$ORIGIN/{rel}"
        exts.append(Extension(
            name, [str(pyx)],
            language="c++",
            include_dirs=[str(ROOT / "csrc" / "include"),
                          str(LLVM_ROOT / "include")],
            libraries=[CAPI_LIB],
            extra_compile_args=["-std=c++17", "-O2",
                                "-Wno-unused-function",
                                "-Wno-unreachable-code-fallthrough"],
            extra_link_args=[f"-Wl,-rpath,{origin}",
                             f"-Wl,-rpath,{LLVM_ROOT / 'lib'}"],
        ))
    return exts


def cythonize_all():
    from Cython.Build import cythonize
    return cythonize(
        make_extensions(),
        compiler_directives={
            "language_level": 3,
            "embedsignature": True,
            "cdivision": True,
        },
        include_path=[str(ROOT)],
        nthreads=os.cpu_count() or 1,
        quiet=True,
    )


class BuildExt(build_ext):
    """Builds the CMake project first, then the extensions against it."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self):
        check_llvm()
        lib_dir = self._build_cmake()
        for ext in self.extensions:
            ext.library_dirs.append(str(lib_dir))
        super().run()

    def _package_libs_dir(self) -> Path:
        if self.inplace or getattr(self, "editable_mode", False):
            return ROOT / LIBS_PKG
        return Path(self.build_lib) / LIBS_PKG

    def _build_cmake(self) -> Path:
        # A stable build directory, so rebuilds are incremental even when
        # the caller (pip) uses a fresh temporary build_temp.
        build_dir = ROOT / "build" / "cmake"
        build_dir.mkdir(parents=True, exist_ok=True)
        cmake = shutil.which("cmake") or "cmake"
        if not (build_dir / "CMakeCache.txt").exists():
            gen = ["-G", "Ninja"] if shutil.which("ninja") else []
            subprocess.check_call(
                [cmake, str(ROOT), *gen, "-DCMAKE_BUILD_TYPE=Release",
                 f"-DMLIR_CYTHON_LLVM_ROOT={LLVM_ROOT}",
                 f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={build_dir / 'lib'}"],
                cwd=build_dir)
        subprocess.check_call(
            [cmake, "--build", str(build_dir), "--parallel",
             str(os.cpu_count() or 1)])
        built = build_dir / "lib" / f"lib{CAPI_LIB}.so"
        dest_dir = self._package_libs_dir()
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = dest_dir / built.name
        if not dest.exists() or dest.stat().st_mtime < built.stat().st_mtime:
            shutil.copy2(built, dest)
        # Our shim headers ship with the package, for downstream extensions
        # (mlir._mlir_libs.get_include_dirs()).
        shutil.copytree(ROOT / "csrc" / "include", dest_dir / "include",
                        dirs_exist_ok=True)
        return dest_dir


setup(
    ext_modules=cythonize_all() if "egg_info" not in sys.argv else [],
    cmdclass={"build_ext": BuildExt},
    package_data={"mlir": ["**/*.pxd", "**/*.pxi", "**/*.pyi", "py.typed",
                           "_mlir_libs/*.so", "_mlir_libs/include/**/*.h"]},
    exclude_package_data={"mlir": ["**/*.cpp"]},
    zip_safe=False,
)
