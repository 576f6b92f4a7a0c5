#!/bin/sh
# SPDX-License-Identifier: MIT
# distcc-run.sh DIR GCC SPECS SOURCE INCLUDE-DIR
# A distccd on 127.0.0.1 only, and a client with DISTCC_FALLBACK=0:
#   1. CC=sealing-gcc, a wrapper compiler that adds -specs=SPECS itself,
#      present on the server's PATH: the command line carries no plugin
#      flag, the server compiles, the object has the sealing note;
#   2. the same flag on the client's command line (-specs=SPECS): distcc
#      never sends it, the object is built locally.
# Prints what the server's log and the objects say.
set -u
dir=$1 gcc=$2 specs=$3 src=$4 inc=$5
mkdir -p "$dir/bin"
chmod 1777 "$dir"     # distccd run as root drops to its own user
printf '#!/bin/sh\nexec %s -specs=%s "$@"\n' "$gcc" "$specs" > "$dir/bin/sealing-gcc"
chmod 755 "$dir/bin/sealing-gcc"
port=$((30000 + $$ % 20000))
# --enable-tcp-insecure stands in for the masquerade entry a real node
# has (/usr/lib/distcc/sealing-gcc -> ../../bin/distcc): without one of
# the two, distccd 3.4 runs no compiler it does not know.
TMPDIR="$dir" DISTCCD_PATH="$dir/bin:/usr/bin:/bin" distccd --daemon --listen 127.0.0.1 \
	--port $port --allow 127.0.0.1 --jobs 1 --log-level info \
	--log-file "$dir/distccd.log" --pid-file "$dir/distccd.pid" \
	--enable-tcp-insecure
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ -s "$dir/distccd.pid" ] && break
	sleep 0.2
done
# distccd writes a job's COMPILE_OK line after it has sent the reply,
# so the client can return first: wait for the line, up to $2 x 0.2 s.
jobs_logged() { grep -c COMPILE_OK "$dir/distccd.log" 2>/dev/null; }
wait_jobs() {
	for i in $(seq "$2"); do
		[ "$(jobs_logged)" -ge "$1" ] && return
		sleep 0.2
	done
}
mkdir -p "$dir/client"
export DISTCC_HOSTS=127.0.0.1:$port/1 DISTCC_FALLBACK=0 DISTCC_DIR="$dir/client"
PATH="$dir/bin:$PATH" distcc sealing-gcc -O2 -I"$inc" -c "$src" -o "$dir/wrapper.o"
echo "wrapper: exit $?"
wait_jobs 1 50
grep -o 'COMPILE_OK.*' "$dir/distccd.log" | sed 's/time:[0-9]*ms //'
readelf -nW "$dir/wrapper.o" | grep -o 'SEALING' | head -n 1 | sed 's/^/wrapper.o note: /'
n=$(jobs_logged)
distcc "$gcc" -specs="$specs" -O2 -I"$inc" -c "$src" -o "$dir/flag.o"
echo "flag: exit $?"
# Allow 3 s for the line of a job that should not exist, lest a slow
# server hide one it did run.
wait_jobs $((n + 1)) 15
echo "server jobs after the flag: $(jobs_logged) (before: $n)"
readelf -nW "$dir/flag.o" | grep -o 'SEALING' | head -n 1 | sed 's/^/flag.o note: /'
kill "$(cat "$dir/distccd.pid")"
