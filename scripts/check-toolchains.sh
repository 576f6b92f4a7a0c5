#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds and tests sealing with the toolchains of newer Debian releases,
# each in its own debootstrap --variant=minbase chroot:
#   trixie  Debian 13: GCC 12, 13, 14; LLVM 17, 18, 19; binutils 2.44
#   sid     Debian unstable: GCC 15, 16; LLVM 21, 22; binutils and glibc
#           as they are today
# Inside each chroot: one configure per GCC (-DCMAKE_C_COMPILER=gcc-N, its
# plugin, the runtime and loader suites), one per LLVM (-DLLVM_DIR, the
# pass and dispatcher suites), sealctl against the release's BFD; then one
# table of toolchain x suite -> pass / FAIL / unsupported (why).
#
# usage: sh scripts/check-toolchains.sh [--ci] [trixie] [sid]
#   (no release: both; --ci: trixie only, what scripts/check.sh runs)
#
# Chroots are cached in build-toolchains/chroots/NAME and reused; a stamp
# file holds the package list, so a changed list installs again.  The
# chroot sees a clean 'git archive' of HEAD, never the host's build
# directories: commit what you want tested.  Needs root (debootstrap,
# chroot, mount) and the Debian mirror (SEALING_DEBIAN_MIRROR overrides
# the first Debian archive in this machine's apt sources).  SEALING_CHROOT_SEED=DIR copies DIR/NAME
# instead of running debootstrap when the cache is empty.
# SEALING_TOOLCHAINS_DIR moves build-toolchains.
set -eu

usage() {
	sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"
	exit "${1:-0}"
}

# --- inside the chroot ----------------------------------------------------
# /sealing/src: the sources; /sealing/build/ROW: one build per row;
# /sealing/results/cells: "row<TAB>suite<TAB>result<TAB>detail" lines.

# run_suite ROW SUITE BUILDDIR: runs one suite through ctest, records its cell.
run_suite() {
	row=$1 suite=$2 b=$3
	name=$(echo "$suite" | tr / _)
	xml=/sealing/results/$row.$name.xml
	log=/sealing/results/$row.$name.log
	rm -f "$xml"
	rc=0
	LIT_OPTS="--xunit-xml-output=$xml" \
		ctest --test-dir "$b" --output-on-failure -R "^$suite\$" >"$log" 2>&1 || rc=$?
	python3 - "$row" "$suite" "$xml" "$rc" "$b/configure.log" "$log" <<'EOF' >>/sealing/results/cells
import os, re, sys
import xml.etree.ElementTree as ET
row, suite, xml, rc, conf, log = sys.argv[1:]
comp = suite.split('/')[0]
def skipped_reason():
    # configure's summary: "  NAME: SKIPPED: why"
    try:
        for line in open(conf, errors='replace'):
            m = re.search(r'^-- +%s: SKIPPED: (.*)$' % re.escape(comp), line)
            if m:
                return m.group(1)
    except OSError:
        pass
    return 'suite not registered'
if not os.path.exists(xml):
    if rc == '0':
        print('%s\t%s\tunsupported\t%s' % (row, suite, skipped_reason()))
    else:
        print('%s\t%s\tFAIL\tno lit results (see %s)' % (row, suite, log))
    sys.exit(0)
passed = failed = unsup = 0
reasons, failures = [], []
for tc in ET.parse(xml).getroot().iter('testcase'):
    f = tc.find('failure')
    if f is None:
        f = tc.find('error')
    s = tc.find('skipped')
    if f is not None:
        failed += 1
        failures.append(tc.get('name'))
    elif s is not None:
        unsup += 1
        why = s.get('message') or 'unsupported'
        why = why.replace('Missing required feature(s): ', '')
        if why == 'Unsupported configuration':
            # A whole suite off (lit.local.cfg) or an UNSUPPORTED: line.
            r = skipped_reason()
            why = r if r != 'suite not registered' else 'unsupported configuration'
        for w in why.split(', '):
            if w not in reasons:
                reasons.append(w)
    else:
        passed += 1
if failed or rc != '0':
    detail = ', '.join(failures[:6]) + (' ...' if len(failures) > 6 else '')
    print('%s\t%s\tFAIL\t%d failed: %s' % (row, suite, failed, detail or 'see ' + log))
elif passed:
    d = '%d passed' % passed
    if unsup:
        d += ', %d unsupported: %s' % (unsup, ', '.join(reasons))
    print('%s\t%s\tpass\t%s' % (row, suite, d))
else:
    print('%s\t%s\tunsupported\t%s' % (row, suite, ', '.join(reasons) or 'no tests'))
EOF
}

