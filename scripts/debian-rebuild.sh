#!/bin/sh
# SPDX-License-Identifier: MIT
# Rebuilds Debian source packages with sealing, the way docs/distro.md
# tells a distribution to: -specs=sealing.specs appended to every
# dpkg-buildflags variable (DEB_{C,CXX,F,FC,LD}FLAGS_APPEND), the
# package's own test suite on.  For each package it checks that the build
# and its tests ran, that every ELF file built carries the sealing note,
# and that each installed program, run, has its own mappings sealed by the
# kernel's account.  One result line per package; exit status 1 if any
# package fails any step, 2 on a usage or setup error.
#
# usage: scripts/debian-rebuild.sh [--specs PATH] [--lto] [--workdir DIR]
#                                  [--jobs N] PACKAGE...
#   --specs PATH   the specs file (default: build/gcc-plugin/sealing.specs)
#   --lto          also append -flto=auto to every flag variable
#   --workdir DIR  where sources, builds and logs go (default:
#                  build/debian-rebuild); DIR/PACKAGE[-lto]/ is emptied first
#   --jobs N       DEB_BUILD_OPTIONS parallel=N (default 2)
#
# Needs root (or sudo) for apt: adds a deb-src entry if there is none,
# then apt-get source and apt-get build-dep.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd -P)
specs=$repo/build/gcc-plugin/sealing.specs
workdir=$repo/build/debian-rebuild
lto=
jobs=2
# The note's owner, as readelf -n prints it (docs/note-format.md).
note_owner=SEALING

die() {
	echo "debian-rebuild: $*" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--specs) [ $# -ge 2 ] || die "--specs needs a path"; specs=$2; shift 2 ;;
	--lto) lto=1; shift ;;
	--workdir) [ $# -ge 2 ] || die "--workdir needs a directory"; workdir=$2; shift 2 ;;
	--jobs) [ $# -ge 2 ] || die "--jobs needs a number"; jobs=$2; shift 2 ;;
	-h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option $1 (see --help)" ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || die "no package given (see --help)"
[ -r "$specs" ] || die "no specs file at $specs: build first (cmake --build build) or pass --specs"
specs=$(cd "$(dirname "$specs")" && pwd -P)/$(basename "$specs")
mkdir -p "$workdir"
workdir=$(cd "$workdir" && pwd -P)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo -n "$@"
	else
		echo "debian-rebuild: need root for: $*" >&2
		return 1
	fi
}

export DEBIAN_FRONTEND=noninteractive

# apt-get source and build-dep need a deb-src entry; Debian 12's default
# /etc/apt/sources.list.d/debian.sources has none.
ensure_deb_src() {
	if grep -Eqs '^[[:space:]]*Types:.*deb-src' /etc/apt/sources.list.d/*.sources ||
		grep -Eqs '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list; then
		return 0
	fi
	[ -r /etc/os-release ] || die "no deb-src entry and no /etc/os-release to name the suite"
	# shellcheck disable=SC1091
	suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$suite" ] || die "no deb-src entry and no VERSION_CODENAME in /etc/os-release"
	echo "debian-rebuild: adding a deb-src entry for $suite" >&2
	printf '%s\n' \
		'# Added by sealing scripts/debian-rebuild.sh: sources for apt-get source.' \
		'Types: deb-src' \
		'URIs: http://deb.debian.org/debian' \
		"Suites: $suite $suite-updates" \
		'Components: main' \
		'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
		>"$workdir/sealing-deb-src.sources"
	as_root cp "$workdir/sealing-deb-src.sources" /etc/apt/sources.list.d/sealing-deb-src.sources ||
		die "cannot add the deb-src entry"
	as_root apt-get update -qq || die "apt-get update failed"
}

# The kernel's view of a running program, read just before it exits.
wrapper=$workdir/sealed-at-exit
build_wrapper() {
	# A plain compile: none of the flags under test.
	cc -O2 -Wall -Wextra -Werror \
		"$repo/scripts/sealed-at-exit.c" -o "$wrapper" ||
		die "cannot build $wrapper"
}

# Drops one word from a space-separated list.
without() {
	echo " $1 " | sed -e "s/ $2 / /g" -e 's/^ *//' -e 's/ *$//'
}

