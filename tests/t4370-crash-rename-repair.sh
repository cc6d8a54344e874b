#!/bin/bash
# A rename over a file that a kill cut short leaves a rename record in the chunk of the renamed
# file; the repair of that chunk finishes the rename or undoes it. That repair, killed before
# each one of its own writes in turn and run again, still settles it: the target holds exactly
# its old file or the renamed one, the source name is gone or still the old file, never both
# names and never neither, and every chunk checks clean.
. "$(dirname "$0")/test-lib.sh"

no_leaks() { ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "$@"; } # LeakSanitizer cannot run under ptrace
dirty_chunks() { "$CHUNKCTL" -V "$1" df | awk '$1 ~ /^[0-9]+$/ && $8 != "clean" { print $1 }'; }
is() { "$CHUNKCTL" -V "$1" cat "$2" 2>/dev/null | cmp -s - "$3"; }
absent() { ! "$CHUNKCTL" -V "$1" stat "$2" >/dev/null 2>&1; }
# pending VOL: a chunk of VOL holds a rename record.
pending() {
	local img
	for img in "$1"/chunk-*.img; do
		debugfs -R "cat /.chunkfs/rename" "$img" 2>/dev/null | head -c 4 | grep -q CKRN && return 0
	done
	return 1
}

# As in t4310: chunk 0 holds /a, /b and /y; /far and its file /far/x have their heads in another.
test_expect_success 'setup: files in one chunk, a file whose head is in another chunk' '
	mkdir src fill && (cd fill && for i in $(seq 1 1100); do : >"$i"; done) &&
	head -c 3300 /dev/urandom >src/a && head -c 9000 /dev/urandom >src/b &&
	head -c 40000 /dev/urandom >src/y && head -c 30000 /dev/urandom >src/x &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K base >/dev/null &&
	for f in a b y; do "$CHUNKCTL" -V base cp src/$f :/$f || return 1; done &&
	"$CHUNKCTL" -V base cp -r fill :/fill && "$CHUNKCTL" -V base mkdir :/far &&
	"$CHUNKCTL" -V base cp src/x :/far/x && "$CHUNKCTL" -V base rm -r :/fill &&
	"$CHUNKCTL" -V base stat :/far/x | grep -q "head  *chunk [12] " &&
	"$CHUNKCTL" -V base stat :/y | grep -q "head  *chunk 0 "
'

# killed_mv OUT CLASS SRC DST: the volume OUT is BASE with `mv SRC DST` killed at a write that
# leaves a rename record with SRC still named: for CLASS both, the first such write after which
# DST's name is in two parts (the new entry, and the target's in another chunk not unnamed yet:
# the repair undoes the rename); for CLASS last, the last such write (just before SRC's name
# goes: the new name made, a target in another chunk unnamed, so the repair finishes it).
killed_mv() {
	local out=$1 class=$2 s=$3 d=$4 n i
	rm -rf "$out.count" && cp -a base "$out.count" &&
	no_leaks strace -f -qq -e trace=pwrite64 -o "$out.writes" "$CHUNKCTL" -V "$out.count" mv "$s" "$d" &&
	n=$(grep -c pwrite64 "$out.writes") || return 1
	for i in $(if [ "$class" = last ]; then seq "$n" -1 1; else seq 1 "$n"; fi); do
		rm -rf "$out" && cp -a base "$out"
		no_leaks strace -f -qq -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V "$out" mv "$s" "$d" 2>/dev/null && return 1
		pending "$out" && ! absent "$out" "$s" || continue
		[ "$class" = last ] || [ "$("$CHUNKCTL" -V "$out" ls "${d%/*}/" | grep -cx "${d##*/}")" -ge 2 ] || continue
		echo "mv $s $d killed before write $i of $n: $class"
		return 0
	done
	echo "no kill point of mv $s $d leaves $class" >&2
	return 1
}

