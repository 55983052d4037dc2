"""The .pxd mirrors declare every C API function of LLVM/MLIR 22."""

import subprocess
import sys

import pytest

from . import c_headers


def test_every_exported_function_is_mirrored(capsys):
    headers = c_headers.all_headers()
    assert len(headers) > 60, "MLIR C API headers not found"
    exported = {}
    for h in headers:
        exported.update(c_headers.exported_functions(h))
    mirrored = c_headers.mirrored_functions()
    missing = sorted(set(exported) - set(mirrored))
    wrong_arity = sorted(
        f"{name}: header {n}, mirror {mirrored[name]}"
        for name, n in exported.items()
        if name in mirrored and mirrored[name] != n)
    declared = len(exported) - len(missing) - len(wrong_arity)
    with capsys.disabled():
        print(f"\nmirrors declare {declared}/{len(exported)} C API functions")
    assert not missing, f"not declared in the mirrors: {missing}"
    assert not wrong_arity, f"declared with another parameter count: {wrong_arity}"
    assert len(exported) > 1000


def test_reader_sees_known_functions():
    # Guards the text reader itself: multi-line declarations, callbacks and
    # the dialect-registration macro.
    ir = c_headers.exported_functions(c_headers.LLVM_ROOT / "include/mlir-c/IR.h")
    assert ir["mlirContextCreate"] == 0
    assert ir["mlirOperationCreate"] == 1
    assert ir["mlirOperationWalk"] == 4
    func = c_headers.exported_functions(
        c_headers.LLVM_ROOT / "include/mlir-c/Dialect/Func.h")
    assert func["mlirGetDialectHandle__func__"] == 0


def test_mirrors_are_up_to_date():
    pytest.importorskip("clang.cindex")
    proc = subprocess.run(
        [sys.executable, str(c_headers.REPO / "gen" / "capi_pxd.py"), "--check"],
        capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
