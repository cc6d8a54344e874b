#!/bin/bash
# A job interrupted (SIGTERM to the daemon, or Cancel) ends e2fsck cleanly and leaves the chunk
# marked for a re-check, never CLEAN; a restart picks it up first. A reload (SIGHUP) keeps
# running jobs.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

CHUNKSTATE=$BUILD/tests/chunkstate
conf() { # conf E2FSCK [EXTRA-SECTION-TEXT]
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	# Jobs at the default nice 19 starve on a busy machine and miss the stop deadline (20 s)
	# the stories time: what is tested here is interruption, not priority.
	nice = 0
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	e2fsck = $1
	[volume:v]
	path = vol
	EOT
	printf '%b' "${2:-}" >>d.conf
}
alive_e2fsck() { # any of the slow e2fsck processes still running?
	[ -f slow.pids ] || return 1
	for p in $(cat slow.pids); do kill -0 "$p" 2>/dev/null && return 0; done
	return 1
}

test_expect_success 'setup: 3 chunks, chunk 1 dirty; an e2fsck that takes its time' '
	make_volume vol 3 &&
	"$CHUNKSTATE" vol/chunk-0001.img dirty 1764000000 &&
	slow_e2fsck "$TRASH/slow" 60 &&
	conf "$TRASH/slow"
'

test_expect_success 'SIGTERM mid-job: e2fsck is ended, the daemon exits, the chunk stays dirty' '
	daemon_start d.conf &&
	wait_for 10 "test \"\$(chunk_prop v 1 State)\" = \\\"checking\\\"" &&
	wait_for 10 alive_e2fsck &&
	daemon_stop &&
	! alive_e2fsck &&
	grep -q "^recheck v 1$" state/state &&
	"$CHUNKCTL" -V vol status --json 2>/dev/null |
		jq -e "any(.volumes[].chunks[]; .chunk == 1 and .state == \"dirty\" and .last_check == 1764000000)" >/dev/null
'

test_expect_success 'after a restart the interrupted chunk is checked first, and comes out clean' '
	rm -f slow.pids &&
	conf e2fsck &&
	daemon_start d.conf &&
	wait_for 20 jobs_idle &&
	test "$(chunk_prop v 1 State)" = "\"clean\"" &&
	test "$(chunk_prop v 1 NeedsRecheck)" = false &&
	test "$(checked_chunks state boot)" = "1 1" &&
	tail -1 state/state | grep -q "^history 2 v 1 scrub boot [0-9]* [0-9]* clean 0$" &&
	! grep -q "^recheck" state/state &&
	daemon_stop
'

test_expect_success 'an offline repair or check is refused while the daemon holds the chunk, another chunk'"'"'s check runs; Cancel leaves it dirty, marked for a re-check' '
	"$CHUNKSTATE" vol/chunk-0002.img dirty 1764000000 &&
	conf "$TRASH/slow" &&
	daemon_start d.conf &&
	wait_for 10 "test \"\$(chunk_prop v 2 JobState)\" = \\\"running\\\"" &&
	job=$(chunk_prop v 2 Job) &&
	{ expect_status 8 "$CHUNKCTL" -V vol repair 2 >held.out 2>&1 && cat held.out &&
	  grep -q "in use by another process: chunkscrubd (pid [0-9]*), for its job $job, the scrub of chunk 2 of volume v" held.out ||
	  die "the offline repair was not refused, naming the daemon and its job"; } &&
	{ expect_status 8 "$CHUNKCTL" -V vol --wait=1 repair 2 >held.out 2>&1 && cat held.out &&
	  grep -q "vol/chunk-0002.img (chunk 2): in use by chunkscrubd (pid [0-9]*), for its job $job, the scrub of chunk 2; waiting for it (up to 1 s)" held.out ||
	  die "repair --wait=1 did not wait, then give up"; } &&
	{ expect_status 8 "$CHUNKCTL" -V vol check 2 >held.out 2>&1 && cat held.out &&
	  grep -q "in use by another process: chunkscrubd (pid [0-9]*), for its job $job, the scrub of chunk 2 of volume v" held.out &&
	  ! grep -q "could not be recorded" held.out ||
	  die "the offline check was not refused, naming the daemon and its job"; } &&
	{ expect_status 8 "$CHUNKCTL" -V vol --wait=1 check 2 >held.out 2>&1 && cat held.out &&
	  grep -q "vol/chunk-0002.img (chunk 2): in use by chunkscrubd (pid [0-9]*), for its job $job, the scrub of chunk 2; waiting for it (up to 1 s)" held.out ||
	  die "check --wait=1 did not wait, then give up"; } &&
	{ "$CHUNKCTL" -V vol check 1 >other.out 2>&1 && cat other.out ||
	  die "the check of another chunk did not run while the daemon holds chunk 2"; }
	{ rc=0; "$CHUNKCTL" scrub v 2 --wait >wait.out || rc=$?; echo $rc >wait.rc; } &
	# Cancelled once the waiter has the job (it listens before it asks): a cancel before
	# would let its scrub start a job of its own.
	wait_for 10 "grep -q \" job $job queued\" wait.out" &&
	"$CHUNKCTL" cancel "$job" &&
	wait_for 10 "test -s wait.rc" &&
	cat wait.out &&
	test "$(cat wait.rc)" = 32 &&
	grep -q "^v chunk 2: scrub cancelled (job $job)$" wait.out &&
	test "$(chunk_prop v 2 NeedsRecheck)" = true &&
	test "$(chunk_prop v 2 State)" = "\"dirty\"" &&
	! alive_e2fsck &&
	expect_status 1 "$CHUNKCTL" cancel "$job" 2>err &&
	grep -q "No job $job" err &&
	daemon_stop
'

test_expect_success 'SIGHUP mid-job rereads the file and the job runs on to its end' '
	slow_e2fsck "$TRASH/slow3" 3 &&
	conf "$TRASH/slow3" &&
	make_volume vol2 2 &&
	daemon_start d.conf &&
	wait_for 10 "test \"\$(chunk_prop v 2 JobState)\" = \\\"running\\\"" &&
	job=$(chunk_prop v 2 Job) &&
	conf "$TRASH/slow3" "[volume:w]\\npath = vol2\\n" &&
	kill -HUP "$(cat daemon.pid)" &&
	wait_for 5 "busctl --system get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1/volume/w org.chunkfs.Scrub1.Volume Name" &&
	test "$(chunk_prop v 2 Job)" = "$job" &&
	wait_for 20 jobs_idle &&
	test "$(chunk_prop v 2 State)" = "\"clean\"" &&
	grep -q "Finished scrub job $job: clean" daemon.log &&
	daemon_stop
'

test_done
