#!/bin/bash
# After the boot pass chunkscrubd checks chunks that are idle and past their pace, least
# recently checked first; a chunk in use is left alone until it falls idle.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

CHUNKSTATE=$BUILD/tests/chunkstate
now=$(date +%s)

test_expect_success 'setup: 4 chunks, three overdue, one checked a moment ago' '
	make_volume vol 4 &&
	"$CHUNKSTATE" vol/chunk-0000.img clean $((now - 3 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0001.img clean $((now - 4 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0002.img clean $((now - 2 * 86400)) &&
	"$CHUNKSTATE" vol/chunk-0003.img clean $((now - 10)) &&
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 1d
	idle_after = 2s
	[volume:v]
	path = vol
	EOT
'

test_expect_success 'idle chunks past their pace are scrubbed, oldest first; a busy one is not' '
	# chunk 1 is the oldest, but in use: something touches it all the time
	( while :; do touch vol/chunk-0001.img; sleep 0.3; done ) &
	echo $! >toucher.pid &&
	daemon_start d.conf &&
	wait_for 20 checked_are state idle 0 2 &&
	sleep 3 &&
	test "$(checked_chunks state idle)" = "0 2" &&
	test "$(chunk_prop v 1 LastCheck)" = "$((now - 4 * 86400))"
'

test_expect_success 'the busy chunk is scrubbed once it falls idle' '
	kill $(cat toucher.pid) &&
	wait_for 20 checked_are state idle 0 2 1
'

test_expect_success 'a chunk checked within its pace is not scrubbed' '
	sleep 2 &&
	test "$(checked_chunks state idle)" = "0 2 1" &&
	test "$(chunk_prop v 3 LastCheck)" = "$((now - 10))" &&
	daemon_stop
'

test_done
