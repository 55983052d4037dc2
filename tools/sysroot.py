"""A sysroot of an older Debian (11, bullseye: glibc 2.31, GCC 10's
libstdc++), to link the wheel's native library for manylinux_2_28.

    python tools/sysroot.py [--dest DIR]

Linked against this machine's glibc (2.36), a library needs what glibc
2.36 has (arc4random, _dl_find_object through GCC 12's unwinder,
__libc_single_threaded); linked against bullseye's, it needs at most what
its objects call, and LLVM's archives from PyPI (built on glibc 2.28)
call nothing newer. GCC 10's static libstdc++ goes into the library, so it
needs no C++ runtime of the system either.

The packages come from Debian's archive through a private apt
configuration (the machine's own sources and lists are not touched),
unpacked with dpkg-deb; absolute symbolic links inside are made relative,
so that they point into the sysroot. Prints the sysroot; one already
complete is left as it is.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SUITE = "bullseye"
PACKAGES = ["libc6", "libc6-dev", "linux-libc-dev", "libgcc-s1",
            "libgcc-10-dev", "libstdc++-10-dev",
            # static zlib and zstd, which Debian's LLVM calls
            "zlib1g-dev", "libzstd-dev"]
DEFAULT_DEST = Path(os.environ.get(
    "MLIR_CYTHON_SYSROOT_DIR",
    Path.home() / ".cache" / "mlir-cython" / f"sysroot-{SUITE}"))
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
MIRROR = "http://deb.debian.org/debian"
# What the link needs from it.
REQUIRED = ("usr/include/stdio.h", "usr/lib/x86_64-linux-gnu/libc_nonshared.a",
            "usr/lib/gcc/x86_64-linux-gnu/10/libstdc++.a",
            "lib/x86_64-linux-gnu/libc.so.6",
            "usr/lib/x86_64-linux-gnu/libz.a",
            "usr/lib/x86_64-linux-gnu/libzstd.a")


def say(text):
    print(f"sysroot: {text}", file=sys.stderr, flush=True)


def complete(dest: Path) -> bool:
    stamp = dest / ".packages"
    return (stamp.exists() and stamp.read_text().split() == PACKAGES and
            all((dest / p).exists() for p in REQUIRED))


def apt_config(work: Path) -> dict:
    """An apt configuration of its own: bullseye's main section only."""
    (work / "lists" / "partial").mkdir(parents=True)
    (work / "cache" / "archives" / "partial").mkdir(parents=True)
    sources = work / "sources.list"
    sources.write_text(f"deb [signed-by={KEYRING}] {MIRROR} {SUITE} main\n")
    conf = work / "apt.conf"
    conf.write_text(
        f'Dir::Etc::SourceList "{sources}";\n'
        f'Dir::Etc::SourceParts "{work / "none"}";\n'
        f'Dir::State::Lists "{work / "lists"}";\n'
        f'Dir::Cache "{work / "cache"}";\n'
        'APT::Get::List-Cleanup "false";\n'
        # Files in a private temporary directory: no _apt sandbox user.
        'APT::Sandbox::User "root";\n')
    return dict(os.environ, APT_CONFIG=str(conf))


def relink(dest: Path):
    """Absolute symbolic links (libm.so -> /lib/x86_64-linux-gnu/...) made
    to point inside the sysroot."""
    for path in dest.rglob("*"):
        if path.is_symlink():
            target = os.readlink(path)
            if target.startswith("/"):
                inside = dest / target.lstrip("/")
                path.unlink()
                path.symlink_to(os.path.relpath(inside, path.parent))


def ensure(dest: Path = DEFAULT_DEST) -> Path:
    dest = Path(dest)
    if complete(dest):
        return dest
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sysroot-") as tmp:
        work = Path(tmp)
        env = apt_config(work)
        say(f"fetching {SUITE}'s package lists")
        subprocess.run(["apt-get", "-q", "update"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        debs = work / "debs"
        debs.mkdir()
        say(f"downloading {' '.join(PACKAGES)}")
        subprocess.run(["apt-get", "-q", "download",
                        *[f"{p}/{SUITE}" for p in PACKAGES]],
                       env=env, cwd=debs, check=True, stdout=subprocess.DEVNULL)
        for deb in sorted(debs.glob("*.deb")):
            subprocess.run(["dpkg-deb", "-x", str(deb), str(dest)], check=True)
    relink(dest)
    # The loader where the linker looks for it (the libc.so script names it).
    lib64 = dest / "lib64"
    lib64.mkdir(exist_ok=True)
    ld = lib64 / "ld-linux-x86-64.so.2"
    if not ld.exists():
        ld.symlink_to("../lib/x86_64-linux-gnu/ld-linux-x86-64.so.2")
    missing = [p for p in REQUIRED if not (dest / p).exists()]
    if missing:
        sys.exit(f"sysroot: {dest} lacks {', '.join(missing)}")
    (dest / ".packages").write_text("\n".join(PACKAGES) + "\n")
    return dest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", default=str(DEFAULT_DEST),
                    help=f"where (default: {DEFAULT_DEST})")
    print(ensure(Path(ap.parse_args(argv).dest)))


if __name__ == "__main__":
    main()
