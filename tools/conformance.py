#!/usr/bin/env python3
"""Runs upstream MLIR's own Python test suite against this package.

The suite (``mlir/test/python`` of the LLVM version pinned below) comes from
Debian's source package, fetched once into a cache outside the checkout by
``tools/fetch-upstream-tests.sh``.  Each file runs unmodified under lit with
``tests/conformance/lit.cfg.py`` (``%PYTHON`` is this interpreter,
``FileCheck`` and ``not`` are LLVM's).

``tests/conformance/expectations.txt`` lists every file that does not pass,
with its reason.  Those run as expected failures: the run fails on any other
failure *and* on a listed file that passes, so the list only shrinks.

Exit status: 0 when every file did what the expectations say (or the pinned
version cannot be downloaded: then the run is skipped, loudly), 1 otherwise.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys

# The one place the upstream version is pinned.
UPSTREAM_VERSION = "22.1.8"

# Files that import LLVM's in-tree Python test extension and test dialect
# (mlir._mlir_libs._mlirPythonTestNanobind, mlir.dialects.python_test),
# built from the fetched suite by tools/python_test_ext.py. Should that
# build fail, they run as expected failures for this reason.
NEEDS_TEST_EXTENSION = ("dialects/python_test.py", "ir/diagnostic_handler.py",
                        "multithreaded_tests.py")

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONF = ROOT / "tests" / "conformance"


def read_expectations(path):
    """{test path relative to mlir/test/python: reason} from the file."""
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, reason = line.partition(":")
        if not sep or not reason.strip():
            sys.exit(f"{path}:{n}: expected 'path: reason', got {line!r}")
        if name.strip() in out:
            sys.exit(f"{path}:{n}: {name.strip()} listed twice")
        out[name.strip()] = reason.strip()
    return out


def installed_llvm_version(llvm_root):
    try:
        return subprocess.run([os.path.join(llvm_root, "bin", "llvm-config"),
                               "--version"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests", nargs="*",
                    help="only these files (paths relative to mlir/test/python)")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--llvm-root", default=os.environ.get(
        "MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22"))
    ap.add_argument("--cache", default=os.environ.get(
        "MLIR_CYTHON_UPSTREAM_CACHE",
        os.path.expanduser("~/.cache/mlir-cython/upstream")))
    ap.add_argument("--build-dir", default=str(ROOT / "build" / "conformance"))
    ap.add_argument("--test-ext-dir", default=os.environ.get(
        "MLIR_CYTHON_TEST_EXT_DIR", str(ROOT / "build" / "python-test-ext")),
                    help="where LLVM's Python test extension is built and cached")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="show the output of every failing file")
    args = ap.parse_args(argv)

    installed = installed_llvm_version(args.llvm_root)
    if installed and installed != UPSTREAM_VERSION:
        print(f"conformance: WARNING: LLVM {installed} is installed, the suite "
              f"is pinned to {UPSTREAM_VERSION} (tools/conformance.py)")

    fetch = subprocess.run(
        [str(ROOT / "tools" / "fetch-upstream-tests.sh"), UPSTREAM_VERSION,
         args.cache], stdout=subprocess.PIPE, text=True)
    if fetch.returncode == 3:
        print("*" * 72)
        print(f"conformance: SKIPPED: upstream's test suite of LLVM "
              f"{UPSTREAM_VERSION} cannot be downloaded from Debian's source "
              f"packages any more; update UPSTREAM_VERSION in tools/conformance.py")
        print("*" * 72)
        return 0
    if fetch.returncode:
        print(f"conformance: fetching the suite failed (exit {fetch.returncode})")
        return 1
    upstream = pathlib.Path(fetch.stdout.strip().splitlines()[-1])

    # A private copy of the suite (about 1 MB) with our site configuration at
    # its root, so checkouts sharing the cache never write into it.
    build = pathlib.Path(args.build_dir).resolve()
    # Laid out as in LLVM (.../test/python): some tests check paths.
    suite = build / "test" / "python"
    shutil.rmtree(build, ignore_errors=True)
    shutil.copytree(upstream / "mlir" / "test" / "python", suite)
    (suite / "lit.site.cfg.py").write_text(
        "# Written by tools/conformance.py: upstream's suite, our configuration.\n"
        f"lit_config.load_config(config, {str(CONF / 'lit.cfg.py')!r})\n")
    # lit.local.cfg of ir/custom_dialect excludes its helper modules.
    all_tests = sorted(
        str(p.relative_to(suite)) for p in suite.rglob("*.py")
        if p.name != "lit.site.cfg.py"
        and p.parent.relative_to(suite).as_posix() != "ir/custom_dialect")

    expected = read_expectations(CONF / "expectations.txt")

    # LLVM's Python test extension, built (or found cached) outside the
    # package and made importable through tests/conformance/testext.
    env = dict(os.environ)
    ext = subprocess.run(
        [args.python, str(ROOT / "tools" / "python_test_ext.py"),
         str(upstream / "mlir"), args.test_ext_dir],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if ext.returncode == 0:
        lines = ext.stdout.strip().splitlines()
        print("conformance: " + lines[-2].strip())
        env["MLIR_CYTHON_TEST_MODULES"] = lines[-1].strip()
        env["PYTHONPATH"] = os.pathsep.join(
            [str(CONF / "testext")]
            + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    else:
        print("conformance: building LLVM's Python test extension failed, so "
              + ", ".join(NEEDS_TEST_EXTENSION) + " run as expected failures:\n"
              + ext.stdout[-3000:])
        for name in NEEDS_TEST_EXTENSION:
            expected.setdefault(name, "LLVM's Python test extension did not build")
    unknown = sorted(set(expected) - set(all_tests))
    if unknown:
        print("conformance: expectations.txt names files that are not in the "
              "suite: " + ", ".join(unknown))
        return 1

    selected = args.tests or []
    results_json = build / "results.json"
    cmd = [args.python, "-c", "import lit.main; lit.main.main()", "-j", str(args.jobs), "-s",
           "--xfail", ";".join(expected), "-o", str(results_json),
           "--param", f"python={args.python}",
           "--param", f"llvm_root={args.llvm_root}",
           "--param", f"suite={suite}",
           "--param", f"exec_root={build / 'out'}"]
    if args.verbose:
        cmd.append("-v")
    cmd += [str(suite / t) for t in selected] or [str(suite)]
    lit = subprocess.run(cmd, cwd=build, env=env)

    try:
        results = json.loads(results_json.read_text())["tests"]
    except (OSError, ValueError, KeyError):
        print(f"conformance: lit gave no results (exit {lit.returncode})")
        return 1
    codes = {}
    for r in results:
        name = r["name"].split(" :: ", 1)[1]
        codes[name] = r["code"]
    passed = sorted(n for n, c in codes.items() if c == "PASS")
    xfail = sorted(n for n, c in codes.items() if c == "XFAIL")
    xpass = sorted(n for n, c in codes.items() if c == "XPASS")
    bad = sorted(n for n, c in codes.items()
                 if c not in ("PASS", "XFAIL", "XPASS", "UNSUPPORTED"))
    unsupported = sorted(n for n, c in codes.items() if c == "UNSUPPORTED")
    for n in xpass:
        print(f"conformance: UNEXPECTED PASS {n}: remove it from "
              f"tests/conformance/expectations.txt ({expected[n]})")
    for n in bad:
        print(f"conformance: UNEXPECTED {codes[n]} {n}")
    for n in unsupported:
        print(f"conformance: unsupported here: {n}")
    total = len(codes)
    print(f"conformance: {len(passed) + len(xpass)}/{total} upstream test files "
          f"of LLVM {UPSTREAM_VERSION} pass ({len(xfail)} expected failures "
          f"listed with reasons in tests/conformance/expectations.txt)")
    return 1 if (xpass or bad or lit.returncode not in (0, 1)) else 0


if __name__ == "__main__":
    sys.exit(main())