# row NAME "SUITE..." CMAKE-ARGS...: configure, build, run each suite.
row() {
	r=$1 suites=$2
	shift 2
	b=/sealing/build/$r
	mkdir -p "$b"
	echo "=== $r: configure, build, test ($suites)"
	if ! nice cmake -S /sealing/src -B "$b" -DCMAKE_BUILD_TYPE=Release \
			-DSEALING_WERROR=ON "$@" >"$b/configure.log" 2>&1; then
		for s in $suites; do
			printf '%s\t%s\tFAIL\tconfigure failed (see %s)\n' \
				"${s%%=*}" "${s#*=}" "$b/configure.log" >>/sealing/results/cells
		done
		tail -n 30 "$b/configure.log"
		return 0
	fi
	if ! nice cmake --build "$b" -j"$(nproc)" >"$b/build.log" 2>&1; then
		for s in $suites; do
			printf '%s\t%s\tFAIL\tbuild failed (see %s)\n' \
				"${s%%=*}" "${s#*=}" "$b/build.log" >>/sealing/results/cells
		done
		grep -E 'error|Error' "$b/build.log" | head -n 30
		return 0
	fi
	# Each suite is ROW=SUITE: the table row it belongs to.
	for s in $suites; do
		run_suite "${s%%=*}" "${s#*=}" "$b"
	done
}

inside() {
	rm -rf /sealing/build /sealing/results
	mkdir -p /sealing/build /sealing/results
	: >/sealing/results/cells
	{
		echo "glibc $(ldd --version | sed -n '1s/.* //p')"
		echo "binutils $(ld --version | sed -n '1s/.* //p')"
		echo "cmake $(cmake --version | sed -n '1s/.* //p')"
	} >/sealing/results/versions
	default_gcc=$(gcc -dumpversion | cut -d. -f1)
	for cc in /usr/bin/gcc-[0-9]*; do
		n=${cc##*/gcc-}
		case $n in '' | *[!0-9]*) continue ;; esac
		suites="gcc-$n=runtime gcc-$n=loader gcc-$n=gcc-plugin"
		sealctl=-DSEALING_WITH_SEALCTL=OFF
		if [ "$n" = "$default_gcc" ]; then
			# sealctl once, with the release's default compiler.
			suites="$suites sealctl=sealctl"
			sealctl=-DSEALING_WITH_SEALCTL=ON
		fi
		row "gcc-$n" "$suites" -DCMAKE_C_COMPILER="gcc-$n" \
			-DCMAKE_CXX_COMPILER="g++-$n" -DSEALING_WITH_LLVM_PASS=OFF "$sealctl"
	done
	for d in /usr/lib/llvm-[0-9]*; do
		n=${d##*/llvm-}
		[ -e "$d/lib/cmake/llvm/LLVMConfig.cmake" ] || continue
		row "llvm-$n" "llvm-$n=llvm-pass llvm-$n=llvm-pass/dispatch" \
			-DLLVM_DIR="$d/lib/cmake/llvm" \
			-DSEALING_WITH_GCC_PLUGIN=OFF -DSEALING_WITH_SEALCTL=OFF
	done
}

# --- on the host ------------------------------------------------------------

mounted=""
cleanup() {
	for m in $mounted; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
	done
	mounted=""
}

# Packages each release gets; OPTIONAL ones only where the release has them.
packages() {
	common="build-essential cmake python3 file gawk make util-linux strace \
		binutils-dev libiberty-dev libzstd-dev zlib1g-dev libcap2-bin \
		clang lld"
	case $1 in
	trixie)
		echo "$common"
		for v in 12 13 14; do echo "gcc-$v g++-$v gcc-$v-plugin-dev"; done
		for v in 17 18 19; do echo "clang-$v llvm-$v-dev llvm-$v-tools lld-$v"; done
		;;
	sid)
		# binutils-dev no longer pulls libsframe-dev there, and the static
		# libbfd.a that sealctl links needs libsframe.a.
		echo "$common libsframe-dev"
		for v in 15 16; do echo "gcc-$v g++-$v gcc-$v-plugin-dev"; done
		for v in 21 22; do echo "clang-$v llvm-$v-dev llvm-$v-tools lld-$v"; done
		;;
	esac
}
optional_packages() {
	# gold: its own package since Debian 13, and may leave unstable.
	echo binutils-gold
}

