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
#    - every cross GCC gcc-sealing-plugin-aarch64-linux-gnu has a plugin
#      for: -fplugin=sealing, its own -specs= and the native GCC's -specs=
#      give a program with the note, whose runtime runs under qemu-aarch64;
#    - each plugin package depends on its compilers, at least at the
#      version it was built with;
#    - sealctl status on such a program; man sealctl, sealing(7),
#      sealing-preload(8);
#    - pkg-config sealing (gcc_plugin_<N>/gcc_specs_<N> for every GCC) and
#      find_package(Sealing) (tests/Inputs/cmake-consumer);
#    - sealing-preload enable, then apt-get remove sealing-loader: with
#      /etc bind-mounted from a copy in a mount namespace (this machine's
#      /etc/ld.so.preload is never written), the module seals programs
#      while enabled, and after the removal no program prints "cannot be
#      preloaded" and the file keeps its other line; then it is reinstalled;
# 4. distribution-wide sealing: APPEND lines for CFLAGS, CXXFLAGS, FFLAGS,
#    FCFLAGS and LDFLAGS in a buildflags.conf (the per-user one, under a
#    throw-away XDG_CONFIG_HOME, not /etc/dpkg/buildflags.conf), then
#    dpkg-buildpackage of tests/Inputs/debian-hello, a package that knows
#    nothing of sealing: its installed program must run sealed;
# 5. the same way, tests/Inputs/debian-setuid, which uses dh_sealing
#    (dh-sequence-sealing): its setuid, setgid, statoverride-setuid and
#    setcap programs get policy 2, the one its debian/*.sealing names 0,
#    the other keeps 1; the
#    setuid bit stays; each runs as its policy says;
# 6. tests/Inputs/debian-go (dh-golang, external linking) and
#    tests/Inputs/debian-cargo (dh-cargo, RUSTFLAGS): each program carries
#    the note of sealing-rt.o and runs sealed;
# 7. the buildd way: scripts/debian-rebuild.sh --sbuild with the .debs of
#    step 1 builds tests/Inputs/debian-setuid in a clean sbuild chroot
#    (made once, from this machine's suite and mirror), sealing turned on
#    by the chroot's /etc/dpkg/buildflags.conf; its own test runs, its
#    .debs pass sealctl check with its waiver, and each program runs as
#    its note says.
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
# Others may hold dpkg's lock for a while (apt's daily timer, another
# build): wait for it instead of failing.
apt_wait="-o DPkg::Lock::Timeout=900"

