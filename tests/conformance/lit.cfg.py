# lit configuration for upstream's Python test suite (mlir/test/python of
# the LLVM version we build against), run unmodified against this package.
#
# tools/conformance.py fetches the suite into a cache outside the checkout
# and runs lit on it with this file as the configuration; the parameters
# below come from its --param options.
import os
import platform
import subprocess
import sys

import lit.formats
import lit.util

params = lit_config.params  # noqa: F821 (lit provides lit_config and config)
llvm_root = params["llvm_root"]
llvm_bin = os.path.join(llvm_root, "bin")
llvm_lib = os.path.join(llvm_root, "lib")

config.name = "mlir-cython conformance"  # noqa: F821
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py"]
config.test_source_root = params["suite"]
config.test_exec_root = params["exec_root"]
config.excludes = {"lit.local.cfg", "lit.site.cfg.py", "lib", "CMakeLists.txt",
                   "python_test_ops.td"}

# What upstream's lit.local.cfg files read.
config.enable_bindings_python = True
config.mlir_include_integration_tests = True
config.python_executable = params["python"]
config.target_triple = subprocess.run(
    [os.path.join(llvm_bin, "llvm-config"), "--host-target"],
    capture_output=True, text=True).stdout.strip() or platform.machine()
config.host_triple = config.target_triple

# Substitutions of upstream's mlir/test/lit.cfg.py that the suite uses.
shlibext = ".so"
config.substitutions.append(("%PYTHON", params["python"]))
config.substitutions.append(("%shlibext", shlibext))
config.substitutions.append(("%mlir_lib_dir", llvm_lib))
for name in ("mlir_runner_utils", "mlir_c_runner_utils", "mlir_async_runtime"):
    config.substitutions.append(
        ("%" + name, os.path.join(llvm_lib, "lib" + name + shlibext)))

# FileCheck, not, count from LLVM's bin directory come first on PATH.
path = os.pathsep.join([llvm_bin, os.path.dirname(params["python"]),
                        config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
for var in ("HOME", "TMPDIR", "PYTHONHASHSEED", "PYTHONPATH",
            "MLIR_CYTHON_TEST_MODULES"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Features upstream's REQUIRES / UNSUPPORTED lines ask for.
machine = platform.machine().lower()
if machine in ("x86_64", "amd64", "aarch64", "arm64"):
    config.available_features.add("host-supports-jit")
if sys.version_info >= (3, 11):
    config.available_features.add("python-ge-311")
targets = subprocess.run(
    [os.path.join(llvm_bin, "llvm-config"), "--targets-built"],
    capture_output=True, text=True).stdout.split()
if "NVPTX" in targets:
    config.available_features.add("host-supports-nvptx")
if "AMDGPU" in targets:
    config.available_features.add("host-supports-amdgpu")