# "P/T passed" from the test-suite output in a build log, or nothing.
tests_run() {
	log=$1
	# Automake's parallel harness: one summary per test directory.
	if grep -Eq '^# TOTAL: +[0-9]+' "$log"; then
		awk '/^# TOTAL: /{t+=$3} /^# PASS: /{p+=$3} /^# SKIP: /{s+=$3} /^# (FAIL|ERROR|XPASS): /{f+=$3}
		     END{if (t > 0) printf "%d/%d passed%s%s\n", p, t, (s ? ", " s " skipped" : ""), (f ? ", " f " failed" : "")}' "$log"
		return
	fi
	# Automake's serial harness, and a TAP-style or plain list.
	n=$(sed -n 's/^All \([0-9][0-9]*\) tests passed.*/\1/p' "$log" | awk '{s+=$1} END{print s+0}')
	if [ "$n" -gt 0 ]; then
		echo "$n/$n passed"
		return
	fi
	n=$(grep -Ec '^PASS: ' "$log" || true)
	[ "$n" -gt 0 ] && echo "$n passed (PASS lines)"
	return 0
}

# "test" if the last debhelper step the log shows is the test step
# (dh_auto_test or an override of it).
last_dh_step() {
	sed -n -e 's/^   \(debian\/rules override_\)\{0,1\}\(dh_[a-z_]*\).*/\2/p' "$1" |
		tail -n 1 | sed -e 's/^dh_auto_test$/test/'
}

is_elf() {
	[ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ]
}

