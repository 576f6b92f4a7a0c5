#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds Debian 13's glibc (2.41, Debian's patches applied) twice, in the
# Debian 13 chroot that check-toolchains.sh caches: once as Debian ships
# it (unpatched/) and once with glibc/patches on top (patched/).  One
# flavour, x86_64 libc6, no tests; then prints where ld.so and libc are.
# Programs run under a build with glibc/testrun.sh.
#
# usage: sh scripts/build-glibc.sh [--check-elf] [patched|unpatched]...
#        (default: both flavours)
#
# --check-elf: then runs glibc's own tests of elf/ in each flavour
# (make check subdirs=elf; about 4 minutes a flavour on 2 cores, its
# test programs built included) and
# prints each one's PASS/FAIL/UNSUPPORTED counts and the tests that fail
# under the patched build only (elf-check.txt in build-glibc/).
#
# Output in build-glibc/ (SEALING_GLIBC_BUILD moves it):
#   download/        Debian's source package, as apt-get source fetched it
#   src-unpatched/   the unpacked tree, Debian's patches applied
#   src-patched/     the same plus glibc/patches/series
#   unpatched/ patched/   the object directories (make runs in them)
# Rebuilds are incremental: a changed series is reverted and reapplied
# patch by patch, so make recompiles only what the patches touch.  The
# chroot mounts build-glibc/ at the same path, so the build's own paths
# (testrun.sh, make check) hold inside and outside it.
# Needs root (chroot, mount) and the Debian mirror (lib-chroot.sh).
set -eu

usage() {
	sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"
	exit "${1:-0}"
}

flavours=""
check_elf=0
for a in "$@"; do
	case $a in
	patched | unpatched) flavours="$flavours $a" ;;
	--check-elf) check_elf=1 ;;
	-h | --help) usage 0 ;;
	*) usage 2 >&2 ;;
	esac
done
[ -n "$flavours" ] || flavours="unpatched patched"

if [ "$(id -u)" -ne 0 ]; then
	exec sudo sh "$0" "$@"
fi
cd "$(dirname "$0")/.."
repo=$PWD
. scripts/lib-chroot.sh
command -v debootstrap >/dev/null || {
	echo "build-glibc: debootstrap missing (sh scripts/setup-debian.sh)" >&2
	exit 1
}
top=${SEALING_TOOLCHAINS_DIR:-$repo/build-toolchains}
root=$top/chroots/trixie
out=${SEALING_GLIBC_BUILD:-$repo/build-glibc}
mkdir -p "$out"
out=$(cd "$out" && pwd)

