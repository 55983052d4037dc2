"""Checks a self-contained wheel (tools/wheel.py) the way a user meets it:
installed into a fresh venv, on a machine without LLVM.

    python tools/check_wheel.py WHEEL [--python PYTHON] [--core]
    python tools/check_wheel.py WHEEL WHEEL... [--jobs N] [--abi3-on V...]

1. A fresh venv of PYTHON (by default the interpreter running this
   script; another one for another version's wheel, or for the stable-ABI
   wheel on each CPython it is checked on) gets the wheel (and numpy, its one dependency), plus
   Cython and pytest for the downstream checks.
2. With LLVM hidden (a private mount namespace, `unshare -m`, with an empty
   tmpfs over /usr/lib/llvm-22; needs root and mount rights, else it runs
   visible and says so, still failing when a library comes from outside
   the wheel): the main job
   (examples/main.py: build IR, lower it, JIT-run it on numpy arrays), a
   parse -> pipeline -> JIT run with MLIR's runtime library, a check that
   every mapped LLVM/MLIR library is the wheel's own, and a downstream
   Cython extension compiled against the installed wheel
   (tests/test_downstream_cython.py, run from a copy).
3. With LLVM visible (its .td files are the generator's input, its
   headers and mlir-tblgen the C++ dialect's): an out-of-tree dialect
   generated and compiled against the installed wheel
   (tests/test_tblgen_out_of_tree.py), and a C++ dialect built against it,
   taking MLIR's C++ API from the wheel's library, with a nanobind
   extension and generated op classes (tests/test_cxx_dialect.py), both
   run from copies.
4. With LLVM hidden again: the core of the test suite (CORE_TESTS), from
   a copy of tests/, on the installed wheel.
--core leaves out steps 2's downstream extension and 3: for the wheels
of other interpreters, whose library and headers are the same files as
the wheel checked in full.

Given several wheels (make test-wheels), each is checked on the CPython
it is for: a version-specific wheel on its own (tools/cpython.sh builds
the others), the stable-ABI wheel on this interpreter and on each version
of --abi3-on. A wheel is checked in full on this interpreter and with
--core on the others; N checks run at a time (--jobs), each one's output
printed when it ends.
0. First of all, `auditwheel show` must agree with the wheel's manylinux
   tag.

Exits non-zero when any of it fails.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LLVM_ROOT = "/usr/lib/llvm-22"
# This interpreter's version as tools/cpython.sh and the wheel tags name
# it: 3.11, 3.13t, ...
THIS = "%d.%d" % sys.version_info[:2] + (
    "t" if sysconfig.get_config_var("Py_GIL_DISABLED") else "")

# The test files run on the installed wheel (step 4).
CORE_TESTS = [
    "tests/test_context.py", "tests/test_operation.py",
    "tests/test_blocks_values.py", "tests/test_types.py",
    "tests/test_attributes.py", "tests/test_dense.py",
    "tests/test_location.py", "tests/test_loc_tracebacks.py",
    "tests/test_module_parse.py",
    "tests/test_passmanager.py", "tests/test_rewrite.py",
    "tests/test_execution_engine.py", "tests/test_pickle.py",
    "tests/test_invalid_use.py", "tests/test_upstream_exact_behaviour.py",
    "tests/test_thread_stress.py",
    "tests/dialects/test_arith.py", "tests/dialects/test_func.py",
    "tests/dialects/test_linalg.py", "tests/dialects/test_scf.py",
    "tests/dialects/test_gpu.py",
]

# Run inside the namespace where LLVM is hidden.
SMOKE = r'''
import ctypes, os, sys
import mlir.ir
from mlir.ir import Context, Module
from mlir.passmanager import PassManager
from mlir.execution_engine import ExecutionEngine, runtime_library_path

site, hidden = sys.argv[1], sys.argv[2] == "hidden"
if hidden:
    assert not os.path.exists("/usr/lib/llvm-22/lib/libMLIR.so"), "not hidden"
assert mlir.ir.__file__.startswith(site), mlir.ir.__file__
with Context():
    # printMemrefI64 comes from libmlir_runner_utils; f8 arithmetic lowered
    # by convert-arith-to-apfloat calls libmlir_apfloat_wrappers, which
    # takes APFloat from our library.
    m = Module.parse("""
      func.func @add(%a: i64, %b: i64) -> i64 attributes {llvm.emit_c_interface} {
        %s = arith.addi %a, %b : i64
        %p = memref.alloca() : memref<1xi64>
        %c = arith.constant 0 : index
        memref.store %s, %p[%c] : memref<1xi64>
        %u = memref.cast %p : memref<1xi64> to memref<*xi64>
        call @printMemrefI64(%u) : (memref<*xi64>) -> ()
        return %s : i64
      }
      func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}
      func.func @f8add(%a: f32, %b: f32) -> f32 attributes {llvm.emit_c_interface} {
        %x = arith.truncf %a : f32 to f8E4M3FN
        %y = arith.truncf %b : f32 to f8E4M3FN
        %z = arith.addf %x, %y : f8E4M3FN
        %r = arith.extf %z : f8E4M3FN to f32
        return %r : f32
      }
    """)
    PassManager.parse("builtin.module(convert-arith-to-apfloat,"
                      "finalize-memref-to-llvm,convert-to-llvm,"
                      "reconcile-unrealized-casts)").run(m.operation)
    rt = [runtime_library_path(n) for n in (
        "libmlir_runner_utils.so", "libmlir_c_runner_utils.so",
        "libmlir_apfloat_wrappers.so")]
    assert all(p.startswith(site) for p in rt), rt
    ee = ExecutionEngine(m, shared_libs=rt)
    a, b, r = ctypes.c_int64(40), ctypes.c_int64(2), ctypes.c_int64()
    ee.invoke("add", ctypes.pointer(a), ctypes.pointer(b), ctypes.pointer(r))
    assert r.value == 42, r.value
    f = ctypes.c_float()
    ee.invoke("f8add", ctypes.pointer(ctypes.c_float(1.5)),
              ctypes.pointer(ctypes.c_float(2.25)), ctypes.pointer(f))
    assert f.value == 3.75, f.value
    # The async runtime: its threads come from our library's LLVM, and its
    # glibc and libstdc++ requirements were rewritten for manylinux_2_28
    # (tools/runtime_libs.py, patch).
    m = Module.parse("""
      func.func @twice(%a: i64) -> i64 attributes {llvm.emit_c_interface} {
        %t, %v = async.execute -> !async.value<i64> {
          %x = arith.addi %a, %a : i64
          async.yield %x : i64
        }
        %r = async.await %v : !async.value<i64>
        return %r : i64
      }
    """)
    PassManager.parse("builtin.module(async-to-async-runtime,"
                      "async-runtime-ref-counting,"
                      "async-runtime-ref-counting-opt,convert-async-to-llvm,"
                      "convert-to-llvm,reconcile-unrealized-casts)"
                      ).run(m.operation)
    ee = ExecutionEngine(m, shared_libs=[runtime_library_path(
        "libmlir_async_runtime.so")])
    a, r = ctypes.c_int64(21), ctypes.c_int64()
    ee.invoke("twice", ctypes.pointer(a), ctypes.pointer(r))
    assert r.value == 42, r.value
mapped = {line.split()[-1] for line in open("/proc/self/maps")
          if "LLVM" in line or "MLIR" in line or "libmlir_" in line}
foreign = [p for p in mapped if not p.startswith(site)]
assert not foreign, foreign
print("wheel smoke: parse -> pipeline -> JIT ok;", len(mapped),
      "LLVM/MLIR libraries, all from the wheel", flush=True)
'''


def say(text):
    print(f"check_wheel: {text}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    say(" ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def hiding(cmd):
    """`cmd` with an empty directory mounted over LLVM's, in a private
    mount namespace (nothing outside it sees the mount)."""
    script = (f"mount -t tmpfs none {LLVM_ROOT} && exec "
              + " ".join(f"'{c}'" for c in cmd))
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", script]


def check_tag(wheel: Path):
    """auditwheel's own reading of the wheel agrees with its manylinux
    tag: every file needs at most what that policy guarantees."""
    out = subprocess.run([sys.executable, "-m", "auditwheel", "show",
                          str(wheel)], check=True, capture_output=True,
                         text=True).stdout
    found = re.search(r'platform tag:\s*"(manylinux_(\d+)_(\d+)_x86_64)"', out)
    if not found:
        sys.exit(f"check_wheel: auditwheel show gave no platform tag:\n{out}")
    tags = re.findall(r"manylinux_(\d+)_(\d+)_x86_64", wheel.name)
    newest = max((int(a), int(b)) for a, b in tags) if tags else None
    needs = (int(found.group(2)), int(found.group(3)))
    if newest is None or needs > newest:
        sys.exit(f"check_wheel: {wheel.name} is tagged {newest}, but "
                 f"auditwheel says it needs {found.group(1)}")
    say(f"auditwheel: consistent with {found.group(1)}")


def can_hide():
    """Whether this machine lets us mount over LLVM's directory in a
    private namespace (root with CAP_SYS_ADMIN, unshare(1))."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    return subprocess.run(hiding(["true"]), capture_output=True).returncode == 0


