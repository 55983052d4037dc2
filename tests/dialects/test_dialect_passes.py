"""The pass modules of the dialects (mlir.dialects.linalg.passes,
gpu.passes, async_dialect.passes, and sparse_tensor): importing one
registers that dialect's passes, so that a pipeline naming them parses, and
importing it again changes nothing."""

import subprocess
import sys
import textwrap

import pytest


# Without the site initializer that registers every pass, a pipeline naming
# a dialect's pass parses only once that dialect's pass module is imported.
_PASS_SCRIPT = textwrap.dedent("""
    import importlib, importlib.abc, sys

    class NoRegisterEverything(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == "mlir._mlir_libs._mlirRegisterEverything":
                raise ModuleNotFoundError(name, name=name)
            return None

    sys.meta_path.insert(0, NoRegisterEverything())
    from mlir.ir import Context
    from mlir.passmanager import PassManager

    def parses(pipeline):
        with Context():
            try:
                PassManager.parse(pipeline)
                return "parses"
            except ValueError:
                return "ValueError"

    module, pipeline = sys.argv[1], sys.argv[2]
    print(parses(pipeline))
    m = importlib.import_module(module)
    print(parses(pipeline))
    print(sorted(n for n in vars(m) if n.startswith("_cext")))
""")


@pytest.mark.parametrize("module,pipeline,native", [
    ("mlir.dialects.linalg.passes",
     "builtin.module(linalg-generalize-named-ops)", "_cextLinalgPasses"),
    ("mlir.dialects.gpu.passes",
     "builtin.module(gpu-kernel-outlining)", "_cextGPUPasses"),
    ("mlir.dialects.async_dialect.passes",
     "builtin.module(async-to-async-runtime)", "_cextAsyncPasses"),
    ("mlir.dialects.sparse_tensor",
     "builtin.module(sparsification-and-bufferization)",
     "_cextSparseTensorPasses"),
])
def test_pass_modules_register_their_passes(module, pipeline, native):
    proc = subprocess.run([sys.executable, "-c", _PASS_SCRIPT, module,
                           pipeline], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["ValueError", "parses",
                                        f"[{native!r}]"]


def test_pass_module_import_is_idempotent(ctx):
    from mlir.dialects.linalg import passes  # noqa: F401
    from mlir.dialects.gpu import passes as gpu_passes  # noqa: F401
    from mlir.passmanager import PassManager
    pm = PassManager.parse("builtin.module(func.func(convert-linalg-to-loops"
                           "),gpu-kernel-outlining)")
    assert str(pm) == ("builtin.module(func.func(convert-linalg-to-loops),"
                       "gpu-kernel-outlining{data-layout-str=})")
