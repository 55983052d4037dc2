#!/usr/bin/env bash
# Fetches upstream's Python test suite (mlir/test/python), Python sources
# (mlir/python) and out-of-tree dialect example (mlir/examples/standalone,
# tests/test_upstream_standalone.py) of one LLVM version from Debian's source
# package
# llvm-toolchain-22, into a cache outside the checkout:
#
#   tools/fetch-upstream-tests.sh VERSION CACHE   ->  CACHE/VERSION/mlir/test/python
#
# apt runs with a configuration of its own (sources list with deb-src lines
# for the system's Debian suites plus unstable, private lists and archive
# dirs), so the system's apt state is left as it was.  The orig tarball is
# kept in CACHE, so later clones on this machine extract without a download.
# Exit status 3 means "this version cannot be downloaded" (callers skip).
set -euo pipefail
version=${1:?VERSION, e.g. 22.1.8}
cache=${2:?CACHE directory}
dest="$cache/$version"
if [ -f "$dest/.complete" ] && [ -d "$dest/mlir/examples/standalone" ]; then
    echo "$dest"; exit 0
fi
mkdir -p "$cache/apt/etc" "$cache/apt/lists/partial" \
         "$cache/apt/cache/archives/partial" "$cache/src"
tarball="$cache/src/llvm-toolchain-22_$version.orig.tar.xz"
if [ ! -s "$tarball" ]; then
  python3 - "$cache/apt/etc/sources.list" <<'PY'
import pathlib, re, sys
lines = []
def add(uri, suites, comps, key):
    opt = f"[signed-by={key}] " if key else ""
    for s in suites:
        lines.append(f"deb-src {opt}{uri} {s} {comps}")
for f in pathlib.Path("/etc/apt/sources.list.d").glob("*.sources"):
    for stanza in f.read_text().split("\n\n"):
        d = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
        uri = d.get("URIs", "")
        if "debian" not in uri:
            continue
        key = d.get("Signed-By", "")
        add(uri, d.get("Suites", "").split(), d.get("Components", "main"), key)
        if uri.rstrip("/").endswith("/debian"):
            add(uri, ["sid"], "main", key)
for f in [pathlib.Path("/etc/apt/sources.list"),
          *pathlib.Path("/etc/apt/sources.list.d").glob("*.list")]:
    if f.exists():
        for m in re.finditer(r"^deb\s+(\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.*)$",
                             f.read_text(), re.M):
            lines.append(f"deb-src {m.group(1) or ''}{m.group(2)} {m.group(3)} {m.group(4)}")
pathlib.Path(sys.argv[1]).write_text("\n".join(dict.fromkeys(lines)) + "\n")
PY
  opts=(-o "Dir::Etc::SourceList=$cache/apt/etc/sources.list"
        -o Dir::Etc::SourceParts=/dev/null
        -o "Dir::State::Lists=$cache/apt/lists" -o "Dir::Cache=$cache/apt/cache"
        -o Debug::NoLocking=1 -o APT::Get::Only-Source=true)
  apt-get "${opts[@]}" update -qq >&2 || true
  found=
  for v in $(apt-cache "${opts[@]}" showsrc llvm-toolchain-22 2>/dev/null \
             | awk '/^Version:/{print $2}' | sort -u); do
    case "$v" in
      *:"$version"-*|"$version"-*)
        # The .dsc may be gone from the mirror: the orig tarball is enough.
        (cd "$cache/src" && apt-get "${opts[@]}" source --download-only \
           "llvm-toolchain-22=$v" >&2) || true
        if [ -s "$tarball" ]; then found=$v; break; fi ;;
    esac
  done
  if [ -z "$found" ]; then
    echo "llvm-toolchain-22 $version: no source package of this version can be downloaded" >&2
    exit 3
  fi
  echo "llvm-toolchain-22 $found downloaded" >&2
fi
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
top=$( (tar tJf "$tarball" 2>/dev/null || true) | head -1 | cut -d/ -f1)
tar xJf "$tarball" -C "$dest.tmp" "$top/mlir/test/python" "$top/mlir/python" \
    "$top/mlir/examples/standalone"
rm -rf "$dest" && mv "$dest.tmp/$top" "$dest" && rmdir "$dest.tmp"
touch "$dest/.complete"
echo "$dest"
