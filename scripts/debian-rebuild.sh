#!/bin/sh
# SPDX-License-Identifier: MIT
# Rebuilds Debian source packages with sealing, the way docs/distro.md
# tells a distribution to: the carrier's flags appended to every
# dpkg-buildflags variable (DEB_*FLAGS_APPEND), the package's own test
# suite on.  For each package it checks that the build and its tests ran
# and passed (from the test runner's own summary in the build log), audits
# every ELF file of the built .debs with `sealctl check`, and runs the
# package's programs and loads its libraries from the unpacked .debs,
# asking the kernel (/proc/PID/smaps, VmFlags "sl") what is sealed.
#
# One result line per package, on stdout:
#   NAME: built B | own tests T | instrumented ELF I | runtime R | Ss | log L
# and one row in WORKDIR/results.tsv (WORKDIR/results.md is rewritten
# from it).  Exit status 1 if any package fails any step, 2 on a usage or
# setup error.
#
# usage: scripts/debian-rebuild.sh [--carrier gcc|clang|none] [--lto]
#            [--specs PATH] [--llvm-plugin PATH] [--workdir DIR]
#            [--jobs N] [--keep] PACKAGE...
#   --carrier gcc    (default) -specs=SPECS in DEB_{C,CXX,F,FC,LD}FLAGS_APPEND
#   --carrier clang  CC=clang-19 CXX=clang++-19, "-fpass-plugin=P -fplugin=P"
#                    in DEB_{C,CXX}FLAGS_APPEND (P: the LLVM pass plugin);
#                    Fortran stays with gfortran and the specs
#   --carrier none   no sealing at all: the baseline a failure is compared to
#   --lto            also append -flto=auto -ffat-lto-objects (as Ubuntu's
#                    and Fedora's default flags do) to every variable
#   --specs PATH     the specs file (default: build/gcc-plugin/sealing.specs)
#   --llvm-plugin P  the pass plugin (default: build/llvm-pass/sealing-llvm.so)
#   --workdir DIR    where sources, builds and results go (default:
#                    build/debian-rebuild); DIR/NAME/ is emptied first,
#                    NAME being PACKAGE[-clang|-none][-lto]
#   --jobs N         DEB_BUILD_OPTIONS parallel=N (default 2)
#   --profiles P,Q   build profiles for apt-get build-dep and the build
#                    (DEB_BUILD_PROFILES); nocheck is always dropped
#   --keep           keep the source tree, the .debs and the unpacked tree
#                    (by default only DIR/NAME/'s logs and reports remain)
#   --recheck        do not build: audit and run again what an earlier
#                    run with --keep left in DIR/NAME/ (after a change to
#                    sealctl or to this script's checks)
#   --sbuild DEBS    build the way a buildd does: in a clean sbuild chroot
#                    of this machine's suite (sealing-SUITE-ARCH-sbuild,
#                    made once with sbuild-createchroot from the machine's
#                    own mirror), with sealing's .debs from DEBS offered as
#                    extra packages, the carrier's installed, and sealing
#                    turned on distribution-wide by the chroot's
#                    /etc/dpkg/buildflags.conf (docs/distro.md); nothing of
#                    the host's compilers or flags.  NAME gets "-sbuild"
#   --patched-dpkg D with --sbuild: sealing is turned on by dpkg's own
#                    sealing hardening feature instead of buildflags.conf:
#                    dpkg, dpkg-dev and libdpkg-perl from D (made by
#                    debian/dpkg/build-dpkg.sh) are installed in the chroot
#                    (for clang, buildflags.conf still adds the pass's
#                    flags: dpkg does not know the compiler).  NAME gets
#                    "-dpkg"
#   --min-policy N   the least policy a note may carry (default 1; 0 for a
#                    package opted out by hardening=-sealing, which must
#                    still carry notes); each program and library is then
#                    run and must be sealed exactly when its note's policy
#                    is 1 or more
#
# PACKAGE is a Debian source package's name, or a directory holding an
# unpacked source package (debian/ inside): tests/Inputs/debian-setuid.
# DEB_BUILD_MAINT_OPTIONS from the environment (hardening=-sealing,
# sealing=policy2) is appended to the package's debian/rules, as its
# maintainer would opt it out or up; NAME then gets "-optout" or
# "-policyN", and every note must carry that policy.
#
# Needs root (or sudo) for apt: adds a deb-src entry if there is none,
# then apt-get source and apt-get build-dep (which never removes a package:
# a conflict is reported as missing build dependencies).
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd -P)
specs=$repo/build/gcc-plugin/sealing.specs
plugin=$repo/build/llvm-pass/sealing-llvm.so
sealctl=$repo/build/tools/sealctl
workdir=$repo/build/debian-rebuild
carrier=gcc
lto=
jobs=2
keep=
recheck=
build_profiles=
clang=clang-19
clangxx=clang++-19
sbuild_debs=
patched_dpkg=
min_policy=1

die() {
	echo "debian-rebuild: $*" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--carrier)
		[ $# -ge 2 ] || die "--carrier needs gcc, clang or none"
		case $2 in gcc | clang | none) carrier=$2 ;; *) die "unknown carrier $2" ;; esac
		shift 2
		;;
	--lto) lto=1; shift ;;
	--specs) [ $# -ge 2 ] || die "--specs needs a path"; specs=$2; shift 2 ;;
	--llvm-plugin) [ $# -ge 2 ] || die "--llvm-plugin needs a path"; plugin=$2; shift 2 ;;
	--workdir) [ $# -ge 2 ] || die "--workdir needs a directory"; workdir=$2; shift 2 ;;
	--jobs) [ $# -ge 2 ] || die "--jobs needs a number"; jobs=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	--profiles) [ $# -ge 2 ] || die "--profiles needs a list"; build_profiles=$(echo "$2" | tr ',' ' '); shift 2 ;;
	--recheck) recheck=1 keep=1; shift ;;
	--sbuild) [ $# -ge 2 ] || die "--sbuild needs the directory of sealing's .debs"; sbuild_debs=$2; shift 2 ;;
	--patched-dpkg) [ $# -ge 2 ] || die "--patched-dpkg needs the directory of the patched dpkg's .debs"; patched_dpkg=$2; shift 2 ;;
	--min-policy)
		case ${2:-} in 0 | 1 | 2) min_policy=$2 ;; *) die "--min-policy needs 0, 1 or 2" ;; esac
		shift 2
		;;
	-h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option $1 (see --help)" ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || die "no package given (see --help)"
