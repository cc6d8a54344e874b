#!/bin/bash
# A real boot: a minimal Debian 12 (scripts/nspawn-root, cached) with this build installed by
# `make install`, chunkscrubd and a scrub timer enabled as an admin would, booted with
# systemd-nspawn. A report unit inside writes what the booted system says into a bind-mounted
# folder and powers off; the assertions read that folder and the container's journal.
. "$(dirname "$0")/test-lib.sh"

ROOT=$TRASH/root
RESULTS=$TRASH/results
JOURNAL=$ROOT/var/log/journal
VOLDIR=/srv/chunkfs/demo          # inside the container
METRICS=/var/lib/prometheus/node-exporter/chunkfs.prom
FAILURE_MESSAGE_ID=4f5001a860f346fd8af7bbacc948ab38    # units/chunkfs-failure.in
JOB_STARTED_MESSAGE_ID=1fda408239934abf82d86ec193beea8e  # chunkscrubd/log.h, chunkscrubd(8)
JOB_FINISHED_MESSAGE_ID=6c0e14f76ad24d32960507f8a3748426

# A real environment limit is a skip; anything else is for the test to find out.
if [ "$(id -u)" -ne 0 ]; then
	test_skip 'a Debian 12 container boots with chunkscrubd' 'needs root (debootstrap, systemd-nspawn)'
	test_done
fi
for tool in systemd-nspawn debootstrap; do
	if ! command -v $tool >/dev/null; then
		test_skip 'a Debian 12 container boots with chunkscrubd' "$tool is not installed (scripts/install-deps)"
		test_done
	fi
done
if [ "${CHUNKFS_SANITIZED:-0}" = 1 ]; then
	# Under ASan the binaries need libasan in the root, and LeakSanitizer needs ptrace, which
	# the unit's SystemCallFilter= refuses: the boot would test a different unit.
	test_skip 'a Debian 12 container boots with chunkscrubd' 'sanitized build; the plain pass boots the real units'
	test_done
fi

# What a host journalctl sees of the container's persistent journal.
container_journal() { journalctl -D "$JOURNAL" --no-pager "$@"; }

# boot_container LOG: boot $ROOT until it powers itself off (300 s at most).
# Without systemd on the host there is no machined to register with nor a manager to make
# a scope: the container then lives in the cgroup of the test.
boot_container() {
	local opts="--register=no" start rc=0
	[ -d /run/systemd/system ] || opts="$opts --keep-unit"
	mkdir -p "$RESULTS"
	start=$(date +%s)
	timeout -k 20 300 systemd-nspawn --quiet --boot --directory="$ROOT" --machine="chunkfs-t7100-$$" \
		$opts --console=read-only --bind="$RESULTS:/results" \
		systemd.show_status=yes systemd.log_color=no </dev/null >"$1" 2>&1 || rc=$?
	echo "boot to poweroff: $(( $(date +%s) - start ))s, systemd-nspawn exit $rc"
	[ $rc -eq 0 ] || { tail -n 40 "$1"; die "systemd-nspawn exited $rc"; }
}

