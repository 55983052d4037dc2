"""An mlir-opt for the installed package: parse, run passes, print.

    python -m mlir.opt input.mlir --pass-pipeline='builtin.module(canonicalize,cse)'
    python -m mlir.opt input.mlir --canonicalize --cse -o out.mlir
    cat input.mlir | python -m mlir.opt --convert-scf-to-cf --emit-bytecode -o out.mlirbc

Every pass and dialect of the package's MLIR is there, as in mlir-opt: a
pipeline comes from --pass-pipeline, or from one `--<pass>[=<options>]`
flag per pass, run on the top-level module in the order given
(`--canonicalize='max-iterations=3'` is the pass `canonicalize{max-iterations=3}`).
The input is MLIR text or bytecode, a file or `-` (stdin, the default).
A parse error, a failing pass or a failed verification prints MLIR's
diagnostics on stderr and exits with status 1, as mlir-opt does.
"""

import argparse
import sys

from mlir.ir import Context, Location, MLIRError, Module
from mlir.passmanager import PassManager

SPLIT_MARKER = "// -----"


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m mlir.opt",
        description="Parse MLIR, run a pass pipeline over it, print the result.",
        epilog="Any other --<pass>[=<options>] flag adds that pass to the "
               "pipeline, in order.")
    p.add_argument("input", nargs="?", default="-",
                   help="MLIR text or bytecode file ('-': stdin, the default)")
    p.add_argument("-o", dest="output", default="-",
                   help="output file ('-': stdout, the default)")
    p.add_argument("--pass-pipeline", default=None,
                   help="a textual pipeline, e.g. 'builtin.module(canonicalize,cse)'")
    p.add_argument("--allow-unregistered-dialect", action="store_true",
                   help="accept operations of dialects that are not registered")
    p.add_argument("--split-input-file", action="store_true",
                   help=f"process each chunk between '{SPLIT_MARKER}' lines on "
                        "its own, and join the outputs with that line")
    p.add_argument("--emit-bytecode", action="store_true",
                   help="write MLIR bytecode instead of text")
    p.add_argument("--mlir-print-op-generic", action="store_true",
                   help="print operations in their generic form")
    p.add_argument("--mlir-print-debuginfo", action="store_true",
                   help="print locations")
    p.add_argument("--mlir-print-ir-before-all", action="store_true",
                   help="print the IR before each pass (on stderr)")
    p.add_argument("--mlir-print-ir-after-all", action="store_true",
                   help="print the IR after each pass (on stderr)")
    p.add_argument("--mlir-timing", action="store_true",
                   help="report the time each pass took (on stderr)")
    p.add_argument("--verify-each", default="true", choices=["true", "false"],
                   help="verify the IR after each pass (default true)")
    return p


def pass_flags_to_pipeline(flags):
    """The textual pipeline of `--<pass>[=<options>]` flags, run on the
    top-level module; None when there are none."""
    passes = []
    for flag in flags:
        if not flag.startswith("--") or len(flag) == 2:
            raise ValueError(f"not a pass flag: {flag!r}")
        name, eq, options = flag[2:].partition("=")
        options = options.strip("'\"")
        passes.append(f"{name}{{{options}}}" if eq and options else name)
    if not passes:
        return None
    return "builtin.module(" + ",".join(passes) + ")"


def _chunks(data, split):
    """The inputs to process: the whole input, or its chunks."""
    if not split or isinstance(data, bytes) and data.startswith(b"ML\xefR"):
        return [data]
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    out, cur = [], []
    for line in text.splitlines(keepends=True):
        if line.strip() == SPLIT_MARKER:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    out.append("".join(cur))
    return out


def process(data, args, pipeline):
    """The output (str or bytes) of one input chunk; raises MLIRError or
    ValueError with MLIR's diagnostics."""
    with Context() as ctx, Location.unknown():
        ctx.allow_unregistered_dialects = args.allow_unregistered_dialect
        if isinstance(data, bytes) and not data.startswith(b"ML\xefR"):
            data = data.decode("utf-8")
        module = Module.parse(data)
        if pipeline is not None:
            pm = PassManager.parse(pipeline)
            if args.verify_each == "false":
                pm.enable_verifier(False)
            if args.mlir_print_ir_before_all or args.mlir_print_ir_after_all:
                pm.enable_ir_printing(
                    print_before_all=args.mlir_print_ir_before_all,
                    print_after_all=args.mlir_print_ir_after_all)
            if args.mlir_timing:
                pm.enable_timing()
            pm.run(module.operation)
        if args.emit_bytecode:
            import io
            buf = io.BytesIO()
            module.operation.write_bytecode(buf)
            return buf.getvalue()
        text = module.operation.get_asm(
            print_generic_op_form=args.mlir_print_op_generic,
            enable_debug_info=args.mlir_print_debuginfo)
        return text if text.endswith("\n") else text + "\n"


def main(argv=None):
    """Runs the command line `argv` (default sys.argv[1:]); returns the
    exit status."""
    args, rest = _parser().parse_known_args(argv)
    try:
        pipeline = pass_flags_to_pipeline(rest)
    except ValueError as e:
        print(f"python -m mlir.opt: {e}", file=sys.stderr)
        return 2
    if pipeline is not None and args.pass_pipeline is not None:
        print("python -m mlir.opt: --pass-pipeline and pass flags cannot be "
              "used together", file=sys.stderr)
        return 2
    if args.pass_pipeline is not None:
        pipeline = args.pass_pipeline
    try:
        if args.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as f:
                data = f.read()
    except OSError as e:
        print(f"python -m mlir.opt: cannot read {args.input}: {e.strerror}",
              file=sys.stderr)
        return 1
    outputs, status = [], 0
    for chunk in _chunks(data, args.split_input_file):
        try:
            outputs.append(process(chunk, args, pipeline))
        except (MLIRError, ValueError, RuntimeError) as e:
            print(str(e), file=sys.stderr)
            status = 1
            if not args.split_input_file:
                return status
    if args.emit_bytecode:
        result = b"".join(outputs)
    else:
        result = (SPLIT_MARKER + "\n").join(outputs)
    if args.output == "-":
        if isinstance(result, bytes):
            sys.stdout.buffer.write(result)
        else:
            sys.stdout.write(result)
        sys.stdout.flush()
    else:
        with open(args.output, "wb" if isinstance(result, bytes) else "w") as f:
            f.write(result)
    return status


if __name__ == "__main__":
    sys.exit(main())