abspath() {
	echo "$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")"
}
[ -r "$specs" ] || die "no specs file at $specs: build first (cmake --build build) or pass --specs"
specs=$(abspath "$specs")
if [ "$carrier" = clang ]; then
	[ -r "$plugin" ] || die "no pass plugin at $plugin: build first or pass --llvm-plugin"
	plugin=$(abspath "$plugin")
	command -v "$clang" >/dev/null 2>&1 || die "no $clang (apt-get install clang-19)"
fi
[ -x "$sealctl" ] || die "no sealctl at $sealctl: build first (cmake --build build)"
if [ -n "$sbuild_debs" ]; then
	[ -d "$sbuild_debs" ] || die "--sbuild: no directory $sbuild_debs"
	sbuild_debs=$(cd "$sbuild_debs" && pwd -P)
	ls "$sbuild_debs"/gcc-sealing-plugin_*.deb >/dev/null 2>&1 ||
		die "--sbuild: no gcc-sealing-plugin_*.deb in $sbuild_debs (dpkg-buildpackage -b in a copy of this tree)"
	command -v sbuild >/dev/null 2>&1 && command -v sbuild-createchroot >/dev/null 2>&1 ||
		die "--sbuild needs sbuild (apt-get install sbuild schroot)"
fi
if [ -n "$patched_dpkg" ]; then
	[ -n "$sbuild_debs" ] || die "--patched-dpkg goes with --sbuild"
	patched_dpkg=$(cd "$patched_dpkg" 2>/dev/null && pwd -P) || die "--patched-dpkg: no such directory"
	dpkg_deb=$(ls "$patched_dpkg"/dpkg-dev_*+sealing*_all.deb 2>/dev/null | head -n 1)
	[ -n "$dpkg_deb" ] || die "--patched-dpkg: no dpkg-dev_*+sealing*_all.deb in $patched_dpkg (debian/dpkg/build-dpkg.sh makes it)"
	dpkg_version=$(dpkg-deb -f "$dpkg_deb" Version)
fi
# Where the C library lives (Debian's multiarch directory): its sealing
# is checked in programs whose note asks for process scope.
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || cc -print-multiarch) ||
	die "cannot tell the multiarch directory (dpkg-architecture, cc -print-multiarch)"
command -v python3 >/dev/null 2>&1 || die "python3 is needed to read sealctl's JSON"
mkdir -p "$workdir"
workdir=$(cd "$workdir" && pwd -P)
sealing_rev=$(git -C "$repo" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	sealing_rev="$sealing_rev+dirty"
fi

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
# Others may be running apt on the same machine: wait for the lock.
apt_wait="-o DPkg::Lock::Timeout=1800"

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
	# The mirror the machine's own deb entries name, or SEALING_DEBIAN_MIRROR.
	mirror=$(. "$repo/scripts/lib-chroot.sh" && chroot_mirror) ||
		die "no Debian mirror in /etc/apt/sources*: set SEALING_DEBIAN_MIRROR"
	echo "debian-rebuild: adding a deb-src entry for $suite ($mirror)" >&2
	printf '%s\n' \
		'# Added by sealing scripts/debian-rebuild.sh: sources for apt-get source.' \
		'Types: deb-src' \
		"URIs: $mirror" \
		"Suites: $suite $suite-updates" \
		'Components: main' \
		'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
		>"$workdir/sealing-deb-src.sources"
	as_root cp "$workdir/sealing-deb-src.sources" /etc/apt/sources.list.d/sealing-deb-src.sources ||
		die "cannot add the deb-src entry"
	as_root apt-get update -qq || die "apt-get update failed"
}

# The helpers, without sealing (none of the flags under test): the
# kernel's view of a running program, read just before it exits (built
# with the tree), and a program that loads libraries.
wrapper=$repo/build/tests/helpers/sealed-at-exit
probe=$workdir/lib-probe
build_helpers() {
	[ -x "$wrapper" ] || die "no $wrapper: build first (cmake --build build)"
	cc -O2 -Wall -Wextra -Werror "$repo/tests/helpers/lib-probe.c" -o "$probe" ||
		die "cannot build $probe"
}

# Drops one word from a space-separated list.
without() {
	echo " $1 " | sed -e "s/ $2 / /g" -e 's/^ *//' -e 's/ *$//'
}

