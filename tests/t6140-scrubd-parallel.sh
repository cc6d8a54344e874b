#!/bin/bash
# chunkscrubd with max_parallel = 2 checks two neighbour chunks of one volume at once: each job
# reads the other's chunk as a peer while it runs, and each still records its result in its
# own chunk (the last check status shows, the counters of the metrics), never "could not be
# recorded ... Device or resource busy". A first start with a state_dir that does not exist
# yet writes its metrics there at once.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

counter() { # counter NAME CHUNK: the sample of chunk CHUNK of volume v, or nothing
	sed -n "s/^chunkfs_chunk_errors_$1_total{volume=\"v\",chunk=\"$2\"} //p" state/metrics.prom
}
last_check() { # last_check CHUNK: LAST CHECK of chunk CHUNK in status --json, null if never
	"$CHUNKCTL" status v --json | jq ".volumes[0].chunks[$1].last_check"
}

test_expect_success 'setup: files of chunk 0 continued into chunk 1 and back; a daemon of 2 jobs at once' '
	"$CHUNKCTL" mkfs --chunks 2 --size 32M --threshold 16K vol >/dev/null &&
	mkdir -p tree/a tree/b &&
	for i in $(seq 1 12); do
		head -c $((40000 + i * 1000)) /dev/urandom >tree/a/f$i &&
		head -c $((30000 + i * 1000)) /dev/urandom >tree/b/f$i || return 1
	done &&
	"$CHUNKCTL" -V vol cp -r tree :/tree &&
	"$CHUNKCTL" -V vol refs --json 0 | jq -e ".total > 0" >/dev/null &&
	slow_e2fsck "$TRASH/e2fsck" 1 &&
	cat >d.conf <<-EOT &&
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	max_parallel = 2
	nice = 0
	e2fsck = $TRASH/e2fsck
	metrics_file = state/metrics.prom
	[volume:v]
	path = vol
	EOT
	daemon_start d.conf
'

test_expect_success 'a first start with a new state_dir writes its metrics, and says no failure' '
	wait_for 10 "test -s state/metrics.prom" &&
	! grep "Failed to write metrics" daemon.log
'

test_expect_success 'two jobs at once on neighbour chunks both record their check in the chunk' '
	test "$(last_check 0)" = null && test "$(last_check 1)" = null &&
	"$CHUNKCTL" scrub v 0 1 --json >q.json &&
	wait_for 10 "\"\$CHUNKCTL\" status v --json | jq -e \"[.volumes[0].chunks[].job | select(. != null)] | length == 2\"" &&
	"$CHUNKCTL" status v --json >running.json &&
	test "$(jq -c "[.volumes[0].chunks[].job.job]" running.json)" = "$(jq -c "[.jobs[].job]" q.json)" &&
	wait_for 60 jobs_idle &&
	cat daemon.log &&
	! grep "could not be recorded" daemon.log &&
	test "$(last_check 0)" != null && test "$(last_check 1)" != null &&
	test "$(chunk_prop v 0 LastResult)" = "\"clean\"" &&
	test "$(chunk_prop v 1 LastResult)" = "\"clean\""
'

test_expect_success 'the metrics count both checks' '
	wait_for 10 "test \"\$(counter found 0)\" = 0 && test \"\$(counter found 1)\" = 0" &&
	for k in 0 1; do
		grep -q "^chunkfs_chunk_last_check_seconds{volume=\"v\",chunk=\"$k\"} [1-9]" state/metrics.prom ||
			{ cat state/metrics.prom; return 1; }
	done
'

test_done
