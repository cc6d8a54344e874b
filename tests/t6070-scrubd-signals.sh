#!/bin/bash
# What a bus client watching chunkscrubd sees during a scrub: JobStarted and JobFinished, and
# PropertiesChanged on the chunk's object for its state, its job and the job's progress as
# e2fsck reports it (-C). Watched with dbus-monitor on the test's own bus.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

CHUNK0=/org/chunkfs/Scrub1/chunk/v_0

test_expect_success 'setup: a daemon with a volume whose chunk 0 holds a real tree' '
	make_volume vol 2 64M &&
	"$CHUNKCTL" -V vol cp -r /usr/include/linux :/linux &&
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	[volume:v]
	path = vol
	EOT
	daemon_start d.conf &&
	busctl --system tree org.chunkfs.Scrub1 | grep -q "$CHUNK0"
'

test_expect_success 'a scrub is seen on the bus from JobStarted to JobFinished' '
	dbus-monitor --address "$DBUS_SYSTEM_BUS_ADDRESS" "type=signal,sender=org.chunkfs.Scrub1" >mon.txt 2>&1 &
	mon=$! &&
	# A monitor loses its own name when it becomes one: from then on it sees every signal.
	wait_for 10 "grep -q member=NameLost mon.txt" &&
	"$CHUNKCTL" scrub v 0 --wait &&
	wait_for 10 "grep -q member=JobFinished mon.txt" &&
	kill $mon &&
	grep -q "member=JobStarted" mon.txt &&
	grep -q "member=JobFinished" mon.txt &&
	grep -A6 "member=JobFinished" mon.txt | grep -q "string \"clean\"" &&
	test "$(grep -n member=JobStarted mon.txt | head -1 | cut -d: -f1)" -lt \
	     "$(grep -n member=JobFinished mon.txt | head -1 | cut -d: -f1)"
'

test_expect_success 'the chunk announces its state, its job and the progress of e2fsck' '
	grep -q "path=$CHUNK0; interface=org.freedesktop.DBus.Properties; member=PropertiesChanged" mon.txt &&
	grep -A3 "string \"State\"" mon.txt | grep -q "string \"checking\"" &&
	grep -q "string \"JobProgress\"" mon.txt &&
	grep -A2 "string \"JobProgress\"" mon.txt | grep -o "double [0-9.]*" | sort -u >progress &&
	cat progress &&
	test "$(wc -l <progress)" -ge 2 &&
	grep -A3 "string \"LastCheck\"" mon.txt | grep -q "uint64 [1-9]"
'

test_expect_success 'the manager announces its running jobs' '
	grep -q "path=/org/chunkfs/Scrub1; interface=org.freedesktop.DBus.Properties; member=PropertiesChanged" mon.txt &&
	grep -A3 "string \"RunningJobs\"" mon.txt | grep -q "uint32 1" &&
	daemon_stop
'

test_done
