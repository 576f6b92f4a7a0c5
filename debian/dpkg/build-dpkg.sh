#!/bin/sh
# SPDX-License-Identifier: MIT
# Rebuilds this machine's dpkg with the sealing hardening feature, as a
# distribution would ship it: apt-get source dpkg, the patches that match
# its version (sealing-feature.patch and sealing-feature-tests.patch,
# which teaches dpkg's own test the new feature, for 1.21; the -1.22 ones
# for 1.22),
# sealing-policy{0,1,2}.specs installed into /usr/share/dpkg by
# libdpkg-perl (beside dpkg's own pie-*.specs), and a local version,
# VERSION+sealing1, so that apt prefers it.  dpkg's own test suite runs
# (DEB_BUILD_OPTIONS=nocheck skips it).
#
#   debian/dpkg/build-dpkg.sh OUTDIR
#
# OUTDIR gets the .debs and build.log.  scripts/debian-rebuild.sh
# --patched-dpkg OUTDIR then builds packages in an sbuild chroot with this
# dpkg instead of a buildflags.conf (docs/packages.md).  Needs root for
# apt-get build-dep, and a deb-src entry (scripts/debian-rebuild.sh adds
# one when it builds archive packages).
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
die() {
	echo "build-dpkg: $*" >&2
	exit 2
}
[ $# -eq 1 ] || die "usage: debian/dpkg/build-dpkg.sh OUTDIR"
mkdir -p "$1"
out=$(cd "$1" && pwd -P)
log=$out/build.log
work=$out/src
rm -rf "$work" "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo
mkdir -p "$work"

(cd "$work" && apt-get source -qq dpkg) >"$log" 2>&1 ||
	die "apt-get source dpkg failed (a deb-src entry?), see $log"
src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'dpkg-*' | head -n 1)
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
case $version in
1.21.*) patch=$here/sealing-feature.patch tests=$here/sealing-feature-tests.patch ;;
1.22.*) patch=$here/sealing-feature-1.22.patch tests=$here/sealing-feature-tests-1.22.patch ;;
1.23.*) die "dpkg $version: sealing-feature-1.23.patch exists, but no patch yet teaches dpkg's own test suite the feature (1.23's source was not reachable when it was made)" ;;
*) die "dpkg $version: no patch for this version (1.21 and 1.22 have one)" ;;
esac
for p in "$patch" "$tests"; do
	patch -d "$src" -p1 <"$p" >>"$log" 2>&1 || die "$(basename "$p") does not apply to dpkg $version, see $log"
done

# Beside dpkg's own specs in data/: dpkg builds itself with its in-tree
# dpkg-buildflags, which takes its DATADIR there, so the patched one
# needs them while dpkg builds.  dh_install takes a "source destination"
# line from the source tree (upstream, data/Makefile.am would list them).
cp "$here"/sealing-policy0.specs "$here"/sealing-policy1.specs "$here"/sealing-policy2.specs "$src/data/"
echo "data/sealing-policy*.specs usr/share/dpkg" >>"$src/debian/libdpkg-perl.install"

new=$version+sealing1
{
	echo "dpkg ($new) UNRELEASED; urgency=medium"
	echo
	echo "  * Add the sealing hardening feature (sealing's debian/dpkg/$(basename "$patch"))."
	echo
	echo " -- sealing <sealing@localhost>  $(date -R)"
	echo
	cat "$src/debian/changelog"
} >"$src/debian/changelog.new"
mv "$src/debian/changelog.new" "$src/debian/changelog"

apt-get build-dep -y -qq --no-remove "$src" >>"$log" 2>&1 ||
	die "apt-get build-dep for dpkg failed, see $log"
echo "build-dpkg: building dpkg $new (log $log)"
(cd "$src" && dpkg-buildpackage -b -uc -us -j"$(nproc)") >>"$log" 2>&1 || {
	tail -n 30 "$log" >&2
	die "dpkg-buildpackage failed, see $log"
}
mv "$work"/*.deb "$out"/
rm -rf "$work"
ls "$out"/*.deb
