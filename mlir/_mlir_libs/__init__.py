"""Native parts of the mlir package, and site initialisation.

Importing this package runs the site initializers: modules of this package
named _mlirRegisterEverything, _site_initialize_0, _site_initialize_1, ...
(the numbered ones until the first missing), as upstream's bindings do. Each
may define any of:

    register_dialects(registry)   fill the DialectRegistry every Context gets
    context_init_hook(context)    called on each new Context
    disable_multithreading        True: contexts start single-threaded
    disable_load_all_available_dialects
                                  present: a new Context loads only the
                                  dialects named by
                                  append_load_on_create_dialect()

A downstream packager changes what is "in the box" by choosing which of
these modules to ship, without touching the rest of the package. A package
that re-exports mlir under its own name (reexport_as) applies its own
initializer with add_site_initializer().
"""

import importlib
import itertools
import os

from . import _ir
from ._reexport import reexport_as  # noqa: F401

_this_dir = os.path.dirname(__file__)


def get_lib_dirs():
    """Directories holding libMLIRCythonCAPI.so, for linking downstream
    extensions against the one C API library of this package."""
    return [_this_dir]


def _mlir_c_include_dir():
    """The directory holding the `mlir-c/` headers of the C API this
    package links: one shipped in the package's include/ if present, else
    the include/ of the LLVM/MLIR 22 installation ($MLIR_CYTHON_LLVM_ROOT,
    else /usr/lib/llvm-22); None when neither has mlir-c/IR.h."""
    root = os.environ.get("MLIR_CYTHON_LLVM_ROOT", "/usr/lib/llvm-22")
    for d in (os.path.join(_this_dir, "include"), os.path.join(root, "include")):
        if os.path.isfile(os.path.join(d, "mlir-c", "IR.h")):
            return d
    return None


def get_include_dirs():
    """Include directories for downstream native code. The first, as
    upstream's, holds the `mlir-c/` C API headers (`mlir-c/IR.h`): the
    package's include/, where the build put the headers of the C API in
    libMLIRCythonCAPI.so beside our shim headers (else LLVM's include
    directory; left out when neither has them). Then the parent of the
    `mlir` package (for cimport of mlir._mlir_libs.*, and for C/C++ code
    including "mlir/_mlir_libs/_ir_api.h") and the shim headers when they
    are not the first."""
    shim = os.path.join(_this_dir, "include")
    mlir_c = _mlir_c_include_dir()
    dirs = [] if mlir_c is None or mlir_c == shim else [mlir_c]
    if mlir_c == shim:
        dirs.append(shim)
    dirs.append(os.path.dirname(os.path.dirname(_this_dir)))
    if mlir_c != shim and os.path.isdir(shim):
        dirs.append(shim)
    return dirs


_dialect_registry = None
_load_on_create_dialects = []


def get_dialect_registry():
    """The DialectRegistry appended to every new Context."""
    global _dialect_registry
    if _dialect_registry is None:
        _dialect_registry = _ir.DialectRegistry()
    return _dialect_registry


def append_load_on_create_dialect(dialect: str):
    """Adds a dialect namespace to those a new Context loads when the site
    initialisation disabled loading all available dialects."""
    _load_on_create_dialects.append(dialect)


def get_load_on_create_dialects():
    """The dialect namespaces a new Context loads when the site
    initialisation disabled loading all available dialects (the live list
    append_load_on_create_dialect extends)."""
    return _load_on_create_dialects


# What the site initializers asked for, applied to every new Context.
_context_hooks = []
_translations = []
_options = {"disable_multithreading": False, "load_all": True}


def add_site_initializer(module):
    """Applies a site initializer module (one defining any of
    register_dialects, context_init_hook, register_llvm_translations,
    disable_multithreading, disable_load_all_available_dialects; see the
    top of this file) as if this package had found it at import: for a
    package that re-exports mlir under its own name and registers its own
    dialects (reexport_as). Contexts created afterwards see it."""
    if hasattr(module, "register_dialects"):
        module.register_dialects(get_dialect_registry())
    if hasattr(module, "context_init_hook"):
        _context_hooks.append(module.context_init_hook)
    if hasattr(module, "register_llvm_translations"):
        _translations.append(module.register_llvm_translations)
    if getattr(module, "disable_multithreading", False):
        _options["disable_multithreading"] = True
    if hasattr(module, "disable_load_all_available_dialects"):
        _options["load_all"] = False


def _init_context(context, load_on_create_dialects=None, thread_pool=None):
    context.append_dialect_registry(get_dialect_registry())
    for hook in _context_hooks:
        hook(context)
    if _options["disable_multithreading"]:
        if thread_pool is not None:
            raise ValueError("Context constructor has given thread_pool "
                             "argument, but disable_multithreading flag "
                             "is True.")
    elif thread_pool is None:
        context.enable_multithreading(True)
    else:
        context.set_thread_pool(thread_pool)
    if load_on_create_dialects is not None:
        for name in load_on_create_dialects:
            context.dialects[name]
    elif _options["load_all"]:
        context.load_all_available_dialects()
    else:
        for name in get_load_on_create_dialects():
            context.dialects[name]
    for register in _translations:
        register(context)


def _site_initialize():
    def warn_failed(module_name):
        # logging is imported only then: it costs every import about 10 ms.
        import logging
        logging.getLogger(__name__).warning(
            "error importing mlir initializer %s", module_name, exc_info=True)

    def process(module_name):
        try:
            m = importlib.import_module(f".{module_name}", __name__)
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{module_name}":
                warn_failed(module_name)
            return False
        except ImportError:
            warn_failed(module_name)
            return False
        add_site_initializer(m)
        return True

    process("_mlirRegisterEverything")
    for i in itertools.count():
        if not process(f"_site_initialize_{i}"):
            break
    _ir._set_context_init_hook(_init_context)


_site_initialize()
