#!/usr/bin/env bash
# Build and install a CPython from the upstream source tarball that Debian
# ships in its archive: the interpreters the package is checked on besides
# the system's (make test-ft, make test-versions).
#
# Usage: tools/cpython.sh VERSION [PREFIX]
#   VERSION  3.13, 3.14, ... (a "t" suffix, e.g. 3.13t, builds the
#            free-threaded interpreter, --disable-gil). Debian's suites hold
#            3.9 (bullseye), 3.11 (bookworm), 3.13 (trixie), 3.14 (forky);
#            3.10 and 3.12 are in none of them.
#            The mirror does not always hold the files of the version a
#            suite's index names (forky's 3.14.8 to 3.14.10 were missing on
#            2026-12-06): then the pinned upload below (PINNED) is fetched
#            from the pool directly, its .dsc verified against the Debian
#            developers' keyring (debian-keyring, from the system's suite).
#   PREFIX   defaults to <repo>/build/py<VERSION without the dot>, e.g.
#            build/py313t. The interpreter ends up as PREFIX/bin/python<VERSION>
#            and its path is printed on the last line of output.
#            Without PREFIX, an interpreter of VERSION that the machine
#            already has (python<VERSION> on PATH, or one of pyenv's
#            versions) is taken instead of building one; this is also the
#            only way to 3.10 and 3.12, whose sources no Debian suite holds.
#
# Only deb.debian.org is needed (PyPI afterwards for pip installs).  The
# system's apt configuration (/etc/apt) is never modified: the suite's
# source index is fetched with a private, throw-away apt configuration.
#
# Environment knobs:
#   CPY_SUITE     Debian suite to take the sources from (default: by VERSION)
#   CPY_MIRROR    Debian mirror (default: http://deb.debian.org/debian)
#   CPY_JOBS      parallel make jobs (default: $(nproc))
#   CPY_KEEP      set to 1 to keep the temporary build directory
#   CPY_BUILD     set to 1 to build even when an interpreter is installed
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="${1:?usage: tools/cpython.sh VERSION [PREFIX]}"
BASE="${VERSION%t}"                      # 3.13t -> 3.13
FREETHREADED=0
[[ "$VERSION" == *t ]] && FREETHREADED=1
case "$BASE" in
    3.9) DEFAULT_SUITE=bullseye ;;
    3.11) DEFAULT_SUITE=bookworm ;;
    3.13) DEFAULT_SUITE=trixie ;;
    3.14) DEFAULT_SUITE=forky ;;
    *) DEFAULT_SUITE= ;;   # none: only an installed interpreter will do
esac
# Uploads to fetch from the pool when the suite's own are not downloadable.
declare -A PINNED=([3.14]=3.14.7-1)
PREFIX="${2:-$REPO/build/py${VERSION//./}}"
SUITE="${CPY_SUITE:-$DEFAULT_SUITE}"
MIRROR="${CPY_MIRROR:-http://deb.debian.org/debian}"
JOBS="${CPY_JOBS:-$(nproc)}"
SRCPKG="python$BASE"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