# The payload of the report unit: runs inside, after chunkscrubd.service has started.
write_report_script() {
	cat >"$1" <<-'EOF'
	#!/bin/sh
	# t7100: what the booted system says about chunkscrubd, written into /results.
	cd /results || exit 1
	# poll_status FILE N: chunkctl status --json into FILE until N chunks have been
	# checked and none is being checked (60 s at most, while the daemon runs).
	poll_status() {
		i=0
		while [ $i -lt 120 ] && systemctl is-active -q chunkscrubd.service; do
			if chunkctl status --json >"$1" 2>"$1.err" &&
			   [ "$(grep -o '"last_check": *[0-9]' "$1" | wc -l)" -ge "$2" ] &&
			   ! grep -q '"checking"' "$1"; then
				break
			fi
			sleep 0.5
			i=$((i + 1))
		done
		echo "$i" >"$1.polls"
	}
	systemctl show -p ActiveState -p SubState -p StatusText -p Result -p NRestarts chunkscrubd.service >daemon.show
	poll_status status.json 2
	chunkctl status --json >status.json 2>status.err
	echo $? >status.rc
	chunkctl status >status.txt 2>&1
	busctl --system --no-pager --timeout=10 status org.chunkfs.Scrub1 >bus.status 2>&1
	busctl --system --no-pager --timeout=10 tree org.chunkfs.Scrub1 >bus.tree 2>&1
	systemctl list-timers --all --no-pager >timers 2>&1

	# ExecReload= rereads the configuration.
	systemctl reload chunkscrubd.service >reload.out 2>&1
	echo $? >reload.rc
	# Stopped, the daemon comes back by bus activation at the next call to its name (chunkctl
	# asks only a running daemon), and its boot pass takes the chunks the first one left.
	systemctl stop chunkscrubd.service
	busctl --system --timeout=30 get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1 \
		org.chunkfs.Scrub1.Manager Status >activated.out 2>&1
	echo $? >activated.rc
	poll_status resumed.json 4
	# What chunkscrub@demo.timer will start: a full scrub through the bus.
	systemctl start chunkscrub@demo.service >scrub.out 2>&1
	echo $? >scrub.rc
	systemctl show -p Result -p ExecMainStatus chunkscrub@demo.service >scrub.show

	# The watchdog (2 s in this test): two readings of the last ping, a second apart.
	systemctl show -p WatchdogTimestampMonotonic chunkscrubd.service >watchdog.1
	sleep 1.5
	systemctl show -p WatchdogTimestampMonotonic -p NRestarts chunkscrubd.service >watchdog.2

	systemctl show -p ActiveState -p Result t7100-sandbox-probe.service >probe.show
	systemctl show -p ActiveState -p SubState chunkscrubd.service >daemon.final
	systemctl --failed --no-legend --no-pager --plain >failed
	systemd-analyze security --no-pager chunkscrubd.service >security.txt 2>&1
	echo done >done
	EOF
	chmod 755 "$1"
}

# last_check of chunk ID of volume demo in a chunkctl status --json file, or "null".
last_check_of() {
	jq -r --argjson id "$2" ".volumes[] | select(.name == \"demo\") | .chunks[] | select(.chunk == \$id) | .last_check" "$1"
}

# test-lib runs a body as the condition of an if, where bash ignores set -e: every step
# is chained with && so that the first failure fails the test.

test_expect_success 'a cached Debian 12 root is built once and then reused' '
	start=$(date +%s) &&
	CACHE=$("$SRC/scripts/nspawn-root") &&
	echo "root: $CACHE ($(( $(date +%s) - start ))s)" &&
	test -x "$CACHE/lib/systemd/systemd" && test -x "$CACHE/sbin/e2fsck" &&
	test -f "$CACHE/.chunkfs-root-stamp" &&
	echo "$CACHE" >"$TRASH/cache-path"
'

# Without a root there is nothing to boot; the failure above says why.
test -f "$TRASH/cache-path" || test_done

test_expect_success 'make install DESTDIR= puts chunkfs into a copy of the root' '
	cp -a --reflink=auto "$(cat "$TRASH/cache-path")" "$ROOT" &&
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		make -C "$SRC" --no-print-directory -s install BUILD="$(realpath --relative-to="$SRC" "$BUILD")" \
			DESTDIR="$ROOT" PREFIX=/usr &&
	missing= &&
	for f in /usr/bin/chunkctl /usr/sbin/chunkscrubd /lib/systemd/system/chunkscrubd.service \
		 /lib/systemd/system/chunkscrub@.timer /usr/share/dbus-1/system.d/org.chunkfs.Scrub1.conf \
		 /usr/share/dbus-1/system-services/org.chunkfs.Scrub1.service; do
		test -e "$ROOT$f" || missing="$missing $f"
	done &&
	{ test -z "$missing" || die "make install did not install:$missing"; }
'

test_expect_success 'systemd-analyze verify is clean on the units as installed in the root' '
	rc=0 &&
	{ MANPATH="$ROOT/usr/share/man" systemd-analyze verify --root="$ROOT" chunkscrubd.service \
		chunkscrub@demo.service chunkscrub@demo.timer chunkfs-failure@chunkscrubd.service.service \
		>verify.log 2>&1 || rc=$?; } &&
	cat verify.log &&
	test $rc -eq 0 && ! test -s verify.log
'