step "1. dpkg-buildpackage in $w/sealing"
mkdir -p "$w/sealing"
rm -f "$w"/*.deb "$w"/*.changes "$w"/*.buildinfo
git ls-files -z --cached --others --exclude-standard |
	tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$w/sealing"
nc=""
if [ "${SEALING_DEB_NOCLEAN:-0}" = 1 ]; then
	nc=-nc
	# dh would skip the whole build on the last run's stamp and reuse its
	# staged files: keep only the build tree, which make updates.
	(cd "$w/sealing/debian" && rm -rf debhelper-build-stamp ./*.debhelper.log ./*.substvars tmp .debhelper \
		$(sed -n 's/^Package: //p' control))
fi
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
apt-get $apt_wait install -y -qq --reinstall $(for d in $debs; do echo "$d"; done) >"$w/install.log" 2>&1 ||
	{ cat "$w/install.log"; echo "FAIL: apt-get install"; exit 1; }
dpkg -l gcc-sealing-plugin llvm-sealing-plugin libsealing-dev sealing-loader sealctl dh-sealing \
	$(ls "$w"/gcc-sealing-plugin-aarch64-linux-gnu_*.deb >/dev/null 2>&1 && echo gcc-sealing-plugin-aarch64-linux-gnu) | grep '^ii'

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

# The cross GCCs: qemu-user has no mseal, so the runtime says ENOSYS.
native_specs=$(gcc -print-file-name=plugin)/sealing.specs
crosses=$(dpkg -L gcc-sealing-plugin-aarch64-linux-gnu 2>/dev/null |
	sed -n 's,^/usr/lib/gcc-cross/\([^/]*\)/\([0-9]*\)/plugin/sealing.so$,\1-gcc-\2,p')
[ "$multiarch" != x86_64-linux-gnu ] || [ -n "$crosses" ] || bad "gcc-sealing-plugin-aarch64-linux-gnu has no plugin"
# <sealing.h> alone: -I/usr/include would give a cross GCC this machine's libc headers.
mkdir -p "$t/inc" && cp /usr/include/sealing.h "$t/inc/"
for x in $crosses; do
	s=$($x -print-file-name=plugin)/sealing.specs
	for how in "-fplugin=sealing" "-specs=$s" "-specs=$native_specs"; do
		if $x -O2 $how "$prog" $how -I"$t/inc" -o "$t/cross" &&
			readelf -nW "$t/cross" | grep -q SEALING &&
			SEALING_DEBUG=1 qemu-aarch64 -L /usr/aarch64-linux-gnu "$t/cross" 2>&1 |
			grep -q "policy 1 (executable).*ENOSYS"; then
			echo "$x $how: the note, and the runtime runs under qemu"
		else
			bad "$x $how"
		fi
	done
done

for pkg in gcc-sealing-plugin gcc-sealing-plugin-aarch64-linux-gnu llvm-sealing-plugin; do
	d=$(ls "$w"/${pkg}_*.deb 2>/dev/null) || continue
	dep=$(dpkg-deb -f "$d" Depends)
	echo "$pkg Depends: $dep"
	echo "$dep" | grep -Eq "(gcc|clang)-[0-9]+(-[a-z0-9_-]+)? \(>= [^)]+\)" || bad "$pkg: no versioned Depends on its compiler"
done

sealctl status "$t/gcc" | tee "$t/status.txt"
grep -qi "policy 1" "$t/status.txt" || bad "sealctl status"
man -w sealctl && man sealctl 2>/dev/null | grep -q "sealctl" || bad "man sealctl"
man sealctl 2>/dev/null | grep -A3 "SEE ALSO" | grep -q "sealing(7)" || bad "sealctl(1) SEE ALSO lacks sealing(7)"
for v in SEALING_POLICY SEALING_DEBUG SEALING_DEBUG_OUTPUT SEALING_EXEMPT SEALING_VDSO; do
	man 7 sealing 2>/dev/null | sed -n '/^ENVIRONMENT/,/^FILES/p' | grep -q "^ *$v=" || bad "sealing(7) ENVIRONMENT lacks $v"
done
man -w 8 sealing-preload >/dev/null || bad "no sealing-preload(8)"

for v in rt_object gcc_plugin gcc_specs llvm_plugin llvm_config loader; do
	p=$(pkg-config --variable=$v sealing)
	[ -f "$p" ] && echo "pkg-config $v=$p" || bad "pkg-config $v='$p'"
done
for n in $(pkg-config --variable=gcc_versions sealing); do
	p=$(pkg-config --variable=gcc_plugin_$n sealing)
	[ "$p" = "$(gcc-$n -print-file-name=plugin)/sealing.so" ] && echo "pkg-config gcc_plugin_$n=$p" ||
		bad "pkg-config gcc_plugin_$n='$p'"
	build_run pc-gcc-$n gcc-$n -O2 -specs="$(pkg-config --variable=gcc_specs_$n sealing)" "$prog"
done
[ "$(pkg-config --variable=gcc_versions sealing | wc -w)" = "$(echo $gccs | wc -w)" ] ||
	bad "pkg-config gcc_versions '$(pkg-config --variable=gcc_versions sealing)', packaged: $gccs"
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

step "3b. sealing-preload, then apt-get remove sealing-loader, in a mount namespace"
loader=/usr/lib/$multiarch/sealing/libsealing-loader.so
other=$(gcc -print-file-name=libm.so.6)
other=$(readlink -f "$other")
rm -rf "$w/etc" && cp -a /etc "$w/etc"
printf '# the admin'"'"'s own\n%s\n' "$other" >"$w/etc/ld.so.preload"
unshare -m sh -c '
	set -u
	mount --make-rprivate / && mount --bind "$1/etc" /etc || exit 1
	sealing-preload enable || exit 1
	awk "/libc\\.so/ { f = 1 } f && /^VmFlags/ { print; exit }" /proc/self/smaps | grep -q " sl" ||
		{ echo "FAIL: libc not sealed with the module in /etc/ld.so.preload"; exit 1; }
	apt-get -o DPkg::Lock::Timeout=900 remove -y -qq sealing-loader >/dev/null 2>&1 || { echo "FAIL: apt-get remove"; exit 1; }
	[ ! -e "$2" ] || { echo "FAIL: $2 still there"; exit 1; }
	out=$(/bin/true 2>&1)
	[ -z "$out" ] || { echo "FAIL: after the removal: $out"; exit 1; }
	grep -q "^$3\$" /etc/ld.so.preload && ! grep -q sealing /etc/ld.so.preload ||
		{ echo "FAIL: ld.so.preload after the removal: $(cat /etc/ld.so.preload)"; exit 1; }
	echo "removed sealing-loader: no complaint, the admin'"'"'s line kept"
' sh "$w" "$loader" "$other" || bad "sealing-preload and the removal of sealing-loader"
[ -e /etc/ld.so.preload ] && grep -q sealing /etc/ld.so.preload && bad "the real /etc/ld.so.preload names sealing"
apt-get $apt_wait install -y -qq "$w"/sealing-loader_*.deb >"$w/install-loader.log" 2>&1 || bad "reinstalling sealing-loader"
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
# The same package opted out and opted up through DEB_BUILD_MAINT_OPTIONS
# (as a maintainer sets it in debian/rules), with the specs still in
# CFLAGS and LDFLAGS: a policy-0 note and an unsealed program, or policy 2.
for opt in hardening=-sealing:0 sealing=policy2:2; do
	o=${opt%:*} want=${opt##*:}
	rm -rf "$w/hello-$want" && mkdir -p "$w/hello-$want"
	cp -rL "$src/tests/Inputs/debian-hello" "$w/hello-$want/debian-hello"
	if (cd "$w/hello-$want/debian-hello" && DEB_BUILD_MAINT_OPTIONS=$o dpkg-buildpackage -b -uc -us) \
		>"$w/hello-$want/build.log" 2>&1; then
		grep -q -- "-specs=$specs" "$w/hello-$want/build.log" || bad "$o: the specs were not in the flags"
		dpkg-deb -x "$w"/hello-$want/debian-hello_*.deb "$w/hello-$want/root"
		cp "$w/hello-$want/root/usr/bin/debian-hello" "$t/debian-hello-$want"
		got=$(sealctl status --json "$t/debian-hello-$want" | sed -n 's/.*"policy": \([0-9]\).*/\1/p' | head -n 1)
		[ "$got" = "$want" ] && echo "debian-hello with $o: policy $got" ||
			bad "debian-hello with $o: policy '$got', not $want"
		if [ "$want" = 0 ]; then
			"$t/debian-hello-$want" >/dev/null && bad "debian-hello with $o is sealed" ||
				echo "debian-hello with $o: left open"
		else
			run_sealed "debian-hello-$want"
		fi
	else
		tail -n 40 "$w/hello-$want/build.log"
		bad "dpkg-buildpackage debian-hello with $o"
	fi
