#!/bin/bash
# A repair killed at any one of its writes, then done again, ends as the repair would have
# ended uninterrupted: every chunk e2fsck-clean, a clean check, and the orphan it quarantines
# in /lost+found once, under one name, with its data (never NAME and NAME.1 for one inode).
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-crash.sh"


# Its head inode zeroed: the file is gone (e2fsck clears its entry), and its continuation, which
# still names it, is an orphan. (A head that only lost its record is rebuilt from its
# continuations: t4330.)
test_expect_success 'setup: a file continued into another chunk loses its head inode' '
	mkdir small && head -c 3300 /dev/urandom >small/a && head -c 40000 /dev/urandom >small/c &&
	"$CHUNKCTL" mkfs --chunks 4 --size 24M --threshold 8K base >/dev/null &&
	"$CHUNKCTL" -V base cp -r small :/s &&
	"$CHUNKCTL" -V base stat :/s/c | grep -q "continuation chunk" &&
	ino=$("$CHUNKCTL" -V base stat --json :/s/c | jq ".files[0].chain[0].local_ino") &&
	"$CHUNKFAULT" base/chunk-0000.img zero-inode "$ino" >/dev/null &&
	printf "^orphan-c[0-9]*-i[0-9]*-of-0000-%08x-" "$ino" >orphan.re &&
	tail -c +8193 small/c >tail
'

test_expect_success 'the repair of chunk 0 quarantines the orphaned tail in /lost+found' '
	cp -a base whole &&
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
		strace -f -qq -e trace=pwrite64 -o writes "$CHUNKCTL" -V whole repair 0 >whole.out 2>&1 ||
		[ $? -eq 1 ] &&
	grep -q "moved to /lost+found/orphan-" whole.out &&
	n=$(grep -c pwrite64 writes) && echo "the repair writes $n times" && [ "$n" -gt 20 ] && echo "$n" >nwrites
'

# settled VOL: a repair of chunk 0 and of the chunks left DIRTY exits 0 or 1; then every chunk
# is e2fsck-clean and checks clean, and /lost+found holds the tail once, under one name, and
# nothing else (a part of /lost+found a kill left unfinished holds nothing: it is freed).
settled() {
	local chunks rc=0 names
	chunks=$(echo 0 $(dirty_chunks "$1") | tr " " "\n" | sort -u)
	"$CHUNKCTL" -V "$1" repair $chunks >"$1.repair" 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat "$1.repair"; die "the repair after the kill exited $rc"; }
	e2fsck_clean "$1"/chunk-*.img
	expect_status 0 "$CHUNKCTL" -V "$1" check --all >"$1.check"
	"$CHUNKCTL" -V "$1" ls :/lost+found >"$1.lf"
	names=$(grep -c -f orphan.re "$1.lf") || :
	[ "$names" = 1 ] || { cat "$1.lf"; die "/lost+found names the orphan $names times"; }
	[ "$(wc -l <"$1.lf")" = 1 ] || { cat "$1.lf"; die "/lost+found holds more than the orphan"; }
	"$CHUNKCTL" -V "$1" cat ":/lost+found/$(grep -f orphan.re "$1.lf")" | tail -c +8193 | cmp - tail ||
		die "the orphan does not hold the tail of the file"
}

test_expect_success 'a repair killed before any one of its writes, done again, quarantines once' '
	n=$(cat nwrites) &&
	for i in $(seq 1 "$n"); do
		rm -rf vk && cp -a base vk &&
		{ rc=0; (ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -o /dev/null \
			-e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vk repair 0) >/dev/null 2>&1 || rc=$?; } 2>/dev/null &&
		echo "killed before write $i of $n (status $rc)" && settled vk || return 1
	done
'

test_done
