#!/bin/sh
# SPDX-License-Identifier: MIT
#
# check-arm64-kernel.sh [BUILD_DIR]
#
# Real sealing on arm64, which qemu-user cannot show (it has no mseal):
# boots Debian 13's arm64 kernels, linux-image-arm64 (4K pages) and
# linux-image-arm64-16k (16K pages), under qemu-system-aarch64 -M virt
# -cpu max, with an initramfs whose /init (arm64-kernel-init.c) runs
# programs built with the arm64 runtime and checks them against the same
# expectations as the x86_64 suites: every mapping of the image sealed,
# mprotect/munmap/mremap/mmap(MAP_FIXED) refused, the RELRO hole closed,
# glibc's loader scenario in both scopes, the page size from AT_PAGESZ.
#
# BUILD_DIR (default build-arm64) is a build configured with
# cmake/aarch64-linux-gnu.cmake; it is configured and built if missing.
# The kernels are fetched once with apt-get download (Debian 13's arm64
# index, in a private apt directory) into SEALING_ARM64_KERNEL_DIR
# (default build-arm64-kernel/, never committed), from the Debian mirror
# of this machine's apt sources (SEALING_DEBIAN_MIRROR overrides).  Needs
# qemu-system-arm, cpio and network access for the first run.  Not part
# of check.sh: about 190 MB of downloads and a minute of emulation.
# One line per kernel and test; exit status 1 if anything failed.
set -eu
cd "$(dirname "$0")/.."
src=$PWD
build=${1:-build-arm64}
work=${SEALING_ARM64_KERNEL_DIR:-$src/build-arm64-kernel}
kernels=${SEALING_ARM64_KERNELS:-arm64 arm64-16k}
cc=aarch64-linux-gnu-gcc
sysroot=/usr/aarch64-linux-gnu

for tool in qemu-system-aarch64 $cc cpio gzip apt-get dpkg-deb; do
	command -v "$tool" >/dev/null || {
		echo "check-arm64-kernel: $tool not found (apt-get install qemu-system-arm cpio gcc-aarch64-linux-gnu)" >&2
		exit 2
	}
done
filecheck=$(ls -d /usr/lib/llvm-*/bin/FileCheck 2>/dev/null | sort -V | tail -n 1)
[ -n "$filecheck" ] || { echo "check-arm64-kernel: FileCheck not found (llvm-N-tools)" >&2; exit 2; }

if [ ! -f "$build/link-object/sealing-rt.o" ]; then
	cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
		-DSEALING_WITH_LLVM_PASS=OFF -DSEALING_WITH_SEALCTL=OFF >/dev/null
	cmake --build "$build" -j2 >/dev/null
fi
build=$(cd "$build" && pwd)
mkdir -p "$work"

# --- the kernels: Debian 13's, through a private apt directory -----------
apt=$work/apt
aptopts="-o Dir=$apt -o Dir::State::status=$apt/var/lib/dpkg/status
	-o Dir::Etc::trusted=/etc/apt/trusted.gpg
	-o Dir::Etc::trustedparts=/etc/apt/trusted.gpg.d
	-o APT::Architecture=arm64 -o APT::Architectures::=arm64
	-o Debug::NoLocking=1 -o APT::Sandbox::User=root"
