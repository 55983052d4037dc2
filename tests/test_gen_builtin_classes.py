"""gen/builtin_classes.py: the builtin classes that differ only in their C
calls (floating-point types, dense arrays, binary affine expressions) come
from gen/builtin_classes.toml, each group with its registration and its
exported names; what the build compiled is what the table says."""

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from mlir import ir
from mlir._mlir_libs import _ir

ROOT = Path(__file__).resolve().parents[1]
GEN = ROOT / "gen" / "builtin_classes.py"


@pytest.fixture(scope="module")
def table():
    import tomllib
    return tomllib.loads((ROOT / "gen" / "builtin_classes.toml").read_text())


def test_the_generated_files_are_what_the_table_says():
    proc = subprocess.run([sys.executable, str(GEN), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_changed_table_makes_its_file_stale(tmp_path):
    gen = runpy.run_path(str(GEN))
    table = tmp_path / "t.toml"
    table.write_text((ROOT / "gen" / "builtin_classes.toml").read_text()
                     .replace('mnemonic = "f16"', 'mnemonic = "half"'))
    out = tmp_path / "generated"
    main, outputs = gen["main"], gen["outputs"]
    main.__globals__["TABLE"], main.__globals__["OUT"] = table, out
    assert main([]) == 0
    assert '"""The half floating-point type."""' in \
        (out / "float_types.pxi").read_text()
    assert main(["--check"]) == 0          # written: up to date
    (out / "float_types.pxi").write_text("stale")
    assert main(["--check"]) == 1
    assert set(outputs()) == {out / f"{g}.pxi" for g in
                              ("float_types", "dense_arrays", "affine_binary")}


def test_each_row_is_a_class_that_works(table):
    with ir.Context():
        for row in table["float_types"]:
            cls = getattr(ir, row["name"])
            t = cls.get()
            assert str(t) == row["mnemonic"] and type(t) is cls
            assert cls.isinstance(t) and t.typeid == cls.static_typeid
            assert type(ir.Type.parse(row["mnemonic"])) is cls
            assert row["name"] in _ir.__all__
        for row in table["dense_arrays"]:
            cls = getattr(ir, row["name"])
            values = {"bool": [True, False], "int": [1, 2],
                      "float": [1.5, 2.5]}[row["values"]]
            a = cls.get(values)
            assert type(ir.Attribute.parse(str(a))) is cls and cls.isinstance(a)
            assert list(a) == values and a[1] == values[1]
            assert type(iter(a)).__name__ == row["name"][:-4] + "Iterator"
            assert str(a).startswith(f"array<{row['element']}")
            assert {row["name"], row["name"][:-4] + "Iterator"} <= set(_ir.__all__)
        d0, d1 = ir.AffineDimExpr.get(0), ir.AffineDimExpr.get(1)
        for row in table["affine_binary"]:
            cls = getattr(ir, row["name"])
            e = cls.get(d0, ir.AffineConstantExpr.get(3) if row["c"] != "Add"
                        else d1)
            assert type(e) is cls and cls.isinstance(e)
            assert row["name"] in _ir.__all__
            assert row["form"].split()[1] in str(e).replace("+", "+ ")


def test_docstrings_say_what_each_class_is():
    assert ir.Float8E4M3FNType.__doc__ == \
        "The f8E4M3FN floating-point type."
    assert ir.DenseI16ArrayAttr.__doc__.startswith(
        "A dense array of i16 values (`array<i16: ...>`)")
    assert ir.AffineFloorDivExpr.isinstance.__doc__.endswith(
        "that is a floor division.")