# The test runners' own summaries in a build log, added up:
#   "P/T passed[, S skipped][, F failed] (runner, ...)"
# or nothing when no runner printed a summary.  Expected failures count
# as passed, unexpected passes as failed, as the runners themselves do.
tests_run() {
	awk '
	function add(r, t, p, s, f) { T += t; P += p; S += s; F += f; if (!(r in seen)) { seen[r] = 1; R = R (R ? ", " : "") r } }
	# Automake parallel harness: one block per test directory.
	/^# TOTAL: +[0-9]+/ { at = $3; ap = ap0 = as = af = 0; inam = 1; next }
	inam && /^# (PASS|XFAIL): +[0-9]+/ { ap += $3; next }
	inam && /^# SKIP: +[0-9]+/ { as += $3; next }
	inam && /^# (FAIL|XPASS|ERROR): +[0-9]+/ { af += $3; if ($2 == "ERROR:") { add("automake", at, ap, as, af); inam = 0 } next }
	# jsoncpp: its own runner ("Testing Suite/name: OK" lines, then "All 119
	# tests passed"), run once as a build step and again under CTest.
	# CTest counts its own run as one test; the build step counts here.
	/^All [0-9]+ tests passed$/ && prev ~ /^Testing .*: OK$/ { add("jsoncpp_test", $2, $2, 0, 0); prev = $0; next }
	{ prev = $0 }
	# Automake serial harness.
	/^All [0-9]+ tests passed/ { add("automake", $2, $2, 0, 0); next }
	/^All [0-9]+ tests behaved as expected/ { add("automake", $2, $2, 0, 0); next }
	/^[0-9]+ of [0-9]+ tests failed/ { add("automake", $3, $3 - $1, 0, $1); next }
	# CTest.
	/^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+/ { ct = $NF; cf = $4; add("ctest", ct, ct - cf, 0, cf); next }
	/^[ \t]+[0-9]+ - .* \(Skipped\)$/ { P--; S++; next }
	# Meson.
	/^Ok: +[0-9]+ *$/ { mo = $2; mesonb = 1; next }
	mesonb && /^Expected Fail: +[0-9]+/ { mo += $3; next }
	mesonb && /^Fail: +[0-9]+/ { mf = $2; next }
	mesonb && /^Unexpected Pass: +[0-9]+/ { mf += $3; next }
	mesonb && /^Skipped: +[0-9]+/ { ms = $2; next }
	mesonb && /^Timeout: +[0-9]+/ { mf += $2; add("meson", mo + mf + ms, mo, ms, mf); mesonb = 0; next }
	# GNU Autotest (## Test results. ##).
	/^All [0-9]+ tests were successful/ { add("autotest", $2, $2, 0, 0); next }
	/^[0-9]+ tests? (were|was) successful/ { add("autotest", $1, $1, 0, 0); next }
	/^[0-9]+ tests? (were|was) skipped/ { add("autotest", $1, 0, $1, 0); next }
	/^ERROR: (All )?[0-9]+ tests? (were|was) run,/ { n = ($2 == "All") ? $3 : $2; getline; m = $1 + 0; xe = 0; if (match($0, /\([0-9]+ expected failure/)) xe = substr($0, RSTART + 1) + 0; add("autotest", n, n - m + xe, 0, m - xe); next }
	# DejaGnu.
	/^# of expected passes[ \t]+[0-9]+/ { add("dejagnu", $NF, $NF, 0, 0); next }
	/^# of expected failures[ \t]+[0-9]+/ { add("dejagnu", $NF, $NF, 0, 0); next }
	/^# of (unexpected failures|unexpected successes|unresolved testcases)[ \t]+[0-9]+/ { add("dejagnu", $NF, 0, 0, $NF); next }
	/^# of (unsupported tests|untested testcases)[ \t]+[0-9]+/ { add("dejagnu", $NF, 0, $NF, 0); next }
	# Perl Test::Harness (prove).
	/^All tests successful\./ { perlok = 1; next }
	/^Files=[0-9]+, Tests=[0-9]+,/ { n = $2; sub(/^Tests=/, "", n); n += 0; if (perlok) add("prove", n, n, 0, 0); perlok = 0; next }
	/^Failed [0-9]+\/[0-9]+ test programs/ { split($2, a, "/"); add("prove", a[2], a[2] - a[1], 0, a[1]); next }
	# Python unittest.
	/^Ran [0-9]+ tests? in / { pyn = $2; next }
	pyn && /^OK( \(skipped=[0-9]+\))?$/ { s = 0; if (match($0, /skipped=[0-9]+/)) s = substr($0, RSTART + 8) + 0; add("unittest", pyn, pyn - s, s, 0); pyn = 0; next }
	pyn && /^FAILED \(/ { f = 0; while (match($0, /(failures|errors)=[0-9]+/)) { v = substr($0, RSTART, RLENGTH); sub(/.*=/, "", v); f += v; $0 = substr($0, RSTART + RLENGTH) } add("unittest", pyn, pyn - f, 0, f); pyn = 0; next }
	# zlib: "*** zlib test OK ***", "*** zlib shared test FAILED ***".
	/^[ \t]*\*\*\* zlib .*test OK \*\*\*$/ { add("zlib make test", 1, 1, 0, 0); next }
	/^[ \t]*\*\*\* zlib .*test FAILED \*\*\*$/ { add("zlib make test", 1, 0, 0, 1); next }
	# double-conversion: its cctest ("Ran 84 tests."; a failure exits 1).
	/^Ran [0-9]+ tests\.$/ { add("cctest", $2, $2, 0, 0); next }
	# bzip2: "Doing 6 tests ...", then cmp stops make at the first difference.
	/^Doing [0-9]+ tests \(/ { bz = $2; next }
	/^If you got this far and the .cmp.s didn.t complain/ { add("bzip2 make test", bz, bz, 0, 0); next }
	# lz4: its fuzzers and frame tests (make stops at the first failure).
	/(All tests completed|all tests completed successfully|^All unit tests completed successfully) *$/ || /^All unit tests completed successfully/ { add("lz4 fuzzers", 1, 1, 0, 0); next }
	# wcslib: its "make check" closes with one line per test program, C and
	# Fortran ("PASS: Fortran/tlin"), and exits 1 if any says FAIL.
	/^Summary of results for non-graphical tests/ { wcs = 1; next }
	wcs && /^-+$/ { next }
	wcs && /^(PASS|FAIL): [A-Za-z]+\/[A-Za-z0-9_]+$/ { add("wcslib make check", 1, ($1 == "PASS:"), 0, ($1 == "FAIL:")); next }
	wcs { wcs = 0 }
	END {
		if (T > 0)
			printf "%d/%d passed%s%s (%s)\n", P, T, (S ? ", " S " skipped" : ""), (F ? ", " F " failed" : ""), R
	}' "$1"
}

# The last debhelper step the log shows ("dh_auto_test", an override of
# it, ...), or nothing for a debian/rules that does not use dh.
last_dh_step() {
	sed -n -e 's/^   \(debian\/rules \)\{0,1\}\(override_\)\{0,1\}\(dh_[a-z_]*\).*/\3/p' "$1" | tail -n 1
}

# Appends the result to WORKDIR/results.tsv and rewrites results.md from
# it (the latest row of each NAME).
record() {
	tsv=$workdir/results.tsv
	[ -s "$tsv" ] || printf 'date\tname\tsource\tversion\tcarrier\tlto\tsealing\tbuilt\town tests\tinstrumented ELF\truntime\tseconds\tverdict\tlog\n' >"$tsv"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$(date -u +%Y-%m-%dT%H:%MZ)" "$name" "$source" "$version" "$carrier${sbuild_debs:+, sbuild}${patched_dpkg:+, dpkg $dpkg_version}${DEB_BUILD_MAINT_OPTIONS:+, DEB_BUILD_MAINT_OPTIONS=$DEB_BUILD_MAINT_OPTIONS}${build_profiles:+ (profiles: $build_profiles)}" "${lto:+yes}" "$sealing_rev" \
		"$built" "$tests" "$elf" "$runtime" "$seconds" "$verdict" "${log#"$workdir"/}" >>"$tsv"
	awk -F '\t' '
	NR == 1 { next }
	{ if (!($2 in row)) order[n++] = $2; row[$2] = $0 }
	END {
		print "| package | version | carrier | LTO | built | own tests | instrumented ELF | runtime | time | verdict | sealing |"
		print "|---|---|---|---|---|---|---|---|---|---|---|"
		for (i = 0; i < n; i++) {
			split(row[order[i]], f, "\t")
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %ss | %s | %s |\n", f[3], f[4], f[5], (f[6] ? "yes" : "no"), f[8], f[9], f[10], f[11], f[12], f[13], f[7]
		}
	}' "$tsv" >"$workdir/results.md"
}

rebuild() {
	pkg=$1
	suffix=
	[ "$carrier" = gcc ] || suffix=-$carrier
	# A package's own opt-out or opt-up (in its rules or, here, from the
	# environment): what every note must then say, and its results'
	# name apart.
	want_policy=
	case " ${DEB_BUILD_MAINT_OPTIONS:-} " in
	*hardening=*-sealing* | *hardening=-all*) want_policy=0 suffix=$suffix-optout ;;
	*sealing=policy[0-2]*)
		want_policy=$(echo "$DEB_BUILD_MAINT_OPTIONS" | sed -n 's/.*sealing=policy\([0-2]\).*/\1/p')
		suffix=$suffix-policy$want_policy ;;
	esac
	local_src=
	if [ -d "$pkg/debian" ]; then
		local_src=$(cd "$pkg" && pwd -P)
		pkg=$(basename "$local_src")
	fi
	name=$pkg$suffix${lto:+-lto}${sbuild_debs:+-sbuild}${patched_dpkg:+-dpkg}
	dir=$workdir/$name
	log=$dir/build.log
	source=$pkg version=- built=- tests=- elf=- runtime=- verdict=fail
	profiles=$(without "${DEB_BUILD_PROFILES:-} $build_profiles" nocheck)
	start=$(date +%s)
	if [ -n "$recheck" ]; then
		recheck_package
	else
		rm -rf "$dir"
		mkdir -p "$dir/src" "$dir/root" "$dir/home"
		: >"$log"
	fi

	if [ -n "$recheck" ]; then
		:
	elif ! fetch_source >>"$log" 2>&1; then
		built="no (apt-get source failed: unbuildable or unknown source)"
	elif [ -n "$sbuild_debs" ]; then
		sbuild_package
	elif ! as_root apt-get build-dep -y -qq --arch-only --no-remove $apt_wait \
		${profiles:+-P "$(echo "$profiles" | tr ' ' ',')"} \
		"$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)" >>"$log" 2>&1; then
		built="no (apt-get build-dep failed: missing build dependencies)"
	else
		build_package
	fi

	# A package without tests is still audited and run, but not passed.
	if [ "$built" = yes ] && [ -n "$tests" ] && [ "${tests#FAILED}" = "$tests" ]; then
		if [ "$carrier" = none ]; then
			elf="not checked (baseline)" runtime="not checked (baseline)"
			verdict=baseline
		else
			check_elf || true
			check_runtime || true
			[ "$elf_ok$runtime_ok" = 11 ] && verdict=pass
		fi
		if [ "${tests#not run}" != "$tests" ]; then
			verdict=no-tests
		fi
	fi
	end=$(date +%s)
	seconds=$((end - start))
	finish
	printf '%s: built %s | own tests %s | instrumented ELF %s | runtime %s | %ss | log %s\n' \
		"$name" "$built" "$tests" "$elf" "$runtime" "$seconds" "$log"
	record
	[ "$verdict" = pass ] || [ "$verdict" = baseline ]
}

# The source into $dir/src: apt-get source, or a copy of a local tree.
# DEB_BUILD_MAINT_OPTIONS from the environment goes into its debian/rules
# as a maintainer opting out (or up) writes it: most rules set the
# variable themselves ("export DEB_BUILD_MAINT_OPTIONS = hardening=+all"),
# which would override the environment; the last assignment wins.
fetch_source() {
	if [ -n "$local_src" ]; then
		# Symbolic links are followed: a source package holds files.
		cp -RL "$local_src" "$dir/src/" || return 1
	else
		(cd "$dir/src" && apt-get source -qq "$pkg") || return 1
	fi
	[ -n "${DEB_BUILD_MAINT_OPTIONS:-}" ] || return 0
	rules=$(find "$dir/src" -mindepth 3 -maxdepth 3 -path '*/debian/rules' | head -n 1)
	[ -n "$rules" ] || return 1
	printf '\n# Added by sealing scripts/debian-rebuild.sh, as the maintainer would:\nexport DEB_BUILD_MAINT_OPTIONS += %s\n' \
		"$DEB_BUILD_MAINT_OPTIONS" >>"$rules"
	echo "debian-rebuild: appended to debian/rules: export DEB_BUILD_MAINT_OPTIONS += $DEB_BUILD_MAINT_OPTIONS"
}

# The sbuild chroot, made once: this machine's suite and architecture,
# from the mirror its own apt sources name.
sbuild_chroot() {
	# shellcheck disable=SC1091
	suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$suite" ] || die "--sbuild: no VERSION_CODENAME in /etc/os-release"
	chroot_name=sealing-$suite-$(dpkg --print-architecture)-sbuild
	schroot -l 2>/dev/null | grep -qx "chroot:$chroot_name" && return 0
	mirror=$(. "$repo/scripts/lib-chroot.sh" && chroot_mirror) ||
		die "no Debian mirror in /etc/apt/sources*: set SEALING_DEBIAN_MIRROR"
	echo "debian-rebuild: creating the sbuild chroot $chroot_name ($suite, $mirror)" >&2
	as_root sbuild-createchroot --chroot-prefix="sealing-$suite" --include=eatmydata \
		"$suite" "/srv/chroot/$chroot_name" "$mirror" >"$workdir/sbuild-createchroot.log" 2>&1 ||
		die "sbuild-createchroot failed (see $workdir/sbuild-createchroot.log)"
}

# A Perl single-quoted string holding $1.
perl_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed -e "s/\\\\/\\\\\\\\/g" -e "s/'/\\\\'/g")"
}