rebuild() {
	pkg=$1
	name=$pkg${lto:+-lto}
	dir=$workdir/$name
	log=$dir/build.log
	built=- tests=- elf=- runtime=-
	start=$(date +%s)
	ok=0
	rm -rf "$dir"
	mkdir -p "$dir/src" "$dir/root"
	: >"$log"

	if ! (cd "$dir/src" && apt-get source -qq "$pkg") >>"$log" 2>&1; then
		built="no (apt-get source failed: unbuildable or unknown source)"
	elif ! as_root apt-get build-dep -y -qq "$pkg" >>"$log" 2>&1; then
		built="no (apt-get build-dep failed: missing build-deps)"
	else
		src=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
		flags="-specs=$specs${lto:+ -flto=auto}"
		# The package's tests must run: no nocheck, whatever the caller has.
		opts=$(without "${DEB_BUILD_OPTIONS:-}" nocheck)
		case " $opts " in *" parallel="*) ;; *) opts="$opts parallel=$jobs" ;; esac
		{
			echo "debian-rebuild: DEB_{C,CXX,F,FC,LD}FLAGS_APPEND=$flags"
			echo "debian-rebuild: DEB_BUILD_OPTIONS=$opts"
		} >>"$log"
		if (cd "$src" &&
			DEB_BUILD_OPTIONS=$opts \
			DEB_BUILD_PROFILES=$(without "${DEB_BUILD_PROFILES:-}" nocheck) \
			DEB_CFLAGS_APPEND=$flags DEB_CXXFLAGS_APPEND=$flags \
			DEB_FFLAGS_APPEND=$flags DEB_FCFLAGS_APPEND=$flags \
			DEB_LDFLAGS_APPEND=$flags \
			dpkg-buildpackage -b -uc -us) >>"$log" 2>&1; then
			built=yes
		elif [ "$(last_dh_step "$log")" = test ]; then
			built="yes, but its test suite failed"
		else
			built="no (dpkg-buildpackage failed)"
		fi
		tests=$(tests_run "$log")
		case $built in
		yes) [ -n "$tests" ] || tests="not run (no test-suite output in the log)" ;;
		"yes, but"*) tests="FAILED${tests:+: $tests}" ;;
		*) tests=- ;;
		esac
	fi

	case $built/$tests in
	yes/*failed*) ;;
	yes/*passed*) check_elf && check_runtime && ok=1 ;;
	esac
	end=$(date +%s)
	printf '%s: built %s | own tests %s | instrumented ELF %s | runtime %s | %ss | log %s\n' \
		"$name" "$built" "$tests" "$elf" "$runtime" "$((end - start))" "$log"
	[ "$ok" = 1 ]
}

# Unpacks the built .debs (not the debug symbols) and counts the ELF
# executables and shared objects that carry the note.
check_elf() {
	for deb in "$dir"/src/*.deb; do
		[ -e "$deb" ] || continue
		case $deb in *-dbgsym_*) continue ;; esac
		dpkg-deb -x "$deb" "$dir/root" || { elf="(cannot unpack $deb)"; return 1; }
	done
	total=0 marked=0
	: >"$dir/elf.txt"
	find "$dir/root" -type f | sort >"$dir/files.txt"
	while IFS= read -r f; do
		is_elf "$f" || continue
		case $(readelf -hW "$f" 2>/dev/null | awk '/^ *Type:/{print $2}') in
		EXEC | DYN) ;;
		*) continue ;;
		esac
		total=$((total + 1))
		if readelf -nW "$f" 2>/dev/null | grep -Eq "^[[:space:]]+${note_owner}[[:space:]]"; then
			marked=$((marked + 1))
			echo "note    ${f#"$dir/root"}" >>"$dir/elf.txt"
		else
			echo "NO NOTE ${f#"$dir/root"}" >>"$dir/elf.txt"
		fi
	done <"$dir/files.txt"
	elf="$marked/$total"
	if [ "$total" -eq 0 ] || [ "$marked" -ne "$total" ]; then
		elf="$elf (see $dir/elf.txt)"
		return 1
	fi
}

# Runs every program the packages install (PROG --version, so that none
# waits for input) from the unpacked tree, with the package's own
# libraries, and asks the kernel what it sealed.
check_runtime() {
	libs=$(find "$dir/root" -name '*.so*' -type f -exec dirname {} \; | sort -u | tr '\n' ':')
	libs=${libs%:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	n=0 good=0 runtime=
	for p in "$dir"/root/bin/* "$dir"/root/sbin/* "$dir"/root/usr/bin/* \
		"$dir"/root/usr/sbin/* "$dir"/root/usr/games/*; do
		if [ ! -f "$p" ] || [ -L "$p" ] || [ ! -x "$p" ] || ! is_elf "$p"; then
			continue
		fi
		readelf -lW "$p" | grep -q 'program interpreter' || continue
		n=$((n + 1))
		out=$dir/run-$(basename "$p").log
		SEALING_DEBUG=1 LD_LIBRARY_PATH=$libs \
			timeout 20 "$wrapper" "$p" --version </dev/null >"$out" 2>&1 || true
		kernel=$(sed -n "s|^sealed-at-exit: $p: ||p" "$out")
		if grep -q "^sealing: $p" "$out" &&
			echo "$kernel" | grep -Eq '^([1-9][0-9]*)/\1 mappings sealed$'; then
			good=$((good + 1))
			runtime="${runtime:+$runtime, }$(basename "$p") ${kernel% mappings sealed} sealed"
		else
			runtime="${runtime:+$runtime, }$(basename "$p") NOT SEALED (${kernel:-no report}; see $out)"
		fi
	done
	[ "$n" -gt 0 ] || { runtime="no program to run"; return 1; }
	[ "$good" -eq "$n" ]
}

ensure_deb_src
build_wrapper
status=0
for pkg in "$@"; do
	rebuild "$pkg" || status=1
done
exit $status