done

step "5. dh_sealing: dpkg-buildpackage of debian-setuid"
rm -rf "$w/setuid"
mkdir -p "$w/setuid"
cp -rL "$src/tests/Inputs/debian-setuid" "$w/setuid/debian-setuid"
if (cd "$w/setuid/debian-setuid" && dpkg-buildpackage -b -uc -us) >"$w/setuid/build.log" 2>&1; then
	grep "^dh_sealing:" "$w/setuid/build.log"
	r=$w/setuid/root
	dpkg-deb -x "$w"/setuid/debian-setuid_*.deb "$r"
	for e in su-hello:2 sg-hello:2 so-hello:2 cap-hello:2 plain-hello:0 plain-hello-alias:0 other-hello:1; do
		p=${e%:*} want=${e#*:}
		got=$(sealctl status --json "$r/usr/bin/$p" | sed -n 's/.*"policy": \([0-9]\).*/\1/p')
		[ "$got" = "$want" ] && echo "$p: policy $got" || bad "$p: policy '$got', not $want"
		cp -p "$r/usr/bin/$p" "$t/$p"
		if [ "$want" = 0 ]; then
			"$t/$p" >/dev/null && bad "$p (policy 0) is sealed" || echo "$p: left open"
		else
			run_sealed "$p"
		fi
	done
	# The gate ran, and waived the vendored program through the overrides.
	grep -q "^dh_sealing: debian-setuid: sealctl check: .*failed 0, .*overridden 1" "$w/setuid/build.log" &&
		echo "dh_sealing's gate: passed, prebuilt-hello waived" ||
		bad "dh_sealing's gate did not run, or did not waive prebuilt-hello"
	# Without the waiver the gate fails the build, naming the file and tag
	# (dh_sealing rerun in the built tree: its policies are already set).
	rm "$w/setuid/debian-setuid/debian/debian-setuid.sealing-overrides"
	if (cd "$w/setuid/debian-setuid" && dh_sealing) >"$w/setuid/gate.log" 2>&1; then
		bad "dh_sealing's gate passed an uninstrumented program without a waiver"
	elif grep -q "usr/bin/prebuilt-hello: not instrumented" "$w/setuid/gate.log" &&
		grep -q "sealctl check failed" "$w/setuid/gate.log"; then
		echo "dh_sealing's gate: fails prebuilt-hello without the waiver"
	else
		cat "$w/setuid/gate.log"
		bad "dh_sealing's gate failed without naming prebuilt-hello"
	fi
	# The hard link survived dh_sealing (set-policy --in-place) and the .deb.
	[ "$(stat -c %i "$r/usr/bin/plain-hello")" = "$(stat -c %i "$r/usr/bin/plain-hello-alias")" ] &&
		echo "plain-hello-alias: still a hard link of plain-hello" ||
		bad "plain-hello-alias is no longer a hard link of plain-hello"
	dpkg-deb -c "$w"/setuid/debian-setuid_*.deb | grep "^-rwsr-xr-x .*usr/bin/su-hello$" >/dev/null ||
		bad "su-hello lost its setuid bit"
	dpkg-deb -c "$w"/setuid/debian-setuid_*.deb | grep "^-rwxr-sr-x .*usr/bin/sg-hello$" >/dev/null ||
		bad "sg-hello lost its setgid bit"
else
	tail -n 40 "$w/setuid/build.log"
	bad "dpkg-buildpackage debian-setuid"
fi

step "6. Go (dh-golang) and Rust (dh-cargo): docs/distro.md's recipes"
# Debian's go and cargo, not a rustup's earlier in PATH.
for pkg in go:go-hello cargo:cargo-hello; do
	d=${pkg%%:*} p=${pkg#*:}
	rm -rf "$w/$d"
	mkdir -p "$w/$d"
	cp -rL "$src/tests/Inputs/debian-$d" "$w/$d/src"
	if (cd "$w/$d/src" && PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg-buildpackage -b -uc -us) >"$w/$d/build.log" 2>&1; then
		dpkg-deb -x "$w/$d"/${p}_*_*.deb "$w/$d/root"
		sealctl status "$w/$d/root/usr/bin/$p" | grep "carrier sealing-rt.o" ||
			bad "$p: no note from sealing-rt.o"
		cp "$w/$d/root/usr/bin/$p" "$t/$p" && run_sealed "$p"
	else
		tail -n 30 "$w/$d/build.log"
		bad "dpkg-buildpackage $p"
	fi
done
unset XDG_CONFIG_HOME

step "7. sbuild: debian-setuid built the way a buildd builds it"
if sh "$src/scripts/debian-rebuild.sh" --sbuild "$w" --workdir "$w/sbuild" --min-policy 0 \
	"$src/tests/Inputs/debian-setuid" >"$w/sbuild.out" 2>&1; then
	cat "$w/sbuild.out"
	grep -q "^pass    /usr/bin/su-hello: ok, policy 2" "$w/sbuild/debian-setuid-sbuild/elf.txt" ||
		bad "sbuild: su-hello is not at policy 2"
else
	cat "$w/sbuild.out"
	bad "sbuild: debian-rebuild.sh --sbuild tests/Inputs/debian-setuid"
fi

step "check-debian-package: package build ${build_s}s, use $(( use_s - build_s ))s, total $(( $(date +%s) - start ))s: $([ $fail = 0 ] && echo passed || echo FAILED)"
exit $fail
