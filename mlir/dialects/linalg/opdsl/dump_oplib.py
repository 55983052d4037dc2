"""Prints the ops defined in OpDSL modules.

    python -m mlir.dialects.linalg.opdsl.dump_oplib .ops.core_named_ops
    python -m mlir.dialects.linalg.opdsl.dump_oplib --file my_ops.py

Positional arguments are module names (a leading dot makes them relative
to ``mlir.dialects.linalg.opdsl``); ``--file`` loads Python files. Every
op defined in them (each ``@linalg_structured_op`` found among a module's
globals, in definition order) is printed as YAML, one document per op
introduced by ``---`` (the default, ``--format yaml``), or as the repr of
its configuration (``--format repr``).
"""

import argparse
import importlib
import importlib.util

from .lang import *
from .lang.config import *
from .lang.yaml_helper import *


def create_arg_parser() -> argparse.ArgumentParser:
    """The command line parser of this tool."""
    parser = argparse.ArgumentParser(
        description="Print the ops defined in OpDSL modules")
    parser.add_argument("modules", metavar="M", type=str, nargs="*",
                        help="module to load (relative to this package "
                        "when it starts with a dot)")
    parser.add_argument("--file", metavar="F", type=str, nargs="*",
                        help="Python file to load")
    parser.add_argument("--format", type=str, dest="format", default="yaml",
                        choices=("yaml", "repr"), help="output format")
    return parser


def load_module_from_file(module_name, file_path):
    """Executes the Python file `file_path` as a module named
    `module_name`; returns the module."""
    spec = importlib.util.spec_from_file_location(module_name, file_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(args):
    """Loads the modules and files named by `args` and prints their ops."""
    modules = [importlib.import_module(name, package=__package__)
               for name in args.modules]
    modules += [load_module_from_file(f"_mlir_eval_oplib{i}", path)
                for i, path in enumerate(args.file or [])]
    configs = []
    for module in modules:
        for value in list(vars(module).values()):
            if not isinstance(value, DefinedOpCallable):
                continue
            try:
                configs.extend(LinalgOpConfig.from_linalg_op_def(value.op_def))
            except Exception as e:
                raise ValueError(
                    f"Could not create LinalgOpConfig from {value.op_def}") from e
    if args.format == "yaml":
        print(yaml_dump_all(configs))
    else:
        for config in configs:
            print(repr(config))


if __name__ == "__main__":
    main(create_arg_parser().parse_args())