# settled VOL SRC DST: the rename settled: DST the old file or the renamed one, SRC gone in the
# second case and the old file in the first, no name twice, every chunk clean and not DIRTY.
settled() {
	local vol=$1 s=$2 d=$3
	e2fsck_clean "$vol"/chunk-*.img || die "$vol: a chunk is not e2fsck-clean"
	expect_status 0 "$CHUNKCTL" -V "$vol" check --all >"$vol.check" || { cat "$vol.check"; die "$vol: check --all"; }
	[ -z "$(dirty_chunks "$vol")" ] || die "$vol: chunks left dirty"
	pending "$vol" && die "$vol: the rename record is still there"
	if is "$vol" "$d" "src/${s##*/}"; then
		absent "$vol" "$s" || die "$vol: both $s and $d name the renamed file"
	elif is "$vol" "$d" "src/${d##*/}"; then
		is "$vol" "$s" "src/${s##*/}" || die "$vol: $d is the old file but $s is not the renamed one"
	else
		die "$vol: $d is neither its old file nor the renamed one"
	fi
	"$CHUNKCTL" -V "$vol" ls :/ :/far | grep -q "\.dup-" && die "$vol: a name was renamed .dup"
	return 0
}

# Every write is a kill point in the plain run; under ASan+UBSan every third.
KILL_STEP=1
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && KILL_STEP=3

# repair_killed VOL SRC DST: the repair of VOL's DIRTY chunks, killed before each of its writes
# in turn and then run again (the DIRTY chunks once more), settles the rename.
repair_killed() {
	local vol=$1 dirty left n i rc
	dirty=$(dirty_chunks "$vol") && rm -rf "$vol.count" && cp -a "$vol" "$vol.count" &&
	{ no_leaks strace -f -qq -e trace=pwrite64 -o "$vol.rwrites" "$CHUNKCTL" -V "$vol.count" repair $dirty \
		>"$vol.count.repair" 2>&1 || [ $? -eq 1 ]; } || { cat "$vol.count.repair"; return 1; }
	grep -q "^  \[rename\] a rename of" "$vol.count.repair" || { cat "$vol.count.repair"; return 1; }
	settled "$vol.count" "$2" "$3" &&
	n=$(grep -c pwrite64 "$vol.rwrites") && echo "the repair writes $n times" || return 1
	for i in $(seq 1 "$KILL_STEP" "$n"); do
		rm -rf vr && cp -a "$vol" vr
		# The kill may fall on a write of the repair's e2fsck: the repair then ends with 8.
		no_leaks strace -f -qq -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vr repair $dirty >/dev/null 2>&1 || :
		rc=0 && left=$(dirty_chunks vr) &&
		if [ -n "$left" ]; then "$CHUNKCTL" -V vr repair $left >vr.repair 2>&1 || rc=$?; fi
		[ $rc -le 1 ] || { cat vr.repair; die "after a kill of the repair at write $i: the repair exited $rc"; }
		settled vr "$2" "$3" || return 1
	done
}

test_expect_success 'check reports a pending rename as something a repair finishes' '
	killed_mv one last :/a :/b || exit 1
	k=$("$CHUNKCTL" -V one stat --json :/a | jq ".files[0].chain[0].chunk")
	rc=0 && "$CHUNKCTL" -V one check "$k" >check || rc=$?
	[ $rc -eq 4 ] && grep -q "^  \[rename\] a rename of a to b was cut short: a repair finishes or undoes it" check
'

test_expect_success 'a repair finishing a rename in one chunk, killed at any of its writes, converges' '
	repair_killed one :/a :/b
'

test_expect_success 'a repair undoing a rename whose target in another chunk is still named, killed at any write' '
	killed_mv back both :/far/x :/y && repair_killed back :/far/x :/y
'

test_expect_success 'a repair finishing a rename whose target in another chunk is unnamed, killed at any write' '
	killed_mv fwd last :/far/x :/y && repair_killed fwd :/far/x :/y
'

test_done