log() { printf '[cpython %s] %s\n' "$VERSION" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

mkdir -p "$PREFIX"
PREFIX="$(cd "$PREFIX" && pwd)"
PY="$PREFIX/bin/python$VERSION"

# Smoke test: the version, free-threaded or not as asked (GIL off), and the
# essential C modules.
check_python() {
    "$1" - "$BASE" "$FREETHREADED" <<'EOF' >/dev/null 2>&1
import sys, sysconfig
assert "%d.%d" % sys.version_info[:2] == sys.argv[1]
ft = sys.argv[2] == "1"
assert bool(sysconfig.get_config_var("Py_GIL_DISABLED")) == ft
assert not ft or not sys._is_gil_enabled()
import ssl, ctypes, zlib, lzma, bz2, pip  # noqa: F401
EOF
}

# --- 1. already installed? --------------------------------------------------
if [[ -x "$PY" ]] && check_python "$PY"; then
    log "already installed: $("$PY" -VV | head -n1)"
    echo "$PY"
    exit 0
fi
# An interpreter of this version the machine already has (on PATH, or one
# of pyenv's) serves as well, unless a PREFIX was given or CPY_BUILD=1:
# a build costs about 5 minutes of CPU.
if [[ -z "${2:-}" && "${CPY_BUILD:-0}" != 1 ]]; then
    candidates=()
    if found="$(command -v "python$VERSION" 2>/dev/null)"; then
        candidates+=("$found")
    fi
    shopt -s nullglob
    # Newest patch release first (pyenv names a free-threaded build 3.13.0t
    # and gives it python3.13t; check_python tells the two kinds apart).
    for dir in $(printf '%s\n' "${PYENV_ROOT:-$HOME/.pyenv}/versions/$BASE".* | sort -rV); do
        candidates+=("$dir/bin/python$VERSION")
    done
    shopt -u nullglob
    for cand in "${candidates[@]}"; do
        if [[ -x "$cand" ]] && check_python "$cand"; then
            real="$("$cand" -c 'import sys; print(sys.executable)')"
            log "taking the installed $("$real" -VV | head -n1) ($real)"
            echo "$real"
            exit 0
        fi
    done
fi

[[ -n "$SUITE" ]] || die "no interpreter of this version found, and no Debian suite ships python$BASE sources"

# --- 2. build dependencies from the system's (bookworm) apt sources ---------
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || die "not root and no sudo: cannot install build dependencies"
    SUDO=(sudo)
fi

DEPS=(
    build-essential pkg-config xz-utils ca-certificates debian-archive-keyring
    libssl-dev zlib1g-dev libffi-dev libbz2-dev liblzma-dev   # ssl ctypes zlib bz2 lzma
    libsqlite3-dev libreadline-dev libncurses-dev uuid-dev libgdbm-dev  # nice to have
)
missing=()
for p in "${DEPS[@]}"; do
    if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    log "installing build dependencies: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # apt output goes to stderr: stdout carries only the interpreter path.
    if ! "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
        "${SUDO[@]}" apt-get update >&2
        "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2
    fi
else
    log "build dependencies already installed"
fi

# --- 3. fetch the upstream tarball from Debian's $SUITE sources --------------
WORK="$(mktemp -d "${TMPDIR:-/tmp}/py${VERSION//./}-build.XXXXXX")"
cleanup() {
    if [[ "${CPY_KEEP:-0}" == 1 ]]; then log "build directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

APTDIR="$WORK/apt"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial"
echo "deb-src [signed-by=$KEYRING] $MIRROR $SUITE main" > "$APTDIR/sources.list"
APT_OPTS=(
    -o "Dir::Etc::sourcelist=$APTDIR/sources.list"
    -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$APTDIR/lists"
    -o "Dir::Cache=$APTDIR/cache"
    -o "APT::Sandbox::User=root"      # private dirs under mktemp are not readable by _apt
    -q
)
log "fetching the $SUITE source index from $MIRROR"
apt-get "${APT_OPTS[@]}" update >&2

mkdir -p "$WORK/src"
log "downloading $SRCPKG sources from $SUITE"
# apt verifies every file against the (InRelease-signed) Sources index.
if ! (cd "$WORK/src" && apt-get "${APT_OPTS[@]}" source --download-only "$SRCPKG" >&2); then
    pin="${PINNED[$BASE]:-}"
    [[ -n "$pin" ]] || die "$SRCPKG's sources are not downloadable from $MIRROR"
    log "$SUITE's $SRCPKG is not downloadable: fetching the pinned upload $pin"
    rm -f "$WORK/src"/*
    pool="$MIRROR/pool/main/${SRCPKG:0:1}/$SRCPKG"
    /usr/lib/apt/apt-helper download-file "$pool/${SRCPKG}_$pin.dsc" \
        "$WORK/src/${SRCPKG}_$pin.dsc" >&2
    DDKEYS=/usr/share/keyrings/debian-keyring.gpg
    if [[ ! -f "$DDKEYS" ]]; then
        log "installing debian-keyring (the Debian developers' keys)"
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
            --no-install-recommends debian-keyring >&2
    fi
    gpgv --keyring "$DDKEYS" "$WORK/src/${SRCPKG}_$pin.dsc" >&2 \
        || die "${SRCPKG}_$pin.dsc: no valid signature from a Debian developer"
    orig="${SRCPKG}_${pin%-*}.orig.tar.xz"
    /usr/lib/apt/apt-helper download-file "$pool/$orig" "$WORK/src/$orig" >&2
fi

shopt -s nullglob
dscs=("$WORK/src/${SRCPKG}"_*.dsc)
origs=("$WORK/src/${SRCPKG}"_*.orig.tar.xz)
shopt -u nullglob
((${#dscs[@]} == 1)) || die "expected one .dsc, found ${#dscs[@]}"
((${#origs[@]} == 1)) || die "expected one orig tarball, found ${#origs[@]}"
DSC="${dscs[0]}"
ORIG="${origs[0]}"
ORIGNAME="$(basename "$ORIG")"

# Verify the tarball against the Checksums-Sha256 field of the .dsc.
want="$(awk -v f="$ORIGNAME" '
    /^Checksums-Sha256:/ { s = 1; next }
    /^[^ ]/              { s = 0 }
    s && $3 == f         { print $1 }' "$DSC")"
[[ -n "$want" ]] || die "no SHA256 for $ORIGNAME in $(basename "$DSC")"
have="$(sha256sum "$ORIG" | cut -d' ' -f1)"
[[ "$want" == "$have" ]] || die "SHA256 mismatch for $ORIGNAME: .dsc says $want, file is $have"
log "$ORIGNAME: SHA256 $have matches $(basename "$DSC")"

# --- 4. configure, build, install -------------------------------------------
mkdir -p "$WORK/build"
tar -xJf "$ORIG" -C "$WORK/build"
SRCDIR="$(find "$WORK/build" -mindepth 1 -maxdepth 1 -type d -name "Python-$BASE*" | head -n1)"
[[ -n "$SRCDIR" ]] || die "no Python-$BASE* directory in $ORIGNAME"

GIL=()
((FREETHREADED)) && GIL=(--disable-gil)
log "configuring $(basename "$SRCDIR") ${GIL[*]} --prefix=$PREFIX"
cd "$SRCDIR"
# An interpreter to test on: without CPython's own test modules (a third of
# what `make install` byte-compiles, three times) and without debug
# information: 194 s instead of 250 s for 3.14 on 2 cores.
./configure "${GIL[@]}" --prefix="$PREFIX" --with-ensurepip=install \
    --disable-test-modules CFLAGS="-g0" >"$WORK/configure.log" 2>&1 \
    || { tail -n 40 "$WORK/configure.log" >&2; CPY_KEEP=1; die "configure failed (log: $WORK/configure.log)"; }

log "building with -j$JOBS"
make -j"$JOBS" >"$WORK/make.log" 2>&1 \
    || { tail -n 60 "$WORK/make.log" >&2; CPY_KEEP=1; die "make failed (log: $WORK/make.log)"; }
# Report optional extension modules that could not be built.
sed -n '/^The necessary bits to build these optional modules were not found/,/^$/p;/^Failed to build these modules/,/^$/p' \
    "$WORK/make.log" >&2 || true

log "installing into $PREFIX"
make install >"$WORK/install.log" 2>&1 \
    || { tail -n 40 "$WORK/install.log" >&2; CPY_KEEP=1; die "make install failed (log: $WORK/install.log)"; }

[[ -x "$PY" ]] || die "$PY was not installed"
check_python "$PY" || die "$PY fails the smoke test (version, GIL setting; ssl, ctypes, zlib, lzma, bz2, pip)"
log "installed: $("$PY" -VV | head -n1)"
echo "$PY"