test_expect_success 'a volume made by chunkctl mkfs is configured as [volume:demo]' '
	mkdir -p "$ROOT/srv/chunkfs" &&
	$CHUNKCTL mkfs --chunks 4 --size 8M "$ROOT$VOLDIR" &&
	test -f "$ROOT$VOLDIR/volume.conf" &&
	mkdir -p "$ROOT/etc/chunkfs" &&
	cat >"$ROOT/etc/chunkfs/chunkscrubd.conf" <<-EOF &&
	[daemon]
	boot_chunks = 2
	metrics_file = $METRICS

	[volume:demo]
	path = $VOLDIR
	EOF
	# The admin step the man pages document: let the sandbox write the chunks and metrics.
	mkdir -p "$ROOT/etc/systemd/system/chunkscrubd.service.d" "$ROOT$(dirname "$METRICS")" &&
	printf "[Service]\nReadWritePaths=/srv/chunkfs %s\n" "$(dirname "$METRICS")" \
		>"$ROOT/etc/systemd/system/chunkscrubd.service.d/chunks.conf" &&
	# A short watchdog, so that a daemon that stops pinging is caught within the test.
	printf "[Service]\nWatchdogSec=2s\n" >"$ROOT/etc/systemd/system/chunkscrubd.service.d/watchdog.conf"
'

test_expect_success 'chunkscrubd, the scrub timer and the report unit are enabled' '
	units=$ROOT/etc/systemd/system &&
	# e2fsck under exactly the sandbox of chunkscrubd.service, on a plain ext2 image, and a
	# job note written where a job writes it.
	mkdir -p "$ROOT/srv/chunkfs" &&
	mke2fs -q -t ext2 -F "$ROOT/srv/chunkfs/probe.img" 4M &&
	sed -e "s|^Type=.*|Type=oneshot|" \
	    -e "s|^ExecStart=.*|ExecStart=/sbin/e2fsck -fy /srv/chunkfs/probe.img\nExecStart=/bin/sh -c \"echo 0 0 scrub 0 probe >/run/chunkfs/jobs/1\"|" \
	    -e "s|^Description=.*|Description=t7100: e2fsck in the sandbox of chunkscrubd.service\nBefore=chunkscrubd.service|" \
	    -e "/^\(BusName\|NotifyAccess\|WatchdogSec\|Restart\|RestartSec\|ExecReload\|OnFailure\|Alias\)=/d" \
	    "$ROOT/lib/systemd/system/chunkscrubd.service" >"$units/t7100-sandbox-probe.service" &&
	mkdir -p "$units/t7100-sandbox-probe.service.d" "$units/chunkscrubd.service.d" &&
	printf "[Service]\nReadWritePaths=/srv/chunkfs\n" >"$units/t7100-sandbox-probe.service.d/chunks.conf" &&
	# A unit that fails, to see the OnFailure= reporter at work.
	cat >"$units/t7100-fails.service" <<-EOF &&
	[Unit]
	Description=t7100: a unit that fails
	OnFailure=chunkfs-failure@%n.service
	[Service]
	Type=oneshot
	ExecStart=/bin/false
	[Install]
	WantedBy=multi-user.target
	EOF
	write_report_script "$ROOT/usr/local/sbin/t7100-report" &&
	cat >"$units/t7100-report.service" <<-EOF &&
	[Unit]
	Description=t7100: record what the boot did, then power off
	After=chunkscrubd.service t7100-sandbox-probe.service t7100-fails.service multi-user.target
	SuccessAction=poweroff
	FailureAction=poweroff
	[Service]
	Type=oneshot
	ExecStart=/usr/local/sbin/t7100-report
	[Install]
	WantedBy=multi-user.target
	EOF
	systemctl --root="$ROOT" --quiet enable chunkscrubd.service chunkscrub@demo.timer \
		t7100-sandbox-probe.service t7100-fails.service t7100-report.service &&
	test -L "$units/dbus-org.chunkfs.Scrub1.service" &&
	test -L "$units/timers.target.wants/chunkscrub@demo.timer"
'

test_expect_success 'the container boots and powers off by itself' '
	boot_container "$TRASH/console.log" &&
	test -f "$RESULTS/done" || die "the report unit did not finish (see above)"
'

test_expect_success 'e2fsck runs and writes, and a job note is written, under the sandbox of chunkscrubd.service' '
	cat "$RESULTS/probe.show" &&
	{ grep -qx "Result=success" "$RESULTS/probe.show" ||
		{ container_journal -u t7100-sandbox-probe.service | tail -n 20; false; }; }
'

test_expect_success 'chunkscrubd reached READY under systemd and says what it does' '
	cat "$RESULTS/daemon.show" &&
	{ grep -qx "ActiveState=active" "$RESULTS/daemon.show" ||
		{ container_journal -u chunkscrubd.service | tail -n 30; false; }; } &&
	grep -qx "SubState=running" "$RESULTS/daemon.show" &&
	grep -q "^StatusText=..*" "$RESULTS/daemon.show"