fetch_kernel() { # FLAVOUR: vmlinuz-FLAVOUR in $work
	flavour=$1
	[ -f "$work/vmlinuz-$flavour" ] && return 0
	if [ ! -d "$apt/var/lib/apt/lists" ]; then
		mkdir -p "$apt/etc/apt/sources.list.d" "$apt/etc/apt/preferences.d" \
			"$apt/var/lib/apt/lists/partial" "$apt/var/cache/apt/archives/partial" \
			"$apt/var/lib/dpkg"
		: > "$apt/var/lib/dpkg/status"
		# The machine's own Debian mirror, or SEALING_DEBIAN_MIRROR.
		mirror=$(. "$src/scripts/lib-chroot.sh" && chroot_mirror) || exit 2
		echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" \
			> "$apt/etc/apt/sources.list"
		# shellcheck disable=SC2086
		apt-get $aptopts update -qq
	fi
	# The metapackage names the versioned image package.
	# shellcheck disable=SC2086
	pkg=$(apt-cache $aptopts depends "linux-image-$flavour" |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1)
	[ -n "$pkg" ] || { echo "check-arm64-kernel: no package behind linux-image-$flavour" >&2; exit 2; }
	# shellcheck disable=SC2086
	(cd "$work" && apt-get $aptopts download -qq "$pkg")
	dpkg-deb --fsys-tarfile "$work/${pkg}"_*.deb |
		tar -x --wildcards -O './boot/vmlinuz-*' > "$work/vmlinuz-$flavour"
	echo "$pkg" > "$work/vmlinuz-$flavour.package"
}
for k in $kernels; do
	fetch_kernel "$k"
done

# --- the guest: programs at the same absolute path as here ---------------
# so rpaths and LD_PRELOAD paths are the host's; the root holds /init, the
# plan, and the arm64 loader and C library.
t=$work/t
root=$work/root
rm -rf "$t" "$root"
mkdir -p "$t" "$root/proc" "$root/dev" "$root/lib" "$root$(dirname "$t")"
rt=$build/link-object
probe="-I$src/tests/helpers $build/tests/helpers/sealprobe.o"
in=$src/tests/Inputs
# shellcheck disable=SC2086
{
	$cc -O2 -static "$in/layouts.c" "$in/unit.c" -DFN=unit_fn $probe "$rt/sealing-rt.o" -o "$t/layouts-static"
	$cc -O2 "$in/layouts.c" "$in/unit.c" -DFN=unit_fn $probe "$rt/sealing-rt.o" -o "$t/layouts-pie"
	$cc -O2 "$src/tests/arm64/qemu-pages.c" "$rt/sealing-rt.o" -o "$t/pages-pie"
	$cc -O2 -static "$src/tests/arm64/qemu-pages.c" "$rt/sealing-rt.o" -o "$t/pages-static"
	ra=$src/tests/runtime/relro-attack.c
	$cc -O2 -shared -fPIC -DLIBRARY "$ra" $probe "$rt/sealing-rt.o" -Wl,-z,now -o "$t/libneeded.so"
	$cc -O2 -shared -fPIC -DLIBRARY -DFN=dl_fn "$ra" $probe "$rt/sealing-rt.o" -Wl,-z,now -o "$t/libdl.so"
	$cc -O2 "$ra" $probe "$rt/sealing-rt.o" -Wl,-z,now -L"$t" -lneeded -Wl,-rpath,"$t" -o "$t/relro-pie"
	$cc -O2 -static -DSTATIC "$ra" $probe "$rt/sealing-rt.o" -o "$t/relro-static"
	holes="$src/tests/arm64/Inputs/holes.c -I$src/common $src/common/smaps.c"
	$cc -O2 $holes "$rt/sealing-rt.o" -ldl -o "$t/holes"
	# glibc's loader scenario: its libraries, and holes.c as the program.
	sh "$in/loader-scenario.sh" "$t/scenario" "$cc" "$rt/sealing-rt.o" \
		"$rt/sealing-rt-policy0.o" "$rt/sealing-rt-module-scope.o" "$probe"
	sc=$t/scenario
	for scope in scenario module; do
		obj=$rt/sealing-rt.o
		[ $scope = module ] && obj=$rt/sealing-rt-module-scope.o
		$cc -O2 $holes "$obj" -L"$sc" -Wl,--no-as-needed -lneeded -lplainun \
			-lpolicy0 -Wl,-rpath,"$sc" -ldl -o "$t/holes-$scope"
	done
}
plugin=$build/gcc-plugin/sealing.so
if [ -f "$plugin" ]; then
	# shellcheck disable=SC2086
	$cc -O2 -fplugin="$plugin" "$in/layouts.c" "$in/unit.c" -DFN=unit_fn $probe -o "$t/plugin-pie"
