#!/bin/sh
# SPDX-License-Identifier: MIT
# sealing's own Debian packages: build, lint, install, use.
#   scripts/check-debian-package.sh [WORKDIR]     (default build-deb; root, or sudo)
# 1. copies the source tree (git's files) to WORKDIR/sealing and runs
#    dpkg-buildpackage -b -uc -us there (SEALING_DEB_NOCLEAN=1: -nc, for
#    an incremental rebuild of the same WORKDIR);
# 2. lintian on the result: errors and warnings fail (overrides in
#    debian/*.lintian-overrides, each with its reason);
# 3. apt-get install ./*.deb, then as a user would:
#    - every gcc-N the package has a plugin for: gcc-N -fplugin=sealing and
#      -specs=$(gcc-N -print-file-name=plugin)/sealing.specs seal a program;
#    - every clang-N it has a pass for: -fpass-plugin/-fplugin with the
#      dispatcher's documented path, and --config sealing.cfg;
#    - sealctl status on such a program; man sealctl;
#    - pkg-config sealing and find_package(Sealing) (tests/Inputs/cmake-consumer);
# 4. distribution-wide sealing: APPEND lines for CFLAGS, CXXFLAGS, FFLAGS,
#    FCFLAGS and LDFLAGS in a buildflags.conf (the per-user one, under a
#    throw-away XDG_CONFIG_HOME, not /etc/dpkg/buildflags.conf), then
#    dpkg-buildpackage of tests/Inputs/debian-hello, a package that knows
#    nothing of sealing: its installed program must run sealed.
# The packages stay installed (CI machines are thrown away).
set -eu
cd "$(dirname "$0")/.."
src=$PWD
w=${1:-build-deb}
case $w in /*) ;; *) w=$src/$w ;; esac
start=$(date +%s)
fail=0
bad() { echo "FAIL: $*"; fail=1; }
step() { echo "=== $* ($(( $(date +%s) - start ))s)"; }
if [ "$(id -u)" -ne 0 ]; then   # apt-get install, as setup-debian.sh
	exec sudo sh "$0" "$@"
fi
export LC_ALL=C.UTF-8

step "1. dpkg-buildpackage in $w/sealing"
mkdir -p "$w/sealing"
rm -f "$w"/*.deb "$w"/*.changes "$w"/*.buildinfo
git ls-files -z --cached --others --exclude-standard |
	tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$w/sealing"
nc=""
[ "${SEALING_DEB_NOCLEAN:-0}" = 1 ] && nc=-nc
(cd "$w/sealing" && nice dpkg-buildpackage -b -uc -us -j"$(nproc)" $nc) >"$w/build.log" 2>&1 ||
	{ tail -n 60 "$w/build.log"; echo "FAIL: dpkg-buildpackage, log $w/build.log"; exit 1; }
ls "$w"/*.deb
build_s=$(( $(date +%s) - start ))

step "2. lintian"
if lintian --fail-on error,warning --info --display-info "$w"/sealing_*.changes >"$w/lintian.log" 2>&1; then
	echo "lintian: clean ($(grep -c '' "$w/lintian.log") lines of info/overrides, $w/lintian.log)"
else
	cat "$w/lintian.log"
	bad "lintian"
fi

step "3. apt-get install"
debs=$(ls "$w"/*.deb)
apt-get install -y -qq --reinstall $(for d in $debs; do echo "$d"; done) >"$w/install.log" 2>&1 ||
	{ cat "$w/install.log"; echo "FAIL: apt-get install"; exit 1; }
dpkg -l gcc-sealing-plugin llvm-sealing-plugin libsealing-dev sealing-loader sealctl | grep '^ii'

t=$w/use
rm -rf "$t"
mkdir -p "$t"
prog=$src/tests/Inputs/cmake-consumer/main.c
run_sealed() { # NAME: all of the program's own mappings sealed
	if out=$("$t/$1"); then echo "$out"; else bad "$1 not sealed: $out"; fi
}
build_run() { # NAME COMPILER ARGS...: build $t/NAME, then run_sealed it
	name=$1
	shift
	if "$@" -o "$t/$name"; then run_sealed "$name"; else bad "$name: $* failed"; fi
}
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
lp=/usr/lib/$multiarch/sealing/sealing-llvm.so

gccs=$(dpkg -L gcc-sealing-plugin | sed -n 's,^/usr/lib/gcc/[^/]*/\([0-9]*\)/plugin/sealing.so$,\1,p')
[ -n "$gccs" ] || bad "gcc-sealing-plugin has no plugin"
for n in $gccs; do
	build_run gcc-$n gcc-$n -O2 -fplugin=sealing "$prog"
	s=$(gcc-$n -print-file-name=plugin)/sealing.specs
	build_run gcc-$n-specs gcc-$n -O2 -specs="$s" "$prog" -specs="$s"