# shellcheck disable=SC2086 # word lists: $apt_get, the packages
prepare_chroot() {
	rel=$1 root=$2
	chroot_bootstrap "$rel" "$root"
	want=$(packages "$rel" | tr -s ' \t' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
	if [ "$(cat "$root/.sealing-packages" 2>/dev/null)" != "$want" ]; then
		echo "=== $rel: apt-get install (package list changed or new chroot)"
		in_chroot "$root" $apt_get update
		extra=""
		for p in $(optional_packages); do
			if in_chroot "$root" apt-cache show "$p" >/dev/null 2>&1; then
				extra="$extra $p"
			fi
		done
		in_chroot "$root" $apt_get install -y --no-install-recommends $want $extra >/dev/null
		in_chroot "$root" apt-get clean
		echo "$want" >"$root/.sealing-packages"
	fi
}

run_release() {
	rel=$1
	root=$top/chroots/$rel
	start=$(date +%s)
	prepare_chroot "$rel" "$root"
	rm -rf "$root/sealing/src"
	mkdir -p "$root/sealing/src"
	git archive --format=tar HEAD | tar -x -C "$root/sealing/src"
	mount -t proc proc "$root/proc"
	mounted="$root/proc $mounted"
	in_chroot "$root" sh /sealing/src/scripts/check-toolchains.sh --inside || true
	cleanup
	mkdir -p "$top/results"
	rm -rf "${top:?}/results/$rel"
	cp -a "$root/sealing/results" "$top/results/$rel"
	echo "=== $rel: $(($(date +%s) - start)) s"
}

main() {
	releases=""
	for a in "$@"; do
		case $a in
		--inside)
			inside
			return 0
			;;
		--ci) releases="trixie" ;;
		trixie | sid) releases="$releases $a" ;;
		-h | --help) usage 0 ;;
		*) usage 2 >&2 ;;
		esac
	done
	[ -n "$releases" ] || releases="trixie sid"

	if [ "$(id -u)" -ne 0 ]; then
		exec sudo sh "$0" "$@"
	fi
	cd "$(dirname "$0")/.."
	. scripts/lib-chroot.sh
	command -v debootstrap >/dev/null || {
		echo "check-toolchains: debootstrap missing (sh scripts/setup-debian.sh)" >&2
		exit 1
	}
	top=${SEALING_TOOLCHAINS_DIR:-$PWD/build-toolchains}
	trap cleanup EXIT
	trap 'cleanup; exit 130' INT TERM
	for rel in $releases; do
		run_release "$rel"
	done

	status=0
	echo
	printf '%-8s %-10s %-20s %-12s %s\n' release toolchain suite result detail
	for rel in $releases; do
		res=$top/results/$rel
		printf '%-8s %s\n' "$rel" "$(tr '\n' ';' <"$res/versions" | sed 's/;$//;s/;/, /g')"
		if [ ! -s "$res/cells" ]; then
			printf '%-8s %-10s %-20s %-12s %s\n' "$rel" - - FAIL "no results"
			status=1
			continue
		fi
		while IFS='	' read -r r s result detail; do
			printf '%-8s %-10s %-20s %-12s %s\n' "$rel" "$r" "$s" "$result" "$detail"
			[ "$result" != FAIL ] || status=1
		done <"$res/cells"
	done
	return $status
}

main "$@"