'

test_expect_success 'chunkctl status answers on the real system bus' '
	cat "$RESULTS/status.err" "$RESULTS/status.txt" &&
	test "$(cat "$RESULTS/status.rc")" = 0 &&
	jq -e ".volumes | map(.name) == [\"demo\"]" "$RESULTS/status.json" &&
	jq -e ".volumes[0].chunks | length == 4" "$RESULTS/status.json" &&
	grep -q "/org/chunkfs/Scrub1" "$RESULTS/bus.tree" &&
	grep -q "^PID=[0-9]" "$RESULTS/bus.status"
'

test_expect_success 'the boot pass checked chunks and logged each job with its MESSAGE_ID' '
	{ jq -e "any(.volumes[].chunks[]; .last_check != null)" "$RESULTS/status.json" ||
		{ cat "$RESULTS/status.json"; die "no chunk has a last_check after the boot pass"; }; } &&
	# Entries the daemon itself wrote (not PID 1 about it), naming a chunk.
	container_journal -o export _SYSTEMD_UNIT=chunkscrubd.service >daemon.export &&
	started=$(awk -v RS= "/\nMESSAGE_ID=$JOB_STARTED_MESSAGE_ID\n/ && /\nCHUNKFS_CHUNK=/" daemon.export | grep -c "^MESSAGE_ID=") &&
	finished=$(awk -v RS= "/\nMESSAGE_ID=$JOB_FINISHED_MESSAGE_ID\n/ && /\nCHUNKFS_CHUNK=/" daemon.export | grep -c "^MESSAGE_ID=") &&
	echo "jobs started: $started, finished: $finished" &&
	test "$started" -ge 2 && test "$finished" -ge 2
'

# The boot pass's jobs wrote their notes where the sandbox lets them: the unit's
# RuntimeDirectory=chunkfs/jobs, which the daemon sweeps at start.
test_expect_success 'the jobs write their notes in /run/chunkfs/jobs, the RuntimeDirectory= of the unit' '
	container_journal -o cat _SYSTEMD_UNIT=chunkscrubd.service >notes.log &&
	grep -q "Started scrub job" notes.log &&
	{ ! grep -m 3 -e "failed to write its job note" -e "Cannot sweep the job notes" notes.log ||
		die "a job could not write its note, or the daemon could not sweep them, under the sandbox"; }
'

test_expect_success 'the daemon keeps its state in /var/lib/chunkfs, the StateDirectory= of the unit' '
	container_journal -o cat _SYSTEMD_UNIT=chunkscrubd.service >daemon.log &&
	{ ! grep -i -m 3 "read-only file system" daemon.log ||
		die "chunkscrubd met a read-only path: its default state_dir must be /var/lib/chunkfs, the StateDirectory="; } &&
	ls -l "$ROOT/var/lib/chunkfs" &&
	test -n "$(ls -A "$ROOT/var/lib/chunkfs")"
'

