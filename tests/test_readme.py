"""The README's examples run and print what the README says they print.

Every ```python fence of README.md is followed (blank lines aside) by a
```text fence holding its expected output; the snippet runs in a fresh
namespace and its output must equal that block, line by line, trailing
whitespace aside. The README's first commands are the two entry points
(`make demo`, `make test`), which exist in the Makefile; CI runs the test
one (.ci/run)."""

import difflib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TEXT = README.read_text()
# (start offset, end offset, language, body) of every fenced block.
FENCES = [(m.start(), m.end(), m.group(1), m.group(2)) for m in
          re.finditer(r"^```(\S*)\n(.*?)^```[ \t]*$", TEXT, re.S | re.M)]


def _line(offset):
    return TEXT.count("\n", 0, offset) + 1


def _examples():
    """(line, code, expected output or None) per ```python fence."""
    out = []
    for i, (start, end, lang, body) in enumerate(FENCES):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(FENCES):
            nstart, _, nlang, nbody = FENCES[i + 1]
            if nlang == "text" and not TEXT[end:nstart].strip():
                expected = nbody
        out.append((_line(start), body, expected))
    return out


EXAMPLES = _examples()


def _normalise(text):
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def test_readme_has_examples():
    assert len(EXAMPLES) >= 2


def test_every_example_has_its_output():
    missing = [line for line, _, expected in EXAMPLES if expected is None]
    assert not missing, (
        f"README.md: the ```python fences at lines {missing} are not "
        "followed by a ```text fence with the output they print")
    empty = [line for line, _, expected in EXAMPLES
             if expected is not None and not _normalise(expected)]
    assert not empty, f"README.md: empty expected output after lines {empty}"


@pytest.mark.parametrize("line, code, expected", EXAMPLES,
                         ids=[f"line{line}" for line, _, _ in EXAMPLES])
def test_example_prints_its_output(line, code, expected, capfd):
    if expected is None:
        pytest.fail(f"README.md:{line}: no ```text fence of expected output")
    exec(compile(code, f"{README}:{line}", "exec"), {"__name__": "__readme__"})
    got = _normalise(capfd.readouterr().out)
    want = _normalise(expected)
    assert got == want, "README.md:%d prints otherwise:\n%s" % (
        line, "\n".join(difflib.unified_diff(want, got, "README", "printed",
                                             lineterm="")))


def test_first_commands_are_the_entry_points():
    start, _, lang, body = FENCES[0]
    assert lang == "sh" and not TEXT[:start].strip("\n").count("\n"), \
        "the README opens with its commands, right under the title"
    commands = [line.split("#")[0].strip() for line in body.splitlines()]
    assert commands[:2] == ["make demo", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^demo:", makefile, re.M)
    assert re.search(r"^test:", makefile, re.M)
    ci = ROOT / ".ci" / "run"
    if ci.exists():
        # (each step of .ci/run may go through its timing function, step)
        assert re.search(r"^(step )?make test$", ci.read_text(), re.M)
