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

test_expect_success 'Ctrl-C on scrub --wait: the jobs run on, and chunkctl says how to cancel them' '
	slow_e2fsck "$TRASH/slow" 60 &&
	conf "$TRASH/slow" 0 &&
	daemon_start d.conf
	# As a terminal'"'"'s Ctrl-C reaches a foreground chunkctl: SIGINT not ignored, as it is for
	# a job a script puts in the background.
	env --default-signal=INT "$CHUNKCTL" scrub v 0 1 --wait >out 2>err &
	pid=$!
	wait_for 30 "test \$(grep -c queued out) = 2" &&
	wait_for 30 "test -s slow.pids" &&
	kill -INT $pid &&
	rc=0 && wait $pid || rc=$?
	cat out err &&
	test $rc = 32 &&
	jobs=$(sed -n "s/^v chunk [01]: scrub job \([0-9]*\) queued$/\1/p" out | tr "\n" " ") &&
	grep -q "^chunkctl scrub: interrupted; 2 jobs go on in chunkscrubd; to cancel them: chunkctl cancel ${jobs% }$" err &&
	running=$(busctl --system get-property $MGR RunningJobs) && echo "running jobs: $running" &&
	test "$running" = "u 1" &&
	"$CHUNKCTL" cancel ${jobs% } &&
	wait_for 30 jobs_idle &&
	# The running one ended cancelled (the queued one never ran, so it has no history).
	ended=$(awk -v j=${jobs%% *} "\$1 == \"history\" && \$2 == j { print \$9 }" state/state) &&
	echo "job ${jobs%% *} ended: $ended" && test "$ended" = cancelled
'

test_expect_success 'Ctrl-C on scrub --wait --json: one document, the result 32 and the unfinished jobs null' '
	env --default-signal=INT "$CHUNKCTL" scrub v 2 --wait --json >out.json 2>err &
	pid=$!
	# --json prints nothing before the end: the job on the bus says the call was answered,
	# and chunkctl has a moment to read the answer.
	wait_for 10 "test \"\$(chunk_prop v 2 Job)\" != 0" &&
	sleep 1 &&
	kill -INT $pid &&
	rc=0 && wait $pid || rc=$?
	cat out.json err &&
	test $rc = 32 &&
	test "$(jq -c "[.result, .jobs[0].chunk, .jobs[0].result]" out.json)" = "[32,2,null]" &&
	job=$(jq .jobs[0].job out.json) &&
	grep -q "^chunkctl scrub: interrupted; 1 job goes on in chunkscrubd; to cancel it: chunkctl cancel $job$" err &&
	"$CHUNKCTL" cancel $job &&
	wait_for 30 jobs_idle &&
	daemon_stop
'

test_done
