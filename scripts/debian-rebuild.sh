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

is_elf() {
	[ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ]
}

# Appends the result to WORKDIR/results.tsv and rewrites results.md from
# it (the latest row of each NAME).
record() {
	tsv=$workdir/results.tsv
	[ -s "$tsv" ] || printf 'date\tname\tsource\tversion\tcarrier\tlto\tsealing\tbuilt\town tests\tinstrumented ELF\truntime\tseconds\tverdict\tlog\n' >"$tsv"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$(date -u +%Y-%m-%dT%H:%MZ)" "$name" "$source" "$version" "$carrier${build_profiles:+ (profiles: $build_profiles)}" "${lto:+yes}" "$sealing_rev" \
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
	name=$pkg$suffix${lto:+-lto}
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
	elif ! (cd "$dir/src" && apt-get source -qq "$pkg") >>"$log" 2>&1; then
		built="no (apt-get source failed: unbuildable or unknown source)"
	elif ! as_root apt-get build-dep -y -qq --arch-only --no-remove $apt_wait \
		${profiles:+-P "$(echo "$profiles" | tr ' ' ',')"} "$pkg" >>"$log" 2>&1; then
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
	# shellcheck disable=SC2086
	if (cd "$src" && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$dir/home" \
		LANG=C.UTF-8 USER=root LOGNAME=root DEBIAN_FRONTEND=noninteractive \
		$cc_env \
		DEB_BUILD_OPTIONS="$opts" DEB_BUILD_PROFILES="$profiles" \
		DEB_CFLAGS_APPEND="$cflags" DEB_CXXFLAGS_APPEND="$cflags" \
		DEB_FFLAGS_APPEND="$fflags" DEB_FCFLAGS_APPEND="$fflags" \
		DEB_LDFLAGS_APPEND="$ldflags" \
		dpkg-buildpackage -B -uc -us) >>"$log" 2>&1; then
		built=yes
	fi
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
# leaves -m32 code alone (docs/distro.md).
check_elf() {
	elf_ok=0
	for deb in "$dir"/src/*.deb; do
		[ -e "$deb" ] || continue
		case $(basename "$deb") in *-dbgsym_* | *-dbg_*) continue ;; esac
		dpkg-deb -x "$deb" "$dir/root" || { elf="(cannot unpack $deb)"; return 1; }
	done
	rm -rf "$dir/root/usr/lib/debug"
	python3 - "$dir/root" "$sealctl" "$carrier" >"$dir/elf.txt" 2>"$dir/check.err" <<'EOF' || true
import json, os, subprocess, sys
root, sealctl, carrier = sys.argv[1:4]
# The regular files only: a symlink in a .deb may be absolute and, unpacked
# elsewhere, point at the system's own copy.
paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs
               if not os.path.islink(os.path.join(d, f)))
results, status = [], {}
for i in range(0, len(paths), 200):
    out = subprocess.run([sealctl, "check", "--json"] + paths[i:i + 200],
                         capture_output=True, text=True).stdout
    results += json.loads(out)["results"]
files = [r["file"] for r in results]
for i in range(0, len(files), 200):
    out = subprocess.run([sealctl, "status", "--json"] + files[i:i + 200],
                         capture_output=True, text=True).stdout
    for o in json.loads(out or "[]"):
        status.setdefault(o.get("file"), o)
ok, short, n32, policies, carriers, scopes = [], [], [], set(), {}, set()
for r in results:
    f, s = r["file"], status.get(r["file"], {})
    rel = f[len(root):] if f.startswith(root) else f
    if s.get("class") == 32:
        n32.append(rel)
        print("32-bit  " + rel)
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
field += " (" + "; ".join(detail) + ")" if detail else ""
good = total > 0 and not short
if carrier == "clang" and good and "llvm-pass" not in carriers:
    good = False
    field += " NO MODULE FROM THE CLANG CARRIER (was CC ignored?)"
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

# Whether the module at $1 has a note with process scope (flag 0x4).
process_scope() {
	"$sealctl" status --json "$1" 2>/dev/null |
		python3 -c 'import json,sys; o=json.load(sys.stdin); sys.exit(0 if any(n.get("flags",0)&4 for x in o for n in (x.get("notes") or [])) else 1)'
}

# The "N/M" the wrapper printed for object $2 in log $1, or nothing.
kernel_says() {
	sed -n "s|^sealed-at-exit: $2: \([0-9]*/[0-9]*\) mappings sealed\$|\1|p" "$1" | tail -n 1
}

# Whether every object under the unpacked tree that the wrapper reported
# in log $1 is wholly sealed.
tree_sealed() {
	! sed -n "s|^sealed-at-exit: \($dir/root/[^:]*\): \([0-9]*\)/\([0-9]*\) mappings sealed\$|\2 \3|p" "$1" |
		awk '$1 != $2 || $2 == 0 { bad = 1 } END { exit !bad }'
}

# Runs the package's programs and loads its libraries from the unpacked
# tree, under sealed-at-exit, and asks the kernel what it sealed:
# - each program (PROG --version, stdin /dev/null, 20 s at most): all its
#   own mappings, every object of the package it loaded, and, since its
#   note asks for process scope, libc and ld.so;
# - each shared library with a SONAME: all its mappings, once loaded at
#   start-up by a plain (unsealed) program linked against it and once
#   loaded by dlopen, so that its own runtime did the sealing;
# - each other shared object (plugin): loaded by dlopen alone, if it can
#   be (one that needs its host's symbols cannot, and is not counted).
check_runtime() {
	runtime_ok=0
	rt=$dir/runtime.txt
	: >"$rt"
	libs=$(find "$dir/root" \( -name '*.so' -o -name '*.so.*' \) -exec dirname {} \; | sort -u | tr '\n' ':')
	libs=${libs%:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	np=0 gp=0 nl=0 gl=0 nm=0 gm=0 nn=0 bad=
	# Programs.
	for p in "$dir"/root/bin/* "$dir"/root/sbin/* "$dir"/root/usr/bin/* \
		"$dir"/root/usr/sbin/* "$dir"/root/usr/games/*; do
		if [ ! -f "$p" ] || [ -L "$p" ] || [ ! -x "$p" ] || ! is_elf "$p"; then
			continue
		fi
		grep -q "^32-bit  ${p#"$dir/root"}\$" "$dir/elf.txt" && continue
		np=$((np + 1))
		out=$dir/run-$(basename "$p").log
		SEALING_DEBUG=1 LD_LIBRARY_PATH=$libs \
			"$wrapper" -t 20 "$p" --version </dev/null >"$out" 2>&1 || true
		k=$(kernel_says "$out" "$p")
		verdict_p=ok extra=
		case $k in "" | 0/* | */0) verdict_p=bad ;; *) [ "${k%/*}" = "${k#*/}" ] || verdict_p=bad ;; esac
		tree_sealed "$out" || verdict_p=bad
		if readelf -lW "$p" | grep -q 'program interpreter' && process_scope "$p"; then
			for o in /usr/lib/x86_64-linux-gnu/libc.so.6 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2; do
				ko=$(kernel_says "$out" "$o")
				[ -n "$ko" ] && [ "${ko%/*}" = "${ko#*/}" ] || verdict_p=bad
			done
			extra=" +libc,ld.so"
		fi
		grep -q "still running after" "$out" && extra="$extra (killed at 20 s)"
		echo "program $verdict_p ${p#"$dir/root"}: ${k:-no report}$extra ($out)" >>"$rt"
		if [ "$verdict_p" = ok ]; then gp=$((gp + 1)); else bad="${bad:+$bad, }$(basename "$p")"; fi
	done
	# Shared objects: ELF DYN without an interpreter.
	find "$dir/root" -type f \( -name '*.so' -o -name '*.so.*' \) | sort >"$dir/sos.txt"
	while IFS= read -r so; do
		is_elf "$so" || continue
		grep -q "^32-bit  ${so#"$dir/root"}\$" "$dir/elf.txt" && continue
		readelf -lW "$so" 2>/dev/null | grep -q 'program interpreter' && continue
		[ "$(readelf -hW "$so" | awk '/^ *Type:/{print $2}')" = DYN ] || continue
		base=$(basename "$so")
		if readelf -dW "$so" | grep -q '(SONAME)'; then
			nl=$((nl + 1))
			exe=$dir/probe-$base
			o1=$dir/load-$base.log o2=$dir/dlopen-$base.log
			if ! LD_LIBRARY_PATH=$libs cc -o "$exe" "$repo/tests/helpers/lib-probe.c" \
				-Wl,--no-as-needed -Wl,--allow-shlib-undefined "$so" >"$o1" 2>&1; then
				k1="cannot link a program against it"
			else
				SEALING_DEBUG=1 LD_LIBRARY_PATH=$libs "$wrapper" -t 20 "$exe" </dev/null >>"$o1" 2>&1 || true
				k1=$(sed -n "s|^sealed-at-exit: \(.*/\)\{0,1\}$base: \([0-9]*/[0-9]*\) mappings sealed\$|\2|p" "$o1" | tail -n 1)
			fi
			SEALING_DEBUG=1 LD_LIBRARY_PATH=$libs "$wrapper" -t 20 "$probe" "$so" </dev/null >"$o2" 2>&1 || true
			k2=$(kernel_says "$o2" "$so")
			v=ok
			for k in "$k1" "$k2"; do
				case $k in [1-9]*/*) [ "${k%/*}" = "${k#*/}" ] || v=bad ;; *) v=bad ;; esac
			done
			relro=$(readelf -lW "$so" | awk '$1 == "GNU_RELRO" { print $6 }')
			relro=$((${relro:-0}))
			echo "library $v ${so#"$dir/root"}: start-up ${k1:-no report}, dlopen ${k2:-no report}; RELRO $relro bytes ($o1, $o2)" >>"$rt"
			if [ "$v" = ok ]; then gl=$((gl + 1)); else bad="${bad:+$bad, }$base"; fi
		else
			o2=$dir/dlopen-$base.log
			if SEALING_DEBUG=1 LD_LIBRARY_PATH=$libs "$wrapper" -t 20 "$probe" "$so" </dev/null >"$o2" 2>&1; then
				nm=$((nm + 1))
				k2=$(kernel_says "$o2" "$so")
				v=ok
				case $k2 in [1-9]*/*) [ "${k2%/*}" = "${k2#*/}" ] || v=bad ;; *) v=bad ;; esac
				echo "plugin $v ${so#"$dir/root"}: dlopen ${k2:-no report} ($o2)" >>"$rt"
				if [ "$v" = ok ]; then gm=$((gm + 1)); else bad="${bad:+$bad, }$base"; fi
			else
				nn=$((nn + 1))
				echo "plugin n/a ${so#"$dir/root"}: does not load alone: $(grep '^lib-probe:' "$o2" | head -n 1) ($o2)" >>"$rt"
			fi
		fi
	done <"$dir/sos.txt"
	runtime=
	[ "$np" -gt 0 ] && runtime="programs $gp/$np"
	[ "$nl" -gt 0 ] && runtime="${runtime:+$runtime, }libraries $gl/$nl"
	[ "$nm" -gt 0 ] && runtime="${runtime:+$runtime, }plugins $gm/$nm"
	[ -n "$runtime" ] || { runtime="nothing to run"; return 1; }
	runtime="$runtime sealed"
	[ "$nn" -gt 0 ] && runtime="$runtime ($nn plugins do not load alone)"
	[ -z "$bad" ] || { runtime="$runtime; NOT SEALED: $bad (see $rt)"; return 1; }
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

ensure_deb_src
build_helpers
status=0
for pkg in "$@"; do
	rebuild "$pkg" || status=1
done
exit $status
