#!/bin/bash
# chunkctl's exit codes for errors chunkscrubd answers over the bus: a request the daemon
# rejects as invalid (InvalidArgs) is a usage error, 16 as fsck(8) counts, the same code a bad
# argument caught by chunkctl itself gets; an error in doing what was asked stays 8.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

test_expect_success 'setup: a running daemon with a volume of 2 chunks' '
	make_volume vol 2 &&
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	[volume:v]
	path = vol
	EOT
	daemon_start d.conf
'

test_expect_success 'a scrub of an empty volume name, refused by the daemon as InvalidArgs: usage error (16)' '
	expect_status 16 "$CHUNKCTL" scrub "" 0 >out 2>err &&
	cat err &&
	grep -q "^chunkctl scrub: No volume name given (try .chunkctl scrub --help.)$" err &&
	! grep -q "queued" out
'

test_expect_success 'a repair of an empty volume name, refused by the daemon as InvalidArgs: usage error (16)' '
	expect_status 16 "$CHUNKCTL" repair "" 0 --wait >out 2>err &&
	cat err &&
	grep -q "^chunkctl repair: No volume name given (try .chunkctl repair --help.)$" err &&
	! grep -q "queued" out
'

test_expect_success 'a volume the daemon does not know is an operational error (8), not a usage error' '
	expect_status 8 "$CHUNKCTL" scrub nope 0 2>err &&
	grep -q "No volume .nope." err
'

test_expect_success 'the daemon was asked nothing it did: no job ran' '
	test "$(chunk_prop v 0 Job)" = 0 && test "$(chunk_prop v 0 LastCheck)" = 0 &&
	daemon_stop
'

test_done