# --sbuild: the package built as a buildd builds it.  Sealing's .debs are
# extra packages of the build; the carrier's are added to the build
# dependencies (a package that wants dh_sealing says so itself:
# dh-sequence-sealing); the chroot's /etc/dpkg/buildflags.conf, written
# before the build dependencies are installed, turns sealing on for every
# compile, as docs/distro.md tells a distribution to.  The build's
# environment is sbuild's own, plus CC and CXX for clang; an opt-out or
# opt-up is in the package's rules (fetch_source).
sbuild_package() {
	src=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	source=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Source)
	version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
	dsc=$(ls "$dir"/src/*.dsc 2>/dev/null | head -n 1)
	# sbuild builds a source package: made anew from a local tree, or
	# from one whose rules fetch_source changed.
	if [ -z "$dsc" ] || [ -n "${DEB_BUILD_MAINT_OPTIONS:-}" ]; then
		(cd "$dir/src" && dpkg-source -b "$(basename "$src")") >>"$log" 2>&1 ||
			{ built="no (dpkg-source -b failed)"; return 0; }
		dsc=$(ls "$dir"/src/*.dsc | head -n 1)
	fi
	sbuild_chroot
	ltoflags=${lto:+ -flto=auto -ffat-lto-objects}
	specs_line='p=$(gcc -print-file-name=plugin); for v in $vars; do echo "APPEND $v -specs=$p/sealing.specs'"$ltoflags"'"; done'
	env_perl=
	# With the patched dpkg, dpkg-buildflags adds the specs itself.
	[ -z "$patched_dpkg" ] || specs_line=':'
	case $carrier in
	gcc)
		deps=gcc-sealing-plugin
		conf="vars='CFLAGS CXXFLAGS FFLAGS FCFLAGS LDFLAGS'; $specs_line"
		;;
	clang)
		deps="gcc-sealing-plugin, llvm-sealing-plugin, $clang"
		p=/usr/lib/$multiarch/sealing/sealing-llvm.so
		# -gdwarf-4: Debian 12's dwz cannot read clang 19's DWARF 5.
		conf="for v in CFLAGS CXXFLAGS; do echo \"APPEND \$v -fpass-plugin=$p -fplugin=$p -gdwarf-4$ltoflags\"; done; vars='FFLAGS FCFLAGS'; $specs_line${lto:+; echo 'APPEND LDFLAGS$ltoflags'}"
		env_perl="${env_perl}CC => '$clang', CXX => '$clangxx'"
		;;
	none)
		deps=
		conf="${lto:+for v in CFLAGS CXXFLAGS FFLAGS FCFLAGS LDFLAGS; do echo \"APPEND \$v$ltoflags\"; done}"
		conf=${conf:-:}
		;;
	esac
	setup="set -e; { $conf; } > /etc/dpkg/buildflags.conf; echo 'sealing: /etc/dpkg/buildflags.conf:'; cat /etc/dpkg/buildflags.conf"
	config=$dir/sbuild.conf
	{
		echo "# Written by sealing scripts/debian-rebuild.sh --sbuild."
		echo "\$build_environment = { $env_perl };"
		echo "\$external_commands = { 'chroot-setup-commands' => [ [ 'sh', '-c', $(perl_quote "$setup") ] ] };"
		echo "\$run_lintian = 0; \$run_piuparts = 0; \$run_autopkgtest = 0;"
		echo "1;"
	} >"$config"
	extra=
	for deb in "$sbuild_debs"/*.deb; do
		case $(basename "$deb") in *-dbgsym_*) continue ;; esac
		extra="$extra --extra-package=$deb"
	done
	if [ -n "$patched_dpkg" ]; then
		for deb in "$patched_dpkg"/dpkg_*.deb "$patched_dpkg"/dpkg-dev_*.deb "$patched_dpkg"/libdpkg-perl_*.deb; do
			extra="$extra --extra-package=$deb"
		done
		deps="${deps:+$deps, }dpkg-dev (= $dpkg_version), libdpkg-perl (= $dpkg_version)"
	fi
	opts=$(without "${DEB_BUILD_OPTIONS:-}" nocheck)
	{
		echo "debian-rebuild: sealing $sealing_rev, carrier $carrier${lto:+, LTO}, sbuild chroot $chroot_name${patched_dpkg:+, dpkg $dpkg_version from $patched_dpkg}"
		echo "debian-rebuild: extra packages from $sbuild_debs; added build dependencies: ${deps:-none}"
		echo "debian-rebuild: DEB_BUILD_OPTIONS='$opts' DEB_BUILD_PROFILES='$profiles' DEB_BUILD_MAINT_OPTIONS='${DEB_BUILD_MAINT_OPTIONS:-}'"
		echo "debian-rebuild: sbuild configuration ($config):"
		sed 's/^/  /' "$config"
	} >>"$log"
	build_start=$(date +%s.%N)
	# shellcheck disable=SC2086 # $extra: one option per .deb
	if (cd "$dir/src" && env SBUILD_CONFIG="$config" DEB_BUILD_OPTIONS="$opts" \
		sbuild --dist="$suite" --chroot="$chroot_name" --arch-any --no-arch-all \
		--no-source-only-changes --nolog --jobs="$jobs" \
		${profiles:+--profiles="$(echo "$profiles" | tr ' ' ',')"} \
		${deps:+--add-depends="$deps"} $extra "$dsc") >>"$log" 2>&1; then
		built=yes
	fi
	echo "debian-rebuild: sbuild ran $(awk -v a="$build_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s" >>"$log"
	judge_build_log
}

# dpkg-buildpackage with the carrier's flags appended through
# dpkg-buildflags, in a clean environment (as a build daemon has), tests on.
build_package() {
	src=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	source=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Source)
	version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
	ltoflags=${lto:+ -flto=auto -ffat-lto-objects}
	cc_env= cflags= fflags= ldflags=
	case $carrier in
	gcc)
		cflags="-specs=$specs$ltoflags" fflags=$cflags ldflags=$cflags
		;;
	clang)
		cc_env="CC=$clang CXX=$clangxx"
		# Debian 12's dwz cannot read clang 19's DWARF 5 (.debug_addr):
		# dh_dwz fails on every clang-built library without -gdwarf-4.
		cflags="-fpass-plugin=$plugin -fplugin=$plugin -gdwarf-4$ltoflags"
		# gfortran: the GCC carrier, without LTO (GCC's and LLVM's IR
		# cannot meet in one LTO link).
		fflags="-specs=$specs"
		ldflags=${ltoflags# }
		;;
	none)
		cflags=${ltoflags# } fflags=$cflags ldflags=$cflags
		;;
	esac
	# The package's tests must run: no nocheck, whatever the caller has.
	opts=$(without "${DEB_BUILD_OPTIONS:-}" nocheck)
	case " $opts " in *" parallel="*) ;; *) opts="${opts:+$opts }parallel=$jobs" ;; esac
	{
		echo "debian-rebuild: sealing $sealing_rev, carrier $carrier${lto:+, LTO}"
		echo "debian-rebuild: ${cc_env:+$cc_env }DEB_{C,CXX}FLAGS_APPEND='$cflags'"
		echo "debian-rebuild: DEB_{F,FC}FLAGS_APPEND='$fflags' DEB_LDFLAGS_APPEND='$ldflags'"
		echo "debian-rebuild: DEB_BUILD_OPTIONS='$opts' DEB_BUILD_PROFILES='$profiles'"
		echo "debian-rebuild: dpkg-buildflags says:"
		env DEB_CFLAGS_APPEND="$cflags" DEB_CXXFLAGS_APPEND="$cflags" \
			DEB_FFLAGS_APPEND="$fflags" DEB_FCFLAGS_APPEND="$fflags" \
			DEB_LDFLAGS_APPEND="$ldflags" dpkg-buildflags --export=sh | sed 's/^/  /'
	} >>"$log"
	# Its own time, apart from apt's, wall and CPU (the shell's children,
	# from the builtin times, which a command substitution would not
	# see): bench/steps/packages.sh compares sealed and unsealed builds
	# by them.
	build_start=$(date +%s.%N)
	times >"$dir/times.before"
	# shellcheck disable=SC2086
	if (cd "$src" && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$dir/home" \
		LANG=C.UTF-8 USER=root LOGNAME=root DEBIAN_FRONTEND=noninteractive \
		$cc_env \
		DEB_BUILD_OPTIONS="$opts" DEB_BUILD_PROFILES="$profiles" \
		${DEB_BUILD_MAINT_OPTIONS:+DEB_BUILD_MAINT_OPTIONS="$DEB_BUILD_MAINT_OPTIONS"} \
		DEB_CFLAGS_APPEND="$cflags" DEB_CXXFLAGS_APPEND="$cflags" \
		DEB_FFLAGS_APPEND="$fflags" DEB_FCFLAGS_APPEND="$fflags" \
		DEB_LDFLAGS_APPEND="$ldflags" \
		dpkg-buildpackage -B -uc -us) >>"$log" 2>&1; then
		built=yes
	fi
	times >"$dir/times.after"
	build_cpu=$(awk '
		function sec(t,  m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", t); sub(/s$/, "", t); return m * 60 + t }
		FNR == 2 { c[++n] = sec($1) + sec($2) }
		END { printf "%.2f", c[2] - c[1] }' "$dir/times.before" "$dir/times.after")
	rm -f "$dir/times.before" "$dir/times.after"
	echo "debian-rebuild: dpkg-buildpackage ran $(awk -v a="$build_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s, CPU $build_cpu s" >>"$log"
	judge_build_log
}

# built and tests, from the build's log.
judge_build_log() {
	tests=$(tests_run "$log")
	step=$(last_dh_step "$log")
	if [ "$built" = yes ]; then
		case $tests in
		"") tests="not run (no test-suite summary in the log)" ;;
		*" failed ("*) tests="FAILED (the package's rules ignore it): $tests" ;;
		esac
	elif case $tests in *" failed ("*) true ;; *) [ "$step" = dh_auto_test ] ;; esac then
		built="yes, but its test suite failed"
		tests="FAILED${tests:+: $tests}"
	else
		built="no (dpkg-buildpackage failed${step:+ in $step})"
		tests=-
	fi
}

# --recheck: the build's log and .debs from an earlier run with --keep.
recheck_package() {
	ls "$dir"/src/*.deb >/dev/null 2>&1 || die "$dir: no .debs kept (run with --keep first)"
	[ -e "$log.gz" ] && gunzip -f "$log.gz"
	[ -s "$log" ] || die "$dir: no build log"
	rm -rf "$dir/root" "$dir"/run-* "$dir"/load-* "$dir"/dlopen-* "$dir"/probe-*
	mkdir -p "$dir/root"
	src=$(find "$dir/src" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	source=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Source)
	version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
	built=yes
	tests=$(tests_run "$log")
	case $tests in
	"") tests="not run (no test-suite summary in the log)" ;;
	*" failed ("*) tests="FAILED (the package's rules ignore it): $tests" ;;
	esac
}

# Unpacks the built .debs (not debug symbols) and audits them with
# sealctl check: every ELF executable and shared library must carry the
# note with policy 1 or more.  32-bit objects (multilib packages) are
# counted apart: mseal(2) serves 64-bit processes only and the plugin
# leaves -m32 code alone (docs/distro.md); so are the files check calls
# not applicable (foreign architecture, own start-up).  What sealctl status says of
# each ELF file goes to $facts for check_runtime:
#   PATH <tab> CLASS (32, 64) <tab> TYPE (executable, pie-executable,
#   shared-object, relocatable...) <tab> SCOPE (process, module, none)
check_elf() {
	elf_ok=0
	facts=$dir/elf-facts.tsv
	for deb in "$dir"/src/*.deb; do
		[ -e "$deb" ] || continue
		case $(basename "$deb") in *-dbgsym_* | *-dbg_*) continue ;; esac
		dpkg-deb -x "$deb" "$dir/root" || { elf="(cannot unpack $deb)"; return 1; }
	done
	rm -rf "$dir/root/usr/lib/debug"
	# The package's own waivers (debian/PACKAGE.sealing-overrides, as
	# dh_sealing's gate reads them), their globs rooted at the unpacked tree.
	overrides=$dir/sealing-overrides
	: >"$overrides"
	for f in "$dir"/src/*/debian/*.sealing-overrides; do
		[ -e "$f" ] || continue
		sed -n "s|^[[:space:]]*/\{0,1\}\([^#[:space:]][^[:space:]]*\)[[:space:]]\{1,\}\([a-z-]*\).*|$dir/root/\1 \2|p" "$f" >>"$overrides"
	done
	python3 - "$dir/root" "$sealctl" "$carrier" "$facts" "$min_policy" "$want_policy" "$overrides" >"$dir/elf.txt" 2>"$dir/check.err" <<'EOF' || true
import json, os, subprocess, sys
root, sealctl, carrier, facts, min_policy, want_policy, overrides = sys.argv[1:8]
waive = ["--overrides", overrides] if os.path.getsize(overrides) else []
# The regular files only: a symlink in a .deb may be absolute and, unpacked
# elsewhere, point at the system's own copy.
paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs
               if not os.path.islink(os.path.join(d, f)))
results, status = [], {}
for i in range(0, len(paths), 200):
    out = subprocess.run([sealctl, "check", "--json", "--min-policy", min_policy] + waive + paths[i:i + 200],
                         capture_output=True, text=True).stdout
    results += json.loads(out)["results"]
files = [r["file"] for r in results]
for i in range(0, len(files), 200):
    out = subprocess.run([sealctl, "status", "--json"] + files[i:i + 200],
                         capture_output=True, text=True).stdout
    for o in json.loads(out or "[]"):
        status.setdefault(o.get("file"), o)
with open(facts, "w") as out:
    for f, o in sorted(status.items()):
        if o.get("member") is None and "class" in o:
            scopes = {n["options"]["scope"] for n in o.get("notes") or [] if "options" in n}
            scope = "process" if "process" in scopes else "module" if scopes else "none"
            policy = o.get("policy")
            out.write("%s\t%d\t%s\t%s\t%s\n" % (f, o["class"], o["type"], scope,
                                              "-" if policy is None else policy))
ok, short, n32, na, waived, policies, carriers = [], [], [], [], [], set(), {}
for r in results:
    f, s = r["file"], status.get(r["file"], {})
    rel = f[len(root):] if f.startswith(root) else f
    if s.get("class") == 32:
        n32.append(rel)
        print("32-bit  " + rel)
        continue
    if r["result"] == "not-applicable":
        na.append(rel)
        print("n/a     %s: %s" % (rel, r["reason"]))
        continue
    if r["result"] == "overridden":
        waived.append(rel)
        print("waived  %s: %s" % (rel, r["reason"]))
        continue
    if r["result"] == "pass":
        ok.append(rel)
        policies.add(r["policy"])
        for n in s.get("notes") or []:
            carriers[n.get("carrier_name")] = carriers.get(n.get("carrier_name"), 0) + 1
        print("pass    %s: %s" % (rel, r["reason"]))
    else:
        short.append(rel)
        print("SHORT   %s: %s" % (rel, r["reason"]))
total = len(ok) + len(short)
words = ", ".join("%s %d" % kv for kv in sorted(carriers.items()))
field = "%d/%d" % (len(ok), total)
detail = []
if words:
    detail.append(words)
if policies:
    detail.append("policy " + "/".join(str(p) for p in sorted(policies)))
if n32:
    detail.append("%d 32-bit left alone" % len(n32))
if na:
    detail.append("%d not applicable" % len(na))
if waived:
    detail.append("%d waived by the package's overrides" % len(waived))
field += " (" + "; ".join(detail) + ")" if detail else ""
good = total > 0 and not short
if carrier == "clang" and good and "llvm-pass" not in carriers:
    good = False
    field += " NO MODULE FROM THE CLANG CARRIER (was CC ignored?)"
if want_policy and good and policies != {int(want_policy)}:
    good = False
    field += " NOT POLICY %s AS DEB_BUILD_MAINT_OPTIONS ASKS" % want_policy
if short:
    field += " SHORT: " + ", ".join(short[:3]) + (" ..." if len(short) > 3 else "")
print("RESULT %d %s" % (good, field))
EOF
	res=$(sed -n 's/^RESULT //p' "$dir/elf.txt")
	[ -n "$res" ] || { elf="(sealctl check failed, see $dir/check.err)"; return 1; }
	elf=${res#? }
	[ "${res%% *}" = 1 ] && elf_ok=1
	[ "$elf_ok" = 1 ]
}

# The scope of ELF file $1's note, as sealctl said in check_elf.
scope_of() {
	awk -F '\t' -v f="$1" '$1 == f { print $4; exit }' "$facts"
}

# The policy of ELF file $1's note ("-" for none), as sealctl said.
policy_of() {
	awk -F '\t' -v f="$1" '$1 == f { print $5; exit }' "$facts"
}

# Whether the kernel's "N/M" for an object matches what its note asks:
# wholly sealed at policy 1 or more, wholly open at policy 0 ($2) or
# without a note ("-": check_elf failed it, unless the package waived it).
as_noted() {
	if [ "$2" = 0 ] || [ "$2" = - ]; then
		case $1 in 0/[1-9]*) true ;; *) false ;; esac
	else
		all_sealed "$1"
	fi
}