fi
cp -a "$t" "$root$t"
cp "$sysroot/lib/ld-linux-aarch64.so.1" "$sysroot/lib/libc.so.6" "$root/lib/"
$cc -O2 -static -Wall -Wextra "$src/tests/helpers/arm64-kernel-init.c" -o "$root/init"

# NAME ENV... -- PROGRAM ARGS   |   check file, prefixes (for FileCheck)
sc=$t/scenario
cat > "$work/plan.checks" <<EOF
layouts-static SEALING_DEBUG=1 -- $t/layouts-static|tests/runtime/exe-layouts.test|CHECK
layouts-pie -- $t/layouts-pie|tests/runtime/exe-layouts.test|CHECK
policy2-static SEALING_POLICY=2 -- $t/layouts-static|tests/runtime/exe-layouts.test|CHECK
pages-pie SEALING_DEBUG=1 -- $t/pages-pie|tests/arm64/qemu-pages.c|REAL
pages-static SEALING_DEBUG=1 -- $t/pages-static|tests/arm64/qemu-pages.c|REAL
relro-pie -- $t/relro-pie $t/libdl.so|tests/runtime/relro-attack.c|EXE,NEEDED,DL
relro-static -- $t/relro-static|tests/runtime/relro-attack.c|EXE
holes -- $t/holes|tests/arm64/Inputs/holes.c|HOLES
scenario LD_PRELOAD=$sc/libpreload.so -- $t/holes-scenario $sc/libnodelete.so $sc/libplain.so|tests/arm64/Inputs/holes.c|COMMON,PROCESS
scenario-module LD_PRELOAD=$sc/libpreload.so -- $t/holes-module $sc/libnodelete.so $sc/libplain.so|tests/arm64/Inputs/holes.c|COMMON,MODULE
EOF
[ -f "$plugin" ] && echo "plugin-pie -- $t/plugin-pie|tests/runtime/exe-layouts.test|CHECK" >> "$work/plan.checks"
cut -d'|' -f1 "$work/plan.checks" > "$root/plan"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$work/initramfs.gz"

# --- boot each kernel, check each section --------------------------------
failed=0
for k in $kernels; do
	case $k in *-16k) page=16384 ;; *-64k) page=65536 ;; *) page=4096 ;; esac
	log=$work/console-$k.log
	start=$(date +%s)
	timeout 600 qemu-system-aarch64 -M virt -cpu max -smp 2 -m 1024 -nographic -nic none \
		-no-reboot -kernel "$work/vmlinuz-$k" -initrd "$work/initramfs.gz" \
		-append "console=ttyAMA0 rdinit=/init quiet loglevel=1 panic=-1" |
		tr -d '\r' > "$log" || true
	secs=$(($(date +%s) - start))
	pkg=$(cat "$work/vmlinuz-$k.package" 2>/dev/null || echo "linux-image-$k")
	echo "== $pkg: booted and ran in ${secs}s, console in $log"
	if ! grep -q "^@@@ kernel page size $page\$" "$log"; then
		echo "FAIL $k: kernel page size is not $page"
		failed=1
	fi
	while IFS='|' read -r line file prefixes; do
		name=${line%% *}
		section=$work/$k-$name.out
		sed -n "/^@@@ begin $name\$/,/^@@@ end $name /p" "$log" | sed '1d;$d' > "$section"
		status=$(sed -n "s/^@@@ end $name status \(.*\)$/\1/p" "$log")
		if [ "$status" = 0 ] &&
			"$filecheck" --check-prefixes="$prefixes" -DPAGE="$page" "$file" \
				< "$section" > "$section.filecheck" 2>&1; then
			echo "ok   $k $name"
		else
			echo "FAIL $k $name (status ${status:-none}; $section, $section.filecheck)"
			failed=1
		fi
	done < "$work/plan.checks"
	sed -n '/^@@@ begin holes$/,/^@@@ end holes /p' "$log" | sed '1d;$d;s/^/     /'
done
exit $failed
