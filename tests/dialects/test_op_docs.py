"""Op classes carry their ODS documentation: the summary, the description
(upstream's docstring) and the constraints of operands, attributes and
results, so help() on an op class says what the op is and takes."""

import pydoc

from mlir.dialects import arith, func, memref


def test_the_docstring_has_summary_description_and_constraints():
    doc = arith.AddIOp.__doc__
    assert doc.startswith("integer addition operation\n\n")
    assert "Performs N-bit addition on the operands." in doc
    # The description is dedented, as inspect.cleandoc would.
    assert "\nPerforms N-bit addition" in doc and "\n  Performs" not in doc
    assert doc.endswith(
        "Operands:\n  lhs: signless-integer-like\n  rhs: signless-integer-like"
        "\n\nAttributes:\n  overflowFlags: Integer overflow arith flags"
        "\n\nResults:\n  result: signless-integer-like")


def test_ops_without_operands_or_results_leave_their_sections_out():
    doc = func.ReturnOp.__doc__
    assert doc.startswith("Function return operation\n\n")
    assert "Operands:\n  operands: variadic of any type" in doc
    assert "Results:" not in doc and "Attributes:" not in doc


def test_help_shows_it():
    text = pydoc.render_doc(memref.AllocOp, renderer=pydoc.plaintext)
    assert "memory allocation operation" in text
    assert "Results:" in text and "memref:" in text
