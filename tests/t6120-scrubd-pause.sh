#!/bin/bash
# An admin's pause of chunkscrubd is seen where the admin looks (chunkctl status, its table
# and its JSON) and outlives a restart of the daemon: a paused daemon that comes back starts no
# automatic job until `chunkctl resume`. Ctrl-C on `chunkctl scrub --wait` stops the waiting,
# not the jobs: they run on in the daemon, and chunkctl says how to cancel them.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

MGR="org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager"

conf() { # conf E2FSCK BOOT_CHUNKS
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	nice = 0
	boot_chunks = $2
	interval = 365d
	idle_after = 1h
	e2fsck = $1
	[volume:v]
	path = vol
	EOT
}

test_expect_success 'setup: a daemon with a volume of 3 chunks, none checked at start' '
	make_volume vol 3 &&
	conf e2fsck 0 &&
	daemon_start d.conf
'

test_expect_success 'status says when automatic scrubbing is paused, in its table and its JSON' '
	"$CHUNKCTL" status >running.txt &&
	! grep -qi paused running.txt &&
	"$CHUNKCTL" status --json >running.json &&
	test "$(jq .paused running.json)" = false &&
	"$CHUNKCTL" pause &&
	"$CHUNKCTL" status >paused.txt &&
	cat paused.txt &&
	grep -q "^chunkscrubd: automatic scrubbing is paused (chunkctl resume restarts it)" paused.txt &&
	"$CHUNKCTL" status v --json >paused.json &&
	test "$(jq .paused paused.json)" = true &&
	"$CHUNKCTL" resume &&
	test "$("$CHUNKCTL" status --json | jq .paused)" = false
'

test_expect_success 'offline (-V) the daemon is not asked, and the JSON has no "paused"' '
	"$CHUNKCTL" -V vol status --json >off.json 2>/dev/null &&
	test "$(jq "has(\"paused\")" off.json)" = false
'

test_expect_success 'a pause is kept across a restart: no boot job runs until resume' '
	"$CHUNKCTL" pause &&
	daemon_stop &&
	grep -qx "paused 1" state/state &&
	conf e2fsck 3 &&
	daemon_start d.conf &&
	test "$(busctl --system get-property $MGR Paused)" = "b true" &&
	"$CHUNKCTL" status --json | jq -e ".paused == true" &&
	grep -q "paused since the last run" daemon.log &&
	sleep 1 &&
	test "$(busctl --system get-property $MGR RunningJobs)" = "u 0" &&
	checked_are state boot &&
	"$CHUNKCTL" resume &&
	wait_for 30 "test \"\$(checked_chunks state boot | wc -w)\" = 3" &&
	daemon_stop &&
	grep -qx "paused 0" state/state
'

test_done