test_expect_success 'the metrics file for node_exporter lists every chunk' '
	grep "^chunkfs_chunk_last_check_seconds" "$ROOT$METRICS" &&
	test "$(grep -c "^chunkfs_chunk_last_check_seconds{" "$ROOT$METRICS")" -eq 4 &&
	grep -q "^chunkfs_chunk_state{" "$ROOT$METRICS"
'

test_expect_success 'systemctl reload rereads the configuration' '
	cat "$RESULTS/reload.out" &&
	test "$(cat "$RESULTS/reload.rc")" = 0
'

test_expect_success 'stopped, chunkscrubd comes back by bus activation and resumes its schedule' '
	cat "$RESULTS/activated.out" &&
	test "$(cat "$RESULTS/activated.rc")" = 0 &&
	container_journal -o cat -u dbus.service | grep "Activating via systemd: service name=.org.chunkfs.Scrub1" &&
	# The first pass checked chunks 0 and 1; the second takes 2 and 3, the least recently
	# checked, and leaves 0 and 1 as they were.
	for id in 0 1 2 3; do
		echo "chunk $id: $(last_check_of "$RESULTS/status.json" $id) -> $(last_check_of "$RESULTS/resumed.json" $id)"
	done &&
	jq -e "all(.volumes[].chunks[]; .last_check != null)" "$RESULTS/resumed.json" &&
	for id in 0 1; do
		before=$(last_check_of "$RESULTS/status.json" $id) &&
		test "$before" -gt 0 &&
		test "$before" = "$(last_check_of "$RESULTS/resumed.json" $id)" ||
			die "chunk $id was checked again instead of an unchecked one"
	done
'

test_expect_success 'chunkscrub@demo.service scrubs the whole volume through the daemon' '
	cat "$RESULTS/scrub.out" "$RESULTS/scrub.show" &&
	test "$(cat "$RESULTS/scrub.rc")" = 0 &&
	grep -qx "Result=success" "$RESULTS/scrub.show" &&
	container_journal -o export _SYSTEMD_UNIT=chunkscrubd.service >daemon.export &&
	after_start=$(awk -v RS= "/\nMESSAGE_ID=$JOB_FINISHED_MESSAGE_ID\n/" daemon.export | grep -c "^MESSAGE_ID=") &&
	echo "jobs finished in all: $after_start" &&
	test "$after_start" -ge 8
'

test_expect_success 'chunkscrubd pings the watchdog' '
	cat "$RESULTS/watchdog.1" "$RESULTS/watchdog.2" &&
	first=$(sed -n "s/^WatchdogTimestampMonotonic=//p" "$RESULTS/watchdog.1") &&
	second=$(sed -n "s/^WatchdogTimestampMonotonic=//p" "$RESULTS/watchdog.2") &&
	test "$first" -gt 0 && test "$second" -gt "$first" &&
	! container_journal -u chunkscrubd.service -o cat | grep -i "watchdog timeout"
'

test_expect_success 'the scrub timer of the volume is listed' '
	cat "$RESULTS/timers" &&
	grep -q "chunkscrub@demo.timer *chunkscrub@demo.service" "$RESULTS/timers"
'

test_expect_success 'a failed unit is reported by chunkfs-failure@.service' '
	container_journal -o export MESSAGE_ID=$FAILURE_MESSAGE_ID >failure.export &&
	{ grep -qx "CHUNKFS_FAILED_UNIT=t7100-fails.service" failure.export ||
		{ container_journal -u "chunkfs-failure@t7100-fails.service.service"; false; }; } &&
	grep -qx "PRIORITY=2" failure.export
'

test_expect_success 'only the unit meant to fail failed, and chunkscrubd stopped cleanly' '
	cat "$RESULTS/failed" &&
	! grep -v "^t7100-fails.service " "$RESULTS/failed" &&
	container_journal -u chunkscrubd.service -o cat >daemon.log &&
	! grep -E "timed out|SIGKILL|Failed with result|code=(killed|dumped)" daemon.log &&
	grep -q "Stopped chunkscrubd.service" daemon.log &&
	grep -qx "ActiveState=active" "$RESULTS/daemon.final"
'

# A second boot of the same root, as after a fresh install: the example config that make
# install puts in place when there is none, under the shipped unit without any drop-in.
test_expect_success 'after a fresh install the example config runs under chunkscrubd.service' '
	units=$ROOT/etc/systemd/system &&
	cp "$ROOT/etc/chunkfs/chunkscrubd.conf.example" "$ROOT/etc/chunkfs/chunkscrubd.conf" &&
	rm -r "$units/chunkscrubd.service.d" &&
	cat >"$units/t7100-second-boot.service" <<-EOF &&
	[Unit]
	Description=t7100: record chunkscrubd under the example config, then power off
	After=chunkscrubd.service multi-user.target
	SuccessAction=poweroff
	FailureAction=poweroff
	[Service]
	Type=oneshot
	ExecStart=/bin/sh -c "systemctl show -p ActiveState -p SubState -p StatusText chunkscrubd.service >/results/example.show"
	[Install]
	WantedBy=multi-user.target
	EOF
	systemctl --root="$ROOT" --quiet disable t7100-report.service t7100-fails.service t7100-sandbox-probe.service &&
	systemctl --root="$ROOT" --quiet enable t7100-second-boot.service &&
	since=$(date "+%Y-%m-%d %H:%M:%S") &&
	boot_container "$TRASH/console-2.log" &&
	cat "$RESULTS/example.show" &&
	container_journal -o cat _SYSTEMD_UNIT=chunkscrubd.service --since="$since" >example.log &&
	{ grep -qx "ActiveState=active" "$RESULTS/example.show" || { sort example.log | uniq -c | head; false; }; } &&
	{ ! grep -i -m 3 "read-only file system" example.log ||
		die "with the example config chunkscrubd meets read-only paths under its unit"; }
'

test_done
