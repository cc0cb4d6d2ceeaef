#!/usr/bin/env bash
# make dist: the release artefacts for Debian 12 (bookworm, amd64), in dist/:
#   store-screenshot-compose_<version>_amd64.deb       apt-get install ./… on Debian 12
#   store-screenshot-compose-<version>-debian12-amd64.tar.gz  the same files, unpacked anywhere
#   SHA256SUMS                                          both, as sha256sum -c reads them
# The binary (and its drawing worker, ssc-raster-worker, beside it) is the release build with the Swift runtime linked in (--static-swift-stdlib), so no
# Swift toolchain is needed to run it; the package's Depends are the Debian packages of the
# libraries it links (dpkg-shlibdeps, from its ELF NEEDED entries and the libraries' shlibs
# files) plus the fonts and hyphenation data it reads (scripts/setup.sh --data-packages).
# The version is ToolIdentity's (Sources/Support/ToolIdentity.swift), the one place it is set;
# --version adds the commit, which no output carries, so a rebuild of one commit writes the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
tool=store-screenshot-compose
version="$(sed -n 's/^ *public var version = "\([^"]*\)"$/\1/p' Sources/Support/ToolIdentity.swift)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "dist: expected a version x.y.z in Sources/Support/ToolIdentity.swift, found \"$version\"" >&2; exit 1; }
commit="${COMMIT:-$(git rev-parse --short=12 HEAD)}"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
scratch="${DIST_SCRATCH:-.build/dist}"
out="${DIST_OUT:-dist}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The files as they land on a Debian system (PREFIX=/usr), staged under $work/deb.
make --no-print-directory install CONFIG=release SCRATCH="$scratch" SWIFTFLAGS=--static-swift-stdlib \
    COMMIT="$commit" PREFIX=/usr DESTDIR="$work/deb" >&2
bin="$work/deb/usr/libexec/$tool/$tool"
worker="$work/deb/usr/libexec/$tool/ssc-raster-worker"
[ -x "$worker" ] || { echo "dist: expected the drawing worker $worker beside the binary, found none" >&2; exit 1; }
swift_runtime="$(ldd "$bin" "$worker" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' || true)"
[ -z "$swift_runtime" ] || { echo "dist: the binary links the Swift runtime dynamically:" >&2; echo "$swift_runtime" >&2; exit 1; }
gzip -9n "$work/deb/usr/share/man/man1/$tool.1"
install -d "$work/deb/usr/share/doc/$tool"
cp README.md "$work/deb/usr/share/doc/$tool/README.md"

# Depends: the linked libraries' packages, then the data the tool reads at run time.
mkdir -p "$work/shlibs/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: amd64\n' "$tool" "$tool" > "$work/shlibs/debian/control"
libraries="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$bin" -e "$worker" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')" ||
    { cat "$work/shlibdeps.log" >&2; exit 1; }
[ -n "$libraries" ] || { echo "dist: dpkg-shlibdeps found no libraries" >&2; cat "$work/shlibdeps.log" >&2; exit 1; }
data="$(./scripts/setup.sh --data-packages | paste -sd, | sed 's/,/, /g')"

size_kib="$(du -sk --exclude=DEBIAN "$work/deb" | cut -f1)"
install -d "$work/deb/DEBIAN"
cat > "$work/deb/DEBIAN/control" <<EOF
Package: $tool
Version: $version
Architecture: amd64
Maintainer: store-screenshot-compose maintainers <store-screenshot-compose@users.noreply.github.com>
Installed-Size: $size_kib
Depends: $libraries, $data
Section: graphics
Priority: optional
Description: compose App Store and Google Play screenshots from raw captures
 Fills an SVG template with a headline, a device frame and a capture, rasterizes it with
 librsvg to the stores' sizes, and records a manifest of every input and output with its
 SHA-256. Built for Debian 12 (bookworm); commit $commit.
EOF

mkdir -p "$out"
deb="$out/${tool}_${version}_amd64.deb"
tarball="$out/$tool-$version-debian12-amd64.tar.gz"
rm -f "$deb" "$tarball" "$out/SHA256SUMS"
dpkg-deb --root-owner-group -Zxz --build "$work/deb" "$deb" >&2

# The tarball: the same tree under one folder, its launcher relative to where it is unpacked.
folder="$tool-$version-debian12-amd64"
mkdir -p "$work/tar/$folder"
cp -R "$work/deb/usr/." "$work/tar/$folder/"
printf '#!/bin/sh\nhere=$(dirname "$(readlink -f "$0")")\nexec "$here/../libexec/%s/%s" "$@"\n' "$tool" "$tool" > "$work/tar/$folder/bin/$tool"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner -C "$work/tar" -cf - "$folder" | gzip -9n > "$tarball"
(cd "$out" && sha256sum "$(basename "$deb")" "$(basename "$tarball")" > SHA256SUMS)
echo "dist: $deb ($(du -k "$deb" | cut -f1) KiB), $tarball, $out/SHA256SUMS; $tool $version (commit $commit) for Debian 12"
