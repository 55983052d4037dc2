"""Compares two listings of tests/member_parity_collect.py: upstream's and
ours. Used by tests/test_member_parity.py; also runnable by hand:

    python tests/member_parity.py UPSTREAM.json OURS.json

A difference is a line `module:Class.member: what` (or `module:function:
what` for a module's function). Members are compared once, in the class
that defines them: a member an op class inherits from OpView is reported
for OpView only.

What counts as a difference, for a call written against upstream:
  - a member upstream has and we lack, and one we have that upstream lacks;
  - another kind: a property here where upstream has a method, a method
    where upstream has a static function, ...;
  - a call upstream accepts that our signature refuses: a parameter
    missing or renamed, positional here where it is keyword upstream at
    another position, required here where upstream has a default.
We may accept more than upstream (more parameters with defaults,
keyword-only upstream but positional-or-keyword here, a static function
where upstream has a method: it is called on an instance alike).
"""

import json
import sys

KIND_ALIASES = {"data": "class"}   # a class attribute holding a class is data


def _positional(sig):
    return [p for p in sig if p[1] in ("pos", "any")]


def refused(up, ours):
    """Why a call matching upstream's signature `up` fails against ours
    (a text), or None when every such call is accepted."""
    if any(p[1] == "**" for p in up) and not any(p[1] == "**" for p in ours):
        return "**kwargs upstream, not here"
    if any(p[1] == "*" for p in up) and not any(p[1] == "*" for p in ours):
        return "*args upstream, not here"
    var_pos = any(p[1] == "*" for p in ours)
    var_kw = any(p[1] == "**" for p in ours)
    opos = _positional(ours)
    by_name = {p[0]: p for p in ours if p[1] in ("any", "kw")}
    matched = set()
    for i, p in enumerate(_positional(up)):
        if i < len(opos):
            o = opos[i]
            if p[1] == "any" and o[0] != p[0] and not var_kw and p[0] not in by_name:
                # (another name here at that position is fine when the
                # upstream name is also a keyword here)
                return f"parameter {i} is {p[0]!r} upstream, {o[0]!r} here"
            if p[2] and not o[2]:
                return f"{p[0]!r} has a default upstream, not here"
            matched.add(o[0])
        elif not var_pos:
            return f"takes {len(opos)} positional arguments here, {i + 1} upstream"
    for p in up:
        if p[1] != "kw":
            continue
        o = by_name.get(p[0])
        if o is None:
            if not var_kw:
                return f"no keyword {p[0]!r} here"
            continue
        if p[2] and not o[2]:
            return f"{p[0]!r} has a default upstream, not here"
        matched.add(o[0])
    for o in ours:
        if o[1] in ("pos", "any", "kw") and not o[2] and o[0] not in matched:
            return f"{o[0]!r} is required here, not upstream"
    return None


def signature_difference(up_sigs, our_sigs):
    """The first upstream overload our signatures refuse (a text), or None."""
    if up_sigs is None or our_sigs is None:
        return None
    for u in up_sigs:
        reasons = [refused(u, o) for o in our_sigs]
        if all(reasons):
            return reasons[0]
    return None


def compare(up, ours):
    """[difference lines] between two listings (see the module docstring)."""
    diffs = {}      # (module, class) -> {member: what}
    out = []
    for mod, urec in sorted(up["modules"].items()):
        if "error" in urec:
            continue
        orec = ours["modules"].get(mod)
        if orec is None or "error" in orec:
            out.append(f"{mod}:<module>: does not import here")
            continue
        for cls, umembers in sorted(urec["classes"].items()):
            omembers = orec["classes"].get(cls)
            if omembers is None:
                continue    # a missing class is tests/test_name_parity.py's
            for name in sorted(set(umembers) | set(omembers)):
                u, o = umembers.get(name), omembers.get(name)
                if u is None:
                    what = "here, not upstream"
                elif o is None:
                    what = "upstream, not here"
                else:
                    uk = KIND_ALIASES.get(u["kind"], u["kind"])
                    ok = KIND_ALIASES.get(o["kind"], o["kind"])
                    if uk != ok and not (uk, ok) == ("method", "static"):
                        what = f"a {u['kind']} upstream, a {o['kind']} here"
                    else:
                        what = signature_difference(u["sigs"], o["sigs"])
                if what:
                    diffs.setdefault((mod, cls), {})[name] = what
        for fn, u in sorted(urec["functions"].items()):
            if u["module"] != mod:
                continue    # compared where upstream defines it
            o = orec["functions"].get(fn)
            if o is None:
                if fn in orec["classes"]:
                    continue    # a class here; calls work the same
                out.append(f"{mod}:{fn}: upstream, not here")
                continue
            what = signature_difference(u["sigs"], o["sigs"])
            if what:
                out.append(f"{mod}:{fn}: {what}")
    return _fold(diffs, up, ours) + out


def _fold(diffs, up, ours):
    """The class member lines of `diffs`, but those a base class (by name,
    in either listing's MRO, compared in the same module or mlir.ir)
    reports alike."""
    lines = []
    for (mod, cls), members in sorted(diffs.items()):
        bases = set()
        for listing in (up, ours):
            bases.update(listing["modules"][mod].get("bases", {}).get(cls, ()))
        inherited = set()
        for base in bases:
            for where in (mod, "mlir.ir"):
                for name, what in diffs.get((where, base), {}).items():
                    if members.get(name) == what:
                        inherited.add(name)
        lines += [f"{mod}:{cls}.{name}: {what}"
                  for name, what in sorted(members.items()) if name not in inherited]
    return lines


if __name__ == "__main__":
    up = json.load(open(sys.argv[1]))
    ours = json.load(open(sys.argv[2]))
    for line in compare(up, ours):
        print(line)
