#!/bin/bash
# At start chunkscrubd checks every DAMAGED chunk, then every DIRTY one, then the boot_chunks
# least recently checked clean chunks, and no others.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

CHUNKSTATE=$BUILD/tests/chunkstate
now=$(date +%s)

test_expect_success 'setup: a volume of 8 chunks in known states' '
	make_volume vol 8 &&
	# last checks, oldest first: 5, 2, 7, 0, 6 (chunk 1 dirty, chunks 3 and 4 damaged)
	"$CHUNKSTATE" vol/chunk-0005.img clean $((now - 9 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0002.img clean $((now - 8 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0007.img clean $((now - 7 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0000.img clean $((now - 2 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0006.img clean $((now - 1 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0001.img dirty $((now - 86400)) &&
	"$CHUNKSTATE" vol/chunk-0004.img damaged $((now - 3600)) 4 &&
	"$CHUNKSTATE" vol/chunk-0003.img damaged $((now - 3600)) 4 &&
	expect_status 4 "$CHUNKCTL" -V vol status 2>/dev/null &&
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 2
	interval = 30d
	idle_after = 1h
	auto_repair = no
	[volume:v]
	path = vol
	EOT
'

test_expect_success 'the boot pass checks damaged, then dirty, then the 2 oldest clean chunks' '
	daemon_start d.conf &&
	wait_for 30 jobs_idle &&
	daemon_stop &&
	cat daemon.log &&
	test "$(checked_chunks state boot)" = "3 4 1 5 2"
'

test_expect_success 'no other chunk was checked (each is still as it was)' '
	test "$(checked_chunks state idle)" = "" &&
	"$CHUNKCTL" -V vol status --json >status.json &&
	for c in 0 6 7; do
		jq -e ".volumes[0].chunks[] | select(.chunk == $c) | .last_check == $(( now - ( c == 0 ? 2 : c == 6 ? 1 : 7 ) * 86400 ))" status.json >/dev/null ||
		{ cat status.json; exit 1; }
	done
'

test_expect_success 'a second start checks only the next 2 oldest clean chunks' '
	"$CHUNKSTATE" vol/chunk-0003.img clean $now &&
	"$CHUNKSTATE" vol/chunk-0004.img clean $now &&
	daemon_start d.conf &&
	wait_for 30 jobs_idle &&
	daemon_stop &&
	test "$(checked_chunks state boot)" = "3 4 1 5 2 7 0"
'

test_done