done
build_run gcc gcc -O2 -fplugin=sealing "$prog"

llvms=$(dpkg -L llvm-sealing-plugin | sed -n 's,^/usr/lib/[^/]*/sealing/llvm-\([0-9]*\)$,\1,p')
[ -n "$llvms" ] || bad "llvm-sealing-plugin has no pass"
# "--config FILE": clang 14 and 15 know no "--config=FILE".
for n in $llvms; do
	build_run clang-$n clang-$n -O2 -fpass-plugin=$lp -fplugin=$lp "$prog"
	build_run clang-$n-cfg clang-$n --config /usr/lib/$multiarch/sealing/sealing.cfg -O2 "$prog"
done

sealctl status "$t/gcc" | tee "$t/status.txt"
grep -qi "policy 1" "$t/status.txt" || bad "sealctl status"
man -w sealctl && man sealctl 2>/dev/null | grep -q "sealctl" || bad "man sealctl"

for v in rt_object gcc_plugin gcc_specs llvm_plugin llvm_config loader; do
	p=$(pkg-config --variable=$v sealing)
	[ -f "$p" ] && echo "pkg-config $v=$p" || bad "pkg-config $v='$p'"
done
build_run rt gcc $(pkg-config --cflags sealing) -O2 "$prog" "$(pkg-config --variable=rt_object sealing)"
for cc in gcc clang-$(echo "$llvms" | sort -n | tail -n 1); do
	d=$t/cmake-$cc
	if cmake -S "$src/tests/Inputs/cmake-consumer" -B "$d" -DCMAKE_C_COMPILER=$cc >"$d.log" 2>&1 &&
		cmake --build "$d" >>"$d.log" 2>&1; then
		for p in linked compiled from-static; do run_sealed cmake-$cc/$p; done
	else
		cat "$d.log"
		bad "find_package(Sealing) with $cc"
	fi
done
use_s=$(( $(date +%s) - start ))

step "4. distribution-wide: buildflags.conf, then dpkg-buildpackage of debian-hello"
export XDG_CONFIG_HOME=$w/xdg
rm -rf "$XDG_CONFIG_HOME" "$w/hello"
mkdir -p "$XDG_CONFIG_HOME/dpkg" "$w/hello"
specs=$(gcc -print-file-name=plugin)/sealing.specs
for f in CFLAGS CXXFLAGS FFLAGS FCFLAGS LDFLAGS; do
	echo "APPEND $f -specs=$specs"
done >"$XDG_CONFIG_HOME/dpkg/buildflags.conf"
cat "$XDG_CONFIG_HOME/dpkg/buildflags.conf"
dpkg-buildflags --get CFLAGS | grep -q -- "-specs=$specs" || bad "dpkg-buildflags ignores $XDG_CONFIG_HOME/dpkg/buildflags.conf"
cp -rL "$src/tests/Inputs/debian-hello" "$w/hello/debian-hello"  # hello.c: a link to cmake-consumer/main.c
if (cd "$w/hello/debian-hello" && dpkg-buildpackage -b -uc -us) >"$w/hello/build.log" 2>&1; then
	grep -- "-specs=$specs" "$w/hello/build.log" | head -n 2
	dpkg-deb -x "$w"/hello/debian-hello_*.deb "$w/hello/root"
	readelf -nW "$w/hello/root/usr/bin/debian-hello" | grep -qi sealing ||
		bad "debian-hello has no sealing note"
	cp "$w/hello/root/usr/bin/debian-hello" "$t/debian-hello" && run_sealed debian-hello
	sealctl status "$t/debian-hello"
else
	cat "$w/hello/build.log"
	bad "dpkg-buildpackage debian-hello"
fi
unset XDG_CONFIG_HOME

step "check-debian-package: package build ${build_s}s, use $(( use_s - build_s ))s, total $(( $(date +%s) - start ))s: $([ $fail = 0 ] && echo passed || echo FAILED)"
exit $fail