def install_and_smoke(wheel: Path, tmp: Path, hidden, hide: bool,
                      extra=(), who="check_wheel", python=None):
    """A fresh venv in `tmp` (of the interpreter `python`, by default this
    one) with `wheel` (and the packages `extra`); runs the smoke test and
    the main example in it through `hidden` (`hide`: whether that hides
    LLVM); `who` names the caller in a failure. Returns the venv's
    python."""
    env_dir = tmp / "venv"
    run([python or sys.executable, "-m", "venv", env_dir])
    py = env_dir / "bin" / "python"
    run([py, "-c", "import sys; print(sys.version)"])
    # (--prefer-binary: on 3.13t, hypothesis's newest release is an sdist
    # that builds only with a Rust toolchain and crates.io.)
    run([py, "-m", "pip", "install", "-q", "--prefer-binary", str(wheel),
         *extra])
    site = subprocess.run(
        [py, "-c", "import sysconfig; print(sysconfig.get_paths()['platlib'])"],
        check=True, capture_output=True, text=True).stdout.strip()
    smoke = tmp / "smoke.py"
    smoke.write_text(SMOKE)
    out = subprocess.run(
        [str(c) for c in hidden([py, smoke, site,
                                 "hidden" if hide else "visible"])],
        cwd=tmp, capture_output=True, text=True)
    print(out.stdout + out.stderr, end="")
    # What the JIT-compiled code printed through the runtime library.
    if out.returncode or "[42]" not in out.stdout:
        sys.exit(f"{who}: the smoke test failed")
    run(hidden([py, ROOT / "examples" / "main.py", "--size", "64"]), cwd=tmp)
    return py


