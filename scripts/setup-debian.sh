#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs everything sealing needs to build and test on Debian 12.
# Idempotent; run as root (or through sudo).
set -eu

if [ "$(id -u)" -ne 0 ]; then
	exec sudo "$0" "$@"
fi

export DEBIAN_FRONTEND=noninteractive
# Others may hold dpkg's lock for a while (apt's daily timer): wait.
apt_wait="-o DPkg::Lock::Timeout=900"
apt-get $apt_wait update -qq
apt-get $apt_wait install -y -qq --no-install-recommends \
	build-essential cmake python3 gawk file util-linux \
	gcc g++ gfortran gcc-12-plugin-dev \
	gcc-11 g++-11 gfortran-11 gcc-11-plugin-dev \
	binutils-dev libiberty-dev libzstd-dev zlib1g-dev libbz2-1.0 libcap2-bin \
	clang-14 llvm-14-dev llvm-14-tools lld-14 lld libclang-rt-14-dev \
	clang-15 llvm-15-dev llvm-15-tools lld-15 \
	clang-16 llvm-16-dev llvm-16-tools lld-16 \
	clang-19 llvm-19-dev llvm-19-tools lld-19 libclang-rt-19-dev flang-19 \
	clang-13 llvm-13 \
	strace valgrind gdb fakeroot qemu-user gnuplot-nox hyperfine \
	autoconf dpkg-dev debian-archive-keyring debootstrap sbuild schroot \
	debhelper lintian pkgconf man-db ccache distcc icecc dh-golang golang-any dh-cargo \
	rustc cargo golang-go musl-tools \
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
	gcc-12-plugin-dev-aarch64-linux-gnu \
	>/dev/null
