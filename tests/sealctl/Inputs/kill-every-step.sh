#!/bin/sh
# SPDX-License-Identifier: MIT
#
# kill-every-step.sh KILLAT TARGET OLD NEW -- COMMAND [ARG...]
#
# Runs COMMAND (which rewrites TARGET, e.g. "sealctl set-policy 2 TARGET")
# under KILLAT (tests/helpers/sealing-killat) once per changing system
# call it makes: run N is killed with SIGKILL just before call N, for
# N = 1, 2, ... until a run completes without reaching its kill point.
# Every run starts from TARGET = OLD with no temporary next to it.  After
# each kill:
#   - TARGET must be byte for byte OLD or NEW (cmp), and once a kill has
#     left NEW, no later kill point may leave OLD;
#   - if NEW, its mode and owner must be OLD's;
#   - the temporaries (".NAME.sealctl-*") left next to it are counted;
#   - COMMAND run again, without a kill, must succeed, give NEW and leave
#     no temporary (it removes what the killed run left).
# Prints one line per kill point and a summary; exits 1 at the first
# violation, saying which.
set -u

killat=$1 target=$2 old=$3 new=$4
shift 4
[ "${1:-}" = "--" ] && shift
dir=$(dirname "$target")
log=$target.killat
fail() {
	echo "FAIL: kill $n: $*"
	exit 1
}
temporaries() {
	ls -A "$dir" | grep -c "^\.$(basename "$target")\.sealctl-" || true
}
reset() {
	rm -f "$target"
	cp -a "$old" "$target" || fail "cannot restore $target"
	[ "$(temporaries)" -eq 0 ] || fail "a temporary is left before the run"
}

n=1 seen_new=0 n_old=0 n_new=0 n_left=0
meta_old=$(stat -c '%a %u:%g' "$old")
while [ $n -lt 100000 ]; do
	reset
	"$killat" $n -- "$@" >/dev/null 2>"$log"
	rc=$?
	if [ $rc -ne 137 ]; then
		grep -q "^sealing-killat: call $n not reached" "$log" || fail "exit $rc: $(cat "$log")"
		cmp -s "$target" "$new" || fail "completed run did not give the new file"
		[ "$(temporaries)" -eq 0 ] || fail "completed run left a temporary"
		break
	fi
	call=$(sed -n 's/^sealing-killat: killed before call [0-9]*: //p' "$log")
	if cmp -s "$target" "$old"; then
		state=old
		n_old=$((n_old + 1))
		[ $seen_new -eq 0 ] || fail "old file after an earlier kill point left the new one"
	elif cmp -s "$target" "$new"; then
		state=new seen_new=1
		n_new=$((n_new + 1))
		[ "$(stat -c '%a %u:%g' "$target")" = "$meta_old" ] || fail "new file lost its mode or owner"
	else
		fail "before $call: the file is neither the old nor the new one"
	fi
	left=$(temporaries)
	[ "$left" -eq 0 ] || n_left=$((n_left + 1))
	echo "kill $n before $call: $state, temporaries left: $left"
	"$@" >/dev/null 2>"$log.rerun" || fail "the run after the kill failed: $(cat "$log.rerun")"
	cmp -s "$target" "$new" || fail "the run after the kill did not give the new file"
	[ "$(temporaries)" -eq 0 ] || fail "the run after the kill left a temporary"
	n=$((n + 1))
done
echo "completed at call $n: $((n - 1)) kill points, old after $n_old, new after $n_new, temporaries after $n_left, none after the next run"
rm -f "$log" "$log.rerun"
