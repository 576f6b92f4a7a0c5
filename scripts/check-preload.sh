#!/bin/sh
# SPDX-License-Identifier: MIT
# sealing-preload against the real dynamic loader, without touching this
# machine's /etc/ld.so.preload: in a user and mount namespace (unshare
# -rm) a scratch directory is bind-mounted over /etc, so every program
# started there reads the scratch ld.so.preload.
#   scripts/check-preload.sh [BUILD]     (default build; needs the loader
#                                         module and BUILD/sealing-preload)
# Checks: enable seals a program that knows nothing of sealing; enable
# and disable are idempotent and keep the admin's other name, comment
# and file mode, and disable takes out every spelling of the module; each change is a rename (a new inode, no temporary file
# left); enable refuses a module that does not exist; after disable the
# module's file can go and no program prints "cannot be preloaded",
# while the control (the file removed without disable) does print it.
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
case $b in /*) ;; *) b=$PWD/$b ;; esac
[ -f "$b/sealing-preload" ] && [ -f "$b/loader/libsealing-loader.so" ] ||
	{ echo "check-preload: build $b first (sealing-preload, loader)" >&2; exit 2; }
unshare -rm true 2>/dev/null ||
	{ echo "check-preload: unshare -rm fails (no user namespaces?)" >&2; exit 2; }

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/etc" "$t/lib"
cp /etc/ld.so.cache "$t/etc/"
# awk (here and in sealing-preload) is an alternative: /etc/alternatives/awk.
cp -a /etc/alternatives "$t/etc/"
cp "$b/loader/libsealing-loader.so" "$t/lib/"
echo 'int sealing_check_preload_other;' >"$t/other.c"
cc -shared -fPIC -o "$t/lib/other.so" "$t/other.c"
printf '# the admin'"'"'s own\n%s\n' "$t/lib/other.so" >"$t/etc/ld.so.preload"
chmod 0640 "$t/etc/ld.so.preload"
cp "$b/sealing-preload" "$t/sealing-preload"

# Runs in the namespace, where /etc is $t/etc.
cat >"$t/inside.sh" <<'EOF'
set -u
t=$1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
sp() { sh "$t/sealing-preload" "$@" "$t/lib/libsealing-loader.so"; }
# Is libc sealed in a program that reads its own smaps (awk)?
libc_sealed() {
	awk '/libc\.so/ { f = 1 } f && /^VmFlags/ { print; exit }' /proc/self/smaps | grep -q ' sl'
}
mount --bind "$t/etc" /etc || { echo "FAIL: mount --bind"; exit 1; }

sp status >/dev/null && bad "status says enabled before enable"
libc_sealed && bad "libc sealed before enable"
ino=$(stat -c %i /etc/ld.so.preload)
sp enable || bad "enable"
[ "$(stat -c %i /etc/ld.so.preload)" != "$ino" ] || bad "enable wrote in place, not by rename"
sp enable >/dev/null || bad "enable twice"
[ "$(grep -c libsealing-loader /etc/ld.so.preload)" = 1 ] || bad "enable twice named the module twice"
sp status || bad "status after enable"
libc_sealed && echo "libc sealed under /etc/ld.so.preload" || bad "libc not sealed after enable"
grep -q '^# the admin' /etc/ld.so.preload && grep -q "^$t/lib/other.so\$" /etc/ld.so.preload ||
	bad "enable lost the admin's lines: $(cat /etc/ld.so.preload)"
[ "$(stat -c %a /etc/ld.so.preload)" = 640 ] || bad "mode $(stat -c %a /etc/ld.so.preload), not 640"

# The admin's own spelling of the same file (/lib/... on a merged /usr).
ln -s lib "$t/lib-alias"
echo "$t/lib-alias/libsealing-loader.so" >>/etc/ld.so.preload
sp disable || bad "disable"
grep -q lib-alias /etc/ld.so.preload && bad "disable left another spelling of the module"
sp disable >/dev/null || bad "disable twice"
sp status >/dev/null && bad "status says enabled after disable"
grep -q libsealing-loader /etc/ld.so.preload && bad "disable left the module"
printf '# the admin'"'"'s own\n%s\n' "$t/lib/other.so" | cmp -s - /etc/ld.so.preload ||
	bad "disable changed the admin's lines: $(cat /etc/ld.so.preload)"
libc_sealed && bad "libc still sealed after disable"
mv "$t/lib/libsealing-loader.so" "$t/lib/gone.so"
out=$(/bin/true 2>&1)
[ -z "$out" ] && echo "after disable and removal: no message" || bad "after disable and removal: $out"
grep -q other.so /proc/self/maps || bad "the admin's other.so is no longer preloaded"
sp enable 2>/dev/null && bad "enable accepted a module that does not exist"
grep -q libsealing-loader /etc/ld.so.preload && bad "the refused enable wrote the file"

# Control: the same removal without disable is what prerm prevents.
mv "$t/lib/gone.so" "$t/lib/libsealing-loader.so"
sp enable >/dev/null
mv "$t/lib/libsealing-loader.so" "$t/lib/gone.so"
/bin/true 2>&1 | grep -q "cannot be preloaded" 2>/dev/null && echo "control: without disable, every program complains" ||
	bad "control: no complaint with a missing preloaded module"
mv "$t/lib/gone.so" "$t/lib/libsealing-loader.so" 2>/dev/null  # mv itself complains
sp disable >/dev/null
ls -a /etc | grep -q '^\.ld\.so\.preload\.' && bad "a temporary file was left in /etc"
exit $fail
EOF
if unshare -rm sh "$t/inside.sh" "$t"; then
	echo "=== check-preload: passed"
else
	echo "=== check-preload: FAILED"
	exit 1
fi