def interpreters(wheel: Path, abi3_on):
    """The CPython versions `wheel` is checked on (None: this
    interpreter), from its tags."""
    tags = wheel.name.split("-")
    python_tag, abi_tag = tags[-3], tags[-2]
    if abi_tag == "abi3":
        return [None, *abi3_on]
    version = f"{python_tag[2]}.{python_tag[3:]}" + (
        "t" if abi_tag.endswith("t") else "")
    return [None if version == THIS else version]


def check_all(wheels, jobs: int, abi3_on) -> int:
    """Checks every wheel on its interpreters, `jobs` at a time, in child
    processes; prints each check's output when it ends. Returns how many
    failed."""
    from concurrent.futures import ThreadPoolExecutor
    plan = []
    for wheel in wheels:
        for version in interpreters(wheel, abi3_on):
            cmd = [sys.executable, __file__, str(wheel)]
            if version is not None:
                python = subprocess.run(
                    [ROOT / "tools" / "cpython.sh", version], check=True,
                    capture_output=True, text=True).stdout.split()[-1]
                cmd += ["--python", python, "--core"]
            plan.append((f"{wheel.name} on CPython {version or THIS}", cmd))
    say(f"{len(plan)} checks, {jobs} at a time")

    def one(item):
        what, cmd = item
        out = subprocess.run(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        status = "ok" if out.returncode == 0 else f"FAILED ({out.returncode})"
        print(f"===== {what}: {status}\n{out.stdout}", flush=True)
        return out.returncode == 0

    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(one, plan))
    for (what, _), ok in zip(plan, results):
        say(f"{what}: {'ok' if ok else 'FAILED'}")
    return results.count(False)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("wheel", nargs="+")
    ap.add_argument("--python", help="the interpreter of the fresh venv "
                    "(default: this one)")
    ap.add_argument("--core", action="store_true", help="the smoke test, "
                    "the main example and the core tests only")
    ap.add_argument("--jobs", type=int, default=1, help="checks at a time "
                    "(several wheels)")
    ap.add_argument("--abi3-on", nargs="*", default=["3.13"],
                    help="the other CPython versions the stable-ABI wheel "
                    "is checked on (several wheels)")
    args = ap.parse_args(argv)
    if len(args.wheel) > 1:
        failed = check_all([Path(w).resolve() for w in args.wheel],
                           args.jobs, args.abi3_on)
        sys.exit(f"check_wheel: {failed} checks failed" if failed else 0)
    wheel = Path(args.wheel[0]).resolve()
    check_tag(wheel)
    hide = can_hide()
    if not hide:
        say("cannot hide LLVM here (needs root, unshare(1) and mount "
            "rights): running with it visible; the smoke test still fails "
            "if any LLVM/MLIR library is loaded from outside the wheel")
    hidden = hiding if hide else (lambda cmd: cmd)
    with tempfile.TemporaryDirectory(prefix="mlir-cython-check-") as tmp:
        tmp = Path(tmp)
        py = install_and_smoke(
            wheel, tmp, hidden, hide,
            ["pytest", "hypothesis>=6.100", "PyYAML>=6",
             *([] if args.core else ["Cython>=3.1,<4", "setuptools",
                                     "nanobind>=2.4"])],
            python=args.python)
        if not args.core:
            downstream(py, tmp, hidden)
        # The core of the test suite, on the installed wheel with LLVM
        # hidden, from a copy of the tests (a package: conftest and helpers).
        core = tmp / "core"
        shutil.copytree(ROOT / "tests", core / "tests",
                        ignore=shutil.ignore_patterns("__pycache__"))
        run(hidden([py, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "--rootdir", core, *CORE_TESTS,
                    # (compares with mlir-opt, which is LLVM's, hidden)
                    "--deselect", "tests/test_passmanager.py::"
                    "test_statistics_report_matches_mlir_opt"]), cwd=core)
    say(f"{wheel.name}: ok")


