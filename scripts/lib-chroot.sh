# SPDX-License-Identifier: MIT
# Sourced, not run: the Debian chroots that check-toolchains.sh and
# build-glibc.sh share (build-toolchains/chroots/NAME).  A chroot made by
# one is reused by the other; each installs its own packages on top and
# keeps its own stamp, so neither undoes the other's work.

# Unstable's Release files can outlive their Valid-Until on a mirror.
apt_get="apt-get -o Acquire::Check-Valid-Until=false -o Dpkg::Use-Pty=0 -qq"

# The Debian mirror: SEALING_DEBIAN_MIRROR, else the first Debian archive
# this machine's own apt sources name (never a host written down here).
chroot_mirror() {
	if [ -n "${SEALING_DEBIAN_MIRROR:-}" ]; then
		echo "$SEALING_DEBIAN_MIRROR"
		return 0
	fi
	m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
		/etc/apt/sources.list.d/*.sources 2>/dev/null |
		sed -n -e 's/^deb \(\[[^]]*\] \)\{0,1\}\(https\{0,1\}:[^ ]*\).*/\2/p' \
			-e 's/^URIs: *\(https\{0,1\}:[^ ]*\).*/\1/p' |
		grep -v -e security -e backports | grep '/debian/*$' | head -n 1)
	if [ -z "$m" ]; then
		echo "lib-chroot: no Debian mirror in /etc/apt/sources*; set SEALING_DEBIAN_MIRROR" >&2
		return 1
	fi
	echo "${m%/}"
}

in_chroot() {
	root=$1
	shift
	chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"
}

# chroot_bootstrap REL ROOT: debootstrap --variant=minbase once (or copy
# SEALING_CHROOT_SEED/REL), with the mirror's REL main as its apt source.
chroot_bootstrap() {
	rel=$1 root=$2
	mirror=$(chroot_mirror) || exit 1
	if [ ! -e "$root/.sealing-bootstrapped" ]; then
		if mountpoint -q "$root/proc" 2>/dev/null; then
			echo "lib-chroot: $root/proc is mounted; refusing to remove $root" >&2
			exit 1
		fi
		rm -rf "$root"
		mkdir -p "$(dirname "$root")"
		if [ -n "${SEALING_CHROOT_SEED:-}" ] && [ -d "$SEALING_CHROOT_SEED/$rel/etc" ]; then
			echo "=== $rel: copying $SEALING_CHROOT_SEED/$rel"
			cp -a "$SEALING_CHROOT_SEED/$rel" "$root"
			rm -f "$root"/.sealing-packages*
		else
			echo "=== $rel: debootstrap --variant=minbase"
			debootstrap --variant=minbase "$rel" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 || {
				tail -n 20 "$root.debootstrap.log" >&2
				exit 1
			}
		fi
		echo "deb $mirror $rel main" >"$root/etc/apt/sources.list"
		touch "$root/.sealing-bootstrapped"
	fi
	cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

# chroot_install ROOT STAMP PACKAGES...: apt-get install when the list
# differs from the one recorded in ROOT/.sealing-packagesSTAMP.
# shellcheck disable=SC2086 # word lists: $apt_get, the packages
chroot_install() {
	root=$1 stamp=$root/.sealing-packages$2
	shift 2
	want=$(echo "$@" | tr -s ' \t' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
	if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
		echo "=== ${root##*/}: apt-get install (package list changed or new chroot)"
		in_chroot "$root" $apt_get update
		in_chroot "$root" $apt_get install -y --no-install-recommends $want >/dev/null
		in_chroot "$root" apt-get clean
		echo "$want" >"$stamp"
	fi
}