# The 64-bit ELF files of the tree whose sealctl type is one of $@.
elf_files() {
	awk -F '\t' -v types=" $* " '$2 == 64 && index(types, " " $3 " ") { print $1 }' "$facts"
}

# The "N/M" the wrapper printed in log $1 for the object at path $2 (a
# sed pattern without groups).
kernel_says() {
	sed -n "s|^sealed-at-exit: $2: \([0-9]*/[0-9]*\) mappings sealed\$|\1|p" "$1" | tail -n 1
}

# Whether "N/M" says that the object has mappings and all are sealed.
all_sealed() {
	case $1 in [1-9]*/*) [ "${1%/*}" = "${1#*/}" ] ;; *) false ;; esac
}

# Whether every object under the unpacked tree that the wrapper reported
# in log $1 is as its note asks (as_noted).
tree_sealed() {
	sed -n "s|^sealed-at-exit: \($dir/root/[^:]*\): \([0-9]*/[0-9]*\) mappings sealed\$|\1 \2|p" "$1" |
		while read -r object seen; do
			as_noted "$seen" "$(policy_of "$object")" || return 1
		done
}

# The C library and the program's interpreter, as the kernel names their
# mappings, for a dynamically linked program $1; nothing for a static one.
c_runtime_of() {
	interp=$(readelf -lW "$1" | sed -n 's/^.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -n "$interp" ] || return 0
	readlink -f "/usr/lib/$multiarch/libc.so.6"
	readlink -f "$interp"
}

# Adds $1 to the list of what is not sealed.
not_sealed() {
	unsealed="${unsealed:+$unsealed, }$1"
}

# A program: PROG --version under the wrapper (stdin /dev/null, 20 s at
# most).  All its own mappings must be sealed, and every object of the
# package it loaded; with process scope, the C library and the loader too.
check_program() {
	prog=$1
	run_log=$dir/run-$(basename "$prog").log
	SEALING_DEBUG=1 LD_LIBRARY_PATH=$libdirs \
		"$wrapper" -t 20 "$prog" --version </dev/null >"$run_log" 2>&1 || true
	seen=$(kernel_says "$run_log" "$prog")
	policy=$(policy_of "$prog")
	result=ok also=
	if ! as_noted "$seen" "$policy" || ! tree_sealed "$run_log"; then
		result=bad
	fi
	[ "$policy" = 0 ] && also=" (policy 0: open)"
	c_runtime=
	if [ "$(scope_of "$prog")" = process ] && [ "$policy" != 0 ]; then
		c_runtime=$(c_runtime_of "$prog")
	fi
	if [ -n "$c_runtime" ]; then
		for object in $c_runtime; do
			all_sealed "$(kernel_says "$run_log" "$object")" || result=bad
		done
		also=" +libc,ld.so"
	fi
	if grep -q "still running after" "$run_log"; then
		also="$also (killed at 20 s)"
	fi
	echo "program $result ${prog#"$dir/root"}: ${seen:-no report}$also ($run_log)" >>"$report"
	programs=$((programs + 1))
	if [ "$result" = ok ]; then
		programs_sealed=$((programs_sealed + 1))
	else
		not_sealed "$(basename "$prog")"
	fi
}

# A library (it has a SONAME): loaded at start-up by a plain program
# linked against it, and by dlopen; its own runtime must seal it whole
# both times.
check_library() {
	lib=$1 lib_name=$(basename "$1")
	linked_probe=$dir/probe-$lib_name
	startup_log=$dir/load-$lib_name.log dlopen_log=$dir/dlopen-$lib_name.log
	if LD_LIBRARY_PATH=$libdirs cc -o "$linked_probe" "$repo/tests/helpers/lib-probe.c" \
		-Wl,--no-as-needed -Wl,--allow-shlib-undefined "$lib" >"$startup_log" 2>&1; then
		SEALING_DEBUG=1 LD_LIBRARY_PATH=$libdirs \
			"$wrapper" -t 20 "$linked_probe" </dev/null >>"$startup_log" 2>&1 || true
		# Found through LD_LIBRARY_PATH: any directory, this name.
		at_startup=$(kernel_says "$startup_log" "[^:]*/$lib_name")
	else
		at_startup="cannot link a program against it"
	fi
	SEALING_DEBUG=1 LD_LIBRARY_PATH=$libdirs \
		"$wrapper" -t 20 "$probe" "$lib" </dev/null >"$dlopen_log" 2>&1 || true
	by_dlopen=$(kernel_says "$dlopen_log" "$lib")
	policy=$(policy_of "$lib")
	result=ok
	if ! as_noted "$at_startup" "$policy" || ! as_noted "$by_dlopen" "$policy"; then
		result=bad
	fi
	relro=$(readelf -lW "$lib" | awk '$1 == "GNU_RELRO" { print $6 }')
	echo "library $result ${lib#"$dir/root"}: start-up ${at_startup:-no report}, dlopen ${by_dlopen:-no report}; RELRO $((${relro:-0})) bytes ($startup_log, $dlopen_log)" >>"$report"
	libraries=$((libraries + 1))
	if [ "$result" = ok ]; then
		libraries_sealed=$((libraries_sealed + 1))
	else
		not_sealed "$lib_name"
	fi
}

# Any other shared object (a plugin, a module): loaded by dlopen alone,
# if it can be; one that needs its host's symbols is not counted.
check_plugin() {
	plugin=$1 plugin_name=$(basename "$1")
	dlopen_log=$dir/dlopen-$plugin_name.log
	if ! SEALING_DEBUG=1 LD_LIBRARY_PATH=$libdirs \
		"$wrapper" -t 20 "$probe" "$plugin" </dev/null >"$dlopen_log" 2>&1; then
		plugins_not_alone=$((plugins_not_alone + 1))
		echo "plugin n/a ${plugin#"$dir/root"}: does not load alone: $(grep '^lib-probe:' "$dlopen_log" | head -n 1) ($dlopen_log)" >>"$report"
		return 0
	fi
	by_dlopen=$(kernel_says "$dlopen_log" "$plugin")
	result=ok
	as_noted "$by_dlopen" "$(policy_of "$plugin")" || result=bad
	echo "plugin $result ${plugin#"$dir/root"}: dlopen ${by_dlopen:-no report} ($dlopen_log)" >>"$report"
	plugins=$((plugins + 1))
	if [ "$result" = ok ]; then
		plugins_sealed=$((plugins_sealed + 1))
	else
		not_sealed "$plugin_name"
	fi
}

# Runs the package's programs and loads its libraries from the unpacked
# tree, under sealed-at-exit, and asks the kernel what it sealed (see
# check_program, check_library and check_plugin).  What each ELF file
# is, sealctl said in check_elf.
check_runtime() {
	runtime_ok=0
	report=$dir/runtime.txt
	: >"$report"
	libdirs=$(find "$dir/root" \( -name '*.so' -o -name '*.so.*' \) -exec dirname {} \; | sort -u | tr '\n' ':')
	libdirs=${libdirs%:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	programs=0 programs_sealed=0 libraries=0 libraries_sealed=0
	plugins=0 plugins_sealed=0 plugins_not_alone=0 unsealed=
	elf_files executable pie-executable >"$dir/programs.txt"
	while IFS= read -r prog; do
		case ${prog%/*} in
		"$dir"/root/bin | "$dir"/root/sbin | "$dir"/root/usr/bin | "$dir"/root/usr/sbin | "$dir"/root/usr/games)
			if [ -x "$prog" ]; then check_program "$prog"; fi ;;
		esac
	done <"$dir/programs.txt"
	elf_files shared-object >"$dir/shared-objects.txt"
	while IFS= read -r so; do
		case ${so##*/} in
		*.so | *.so.*)
			if readelf -dW "$so" | grep -q '(SONAME)'; then
				check_library "$so"
			else
				check_plugin "$so"
			fi ;;
		esac
	done <"$dir/shared-objects.txt"
	runtime=
	[ "$programs" -gt 0 ] && runtime="programs $programs_sealed/$programs"
	[ "$libraries" -gt 0 ] && runtime="${runtime:+$runtime, }libraries $libraries_sealed/$libraries"
	[ "$plugins" -gt 0 ] && runtime="${runtime:+$runtime, }plugins $plugins_sealed/$plugins"
	[ -n "$runtime" ] || { runtime="nothing to run"; return 1; }
	if [ "$min_policy" = 0 ]; then
		runtime="$runtime as their notes ask"
	else
		runtime="$runtime sealed"
	fi
	[ "$plugins_not_alone" -gt 0 ] && runtime="$runtime ($plugins_not_alone plugins do not load alone)"
	[ -z "$unsealed" ] || { runtime="$runtime; NOT SEALED: $unsealed (see $report)"; return 1; }
	runtime_ok=1
}

# Keeps the logs and reports, small; drops the trees unless --keep.
finish() {
	if [ -z "$keep" ]; then
		rm -rf "$dir/src" "$dir/root" "$dir/home" "$dir"/probe-*
	fi
	[ -s "$dir/check.err" ] || rm -f "$dir/check.err"
	gzip -9f "$log"
	log=$log.gz
	for f in "$dir"/run-*.log "$dir"/load-*.log "$dir"/dlopen-*.log; do
		[ -e "$f" ] || continue
		gzip -9f "$f"
	done
	[ -e "$dir/runtime.txt" ] && sed -i 's/\.log)/.log.gz)/; s/\.log, /.log.gz, /' "$dir/runtime.txt"
	return 0
}

# Source packages from the archive need a deb-src entry; local trees not.
for pkg in "$@"; do
	[ -d "$pkg/debian" ] || { ensure_deb_src; break; }
done
build_helpers
status=0
for pkg in "$@"; do
	rebuild "$pkg" || status=1
done
exit $status