mounted=""
cleanup() {
	for m in $mounted; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
	done
	mounted=""
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM

chroot_bootstrap trixie "$root"
mirror=$(chroot_mirror)
echo "deb-src $mirror trixie main" >"$root/etc/apt/sources.list.d/sealing-deb-src.list"
# What configure and make need for one flavour without tests (Debian's
# full Build-Depends add the multilib compilers and the test tools).
chroot_install "$root" -glibc build-essential dpkg-dev gawk bison python3 \
	gettext file ca-certificates

mkdir -p "$root$out" "$root/proc"
if ! mountpoint -q "$root$out"; then
	mount --bind "$out" "$root$out"
	mounted="$root$out $mounted"
fi
if ! mountpoint -q "$root/proc"; then
	mount -t proc proc "$root/proc"
	mounted="$root/proc $mounted"
fi

# Debian's source, once.  The newest version in the Sources index may not
# have reached the mirror's pool yet: try the 2.41 ones newest first.
if [ ! -e "$out/src-unpatched/.sealing-unpacked" ]; then
	rm -rf "$out/download" "$out/src-unpatched"
	mkdir -p "$out/download"
	in_chroot "$root" $apt_get update
	got=""
	for v in $(in_chroot "$root" apt-cache showsrc glibc | sed -n 's/^Version: \(2\.41-.*\)/\1/p' | sort -rV); do
		if in_chroot "$root" sh -c "cd '$out/download' && apt-get source -qq --download-only glibc=$v" >"$out/download/apt.log" 2>&1; then
			got=$v
			break
		fi
	done
	[ -n "$got" ] || {
		cat "$out/download/apt.log" >&2
		echo "build-glibc: no glibc 2.41 source package could be downloaded" >&2
		exit 1
	}
	echo "=== glibc $got: unpacking with Debian's patches"
	in_chroot "$root" sh -c "cd '$out/download' && dpkg-source -x glibc_$got.dsc '$out/src-unpatched'" >/dev/null
	echo "$got" >"$out/src-unpatched/.sealing-unpacked"
fi
version=$(cat "$out/src-unpatched/.sealing-unpacked")

# series_names FILE: the patch names a series lists, in order, without its
# comment and empty lines (the applied list is the same with none).
series_names() {
	sed -e '/^#/d' -e '/^$/d' "$1"
}

# The patched tree follows glibc/patches/series: what was applied last is
# kept in .sealing-applied/ and reverted before the new series goes on.
apply_series() {
	t=$out/src-patched
	if [ ! -d "$t/.sealing-applied" ]; then
		rm -rf "$t"
		cp -a "$out/src-unpatched" "$t"
		mkdir -p "$t/.sealing-applied"
		: >"$t/.sealing-applied/series"
	fi
	if series_names glibc/patches/series | cmp -s "$t/.sealing-applied/series" - &&
		(cd glibc/patches && series_names series | while read -r p; do
			cmp -s "$p" "$t/.sealing-applied/$p" || exit 1
		done); then
		return 0
	fi
	for p in $(series_names "$t/.sealing-applied/series" | tac); do
		patch -s -R -p1 -d "$t" <"$t/.sealing-applied/$p" || {
			echo "build-glibc: cannot revert $p; remove $t and run again" >&2
			exit 1
		}
	done
	rm -rf "$t/.sealing-applied"
	mkdir -p "$t/.sealing-applied"
	: >"$t/.sealing-applied/series"
	for p in $(series_names glibc/patches/series); do
		patch -s -p1 -d "$t" <"glibc/patches/$p" || {
			echo "build-glibc: glibc/patches/$p does not apply to glibc $version" >&2
			exit 1
		}
		cp "glibc/patches/$p" "$t/.sealing-applied/$p"
		echo "$p" >>"$t/.sealing-applied/series"
	done
	# Makefiles generated from files the series changes (dso-sort-tests
	# *.def) depend on those files only, not on the scripts that write
	# them: make them again.
	rm -f "$out/patched/elf/"*.generated-makefile
	echo "=== src-patched: $(wc -l <"$t/.sealing-applied/series") patches applied"
}

# Debian's libc6 configure line for amd64, without selinux and the tests'
# C++ compiler; the paths as Debian installs them.
configure_flags="--prefix=/usr --enable-multi-arch --without-selinux --disable-crypt
	--enable-bind-now --enable-fortify-source --enable-stackguard-randomization
	--enable-stack-protector=strong --disable-werror
	--with-pkgversion=Debian-GLIBC-$version-sealing"
configure_flags=$(echo $configure_flags)

build() {
	f=$1 src=$out/src-$1 obj=$out/$1
	mkdir -p "$obj"
	if [ "$(cat "$obj/.sealing-configured" 2>/dev/null)" != "$configure_flags" ]; then
		echo "=== $f: configure"
		cat >"$obj/configparms" <<-EOF
			slibdir = /lib/x86_64-linux-gnu
			libdir = /usr/lib/x86_64-linux-gnu
			rtlddir = /lib64
			libexecdir = /usr/lib/x86_64-linux-gnu
		EOF
		# shellcheck disable=SC2086 # the flags are a word list
		in_chroot "$root" sh -c "cd '$obj' && CC=gcc CXX=: CFLAGS='-O2 -g' '$src/configure' $configure_flags" \
			>"$obj/configure.log" 2>&1 || {
			tail -n 30 "$obj/configure.log" >&2
			exit 1
		}
		echo "$configure_flags" >"$obj/.sealing-configured"
	fi
	echo "=== $f: make -j2 (log: $obj/make.log)"
	start=$(date +%s)
	in_chroot "$root" nice make -C "$obj" -j2 >"$obj/make.log" 2>&1 || {
		grep -E 'Error|error:' "$obj/make.log" | head -n 30 >&2
		exit 1
	}
	echo "=== $f: built in $(($(date +%s) - start)) s"
}

# check_elf FLAVOUR: make check subdirs=elf; its summary stays in
# FLAVOUR/elf/subdir-tests.sum.  make fails when any test fails, which is
# the result here, not an error.
check_elf() {
	obj=$out/$1
	echo "=== $1: make check subdirs=elf (log: $obj/check-elf.log)"
	start=$(date +%s)
	# MAKEINFO=: as Debian's rules give configure: the tarball has no
	# manual, which the tests' install tree would otherwise build.
	in_chroot "$root" nice make -C "$obj" -j2 MAKEINFO=: check subdirs=elf >"$obj/check-elf.log" 2>&1 || true
	[ -s "$obj/elf/subdir-tests.sum" ] || {
		echo "build-glibc: make check subdirs=elf wrote no elf/subdir-tests.sum in $obj" >&2
		tail -n 20 "$obj/check-elf.log" >&2
		exit 1
	}
	echo "=== $1: elf tests run in $(($(date +%s) - start)) s"
}

# The two flavours' results side by side, and what fails only when patched.
elf_report() {
	for f in $flavours; do
		printf '%s:' "$f"
		for r in PASS FAIL XPASS XFAIL UNSUPPORTED; do
			printf ' %s %s' "$r" "$(grep -c "^$r: " "$out/$f/elf/subdir-tests.sum")"
		done
		echo
	done
	if [ -s "$out/unpatched/elf/subdir-tests.sum" ] && [ -s "$out/patched/elf/subdir-tests.sum" ]; then
		echo "failing under the patched build only:"
		grep '^FAIL: ' "$out/patched/elf/subdir-tests.sum" | sort >"$out/elf-fail.patched"
		grep '^FAIL: ' "$out/unpatched/elf/subdir-tests.sum" | sort >"$out/elf-fail.unpatched"
		comm -23 "$out/elf-fail.patched" "$out/elf-fail.unpatched" | sed 's/^/  /'
		echo "failing under the unpatched build only:"
		comm -13 "$out/elf-fail.patched" "$out/elf-fail.unpatched" | sed 's/^/  /'
	fi
}

for f in $flavours; do
	[ "$f" = patched ] && apply_series
	build "$f"
	if [ "$check_elf" = 1 ]; then check_elf "$f"; fi
done
if [ "$check_elf" = 1 ]; then elf_report | tee "$out/elf-check.txt"; fi
cleanup

echo
echo "glibc $version built in $out"
for f in $flavours; do
	echo "  $f: ld.so $out/$f/elf/ld.so, libc $out/$f/libc.so.6"
done
echo "run a program under the patched loader: glibc/testrun.sh ./prog"
