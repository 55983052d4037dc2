"""Every mirrored declaration compiles against the real headers and links
against libMLIRCythonCAPI.so: a generated Cython module takes the address of
each declared function, is compiled in C++ mode, and is imported (Python
loads extensions with RTLD_NOW, so an unresolved symbol fails the import)."""

import importlib.util
import os
import subprocess
import sys
import sysconfig

import pytest

from . import c_headers

pytest.importorskip("Cython")


def _module_functions():
    mods = {}
    for pxd in sorted(c_headers.MIRRORS.rglob("*.pxd")):
        if pxd.name == "__init__.pxd":
            continue
        rel = pxd.relative_to(c_headers.REPO).with_suffix("")
        dotted = ".".join(rel.parts)
        names = []
        for line in pxd.read_text().splitlines():
            m = c_headers.re.match(r"^\s+[\w\s\*]*?\b((?:mlir|MLIR)\w*)\(", line)
            if m and not line.lstrip().startswith(("#", "ctypedef")):
                names.append(m.group(1))
        mods[dotted] = names
    return mods


def test_mirrors_compile_and_link(tmp_path):
    mods = _module_functions()
    lines = ["# cython: language_level=3"]
    body = []
    n = 0
    for i, (dotted, names) in enumerate(sorted(mods.items())):
        if not names:
            continue
        pkg, _, leaf = dotted.rpartition(".")
        lines.append(f"from {pkg} cimport {leaf} as m{i}")
        for name in names:
            body.append(f"    addrs.append(<size_t><void*>m{i}.{name})")
            n += 1
    lines.append("def addresses():")
    lines.append("    addrs = []")
    lines.extend(body)
    lines.append("    return addrs")
    pyx = tmp_path / "capi_link_check.pyx"
    pyx.write_text("\n".join(lines) + "\n")
    cpp = tmp_path / "capi_link_check.cpp"
    subprocess.run([sys.executable, "-m", "cython", "--cplus", "-3",
                    "-I", str(c_headers.REPO), str(pyx), "-o", str(cpp)],
                   check=True)
    libdir = c_headers.REPO / "mlir" / "_mlir_libs"
    so = tmp_path / ("capi_link_check" + sysconfig.get_config_var("EXT_SUFFIX"))
    cxx = os.environ.get("CXX", "g++")
    subprocess.run(
        [cxx, "-shared", "-fPIC", "-O0", "-std=c++17", "-w",
         f"-I{sysconfig.get_paths()['include']}",
         f"-I{c_headers.LLVM_ROOT / 'include'}",
         f"-I{c_headers.REPO / 'csrc' / 'include'}",
         str(cpp), "-o", str(so),
         f"-L{libdir}", "-lMLIRCythonCAPI", f"-Wl,-rpath,{libdir}",
         f"-Wl,-rpath,{c_headers.LLVM_ROOT / 'lib'}"],
        check=True)
    spec = importlib.util.spec_from_file_location("capi_link_check", so)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    addrs = mod.addresses()
    assert len(addrs) == n > 1000
    assert all(addrs), "a declared function resolved to a null address"