def downstream(py, tmp: Path, hidden):
    """Steps 2 (the downstream Cython extension) and 3 in the venv of
    `py`."""
    # Copies of the tests, away from the checkout (whose mlir/ would
    # otherwise be imported) and its conftest.
    tests = tmp / "tests"
    tests.mkdir()
    for name in ("__init__.py", "test_downstream_cython.py",
                 "test_tblgen_out_of_tree.py", "test_cxx_dialect.py",
                 "cxx_build.py"):
        shutil.copy(ROOT / "tests" / name, tests)
    for d in ("downstream", "oot", "cxxdialect"):
        shutil.copytree(ROOT / "tests" / d, tests / d)
    pytest = [py, "-m", "pytest", "-q", "-p", "no:cacheprovider",
              "--rootdir", tests]
    # (Not the rebuild of the package with other private layouts: the
    # wheel ships no .pyx sources to rebuild.)
    run(hidden([*pytest, tests / "test_downstream_cython.py", "--deselect",
                "test_downstream_cython.py::"
                "test_an_old_module_works_after_the_private_layouts_change"]),
        cwd=tmp)
    run([*pytest, tests / "test_tblgen_out_of_tree.py",
         tests / "test_cxx_dialect.py"], cwd=tmp)


if __name__ == "__main__":
    main()
