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
FAILURE_MESSAGE_ID=4f5001a860f346fd8af7bbacc948ab38

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

# The payload of the report unit: runs inside, after chunkscrubd.service has started.
write_report_script() {
	cat >"$1" <<-'EOF'
	#!/bin/sh
	# t7100: what the booted system says about chunkscrubd, written into /results.
	cd /results || exit 1
	systemctl show -p ActiveState -p SubState -p StatusText -p Result -p NRestarts chunkscrubd.service >daemon.show
	# The boot pass: wait until a chunk has been checked and no job runs any more.
	i=0
	while [ $i -lt 120 ] && systemctl is-active -q chunkscrubd.service; do
		if chunkctl status --json >status.json 2>status.err &&
		   grep -q '"last_check": *[0-9]' status.json && ! grep -q '"checking"' status.json; then
			break
		fi
		sleep 1
		i=$((i + 1))
	done
	echo $i >boot-pass.seconds
	chunkctl status --json >status.json 2>status.err
	echo $? >status.rc
	chunkctl status >status.txt 2>&1
	systemctl show -p StatusText chunkscrubd.service >daemon.status-after-pass
	busctl --system --no-pager --timeout=10 status org.chunkfs.Scrub1 >bus.status 2>&1
	busctl --system --no-pager --timeout=10 tree org.chunkfs.Scrub1 >bus.tree 2>&1
	systemctl list-timers --all --no-pager >timers 2>&1
	systemctl show -p ActiveState -p Result t7100-sandbox-probe.service >probe.show
	systemctl --failed --no-legend --no-pager --plain >failed
	systemd-analyze security --no-pager chunkscrubd.service >security.txt 2>&1
	echo done >done
	EOF
	chmod 755 "$1"
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

test_expect_success 'make install DESTDIR= puts chunkfs into a copy of the root' '
	cp -a --reflink=auto "$(cat "$TRASH/cache-path")" "$ROOT" &&
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		make -C "$SRC" --no-print-directory -s install BUILD="$BUILD" DESTDIR="$ROOT" PREFIX=/usr &&
	missing= &&
	for f in /usr/sbin/chunkctl /usr/sbin/chunkscrubd /lib/systemd/system/chunkscrubd.service \
		 /lib/systemd/system/chunkscrub@.timer /usr/share/dbus-1/system.d/org.chunkfs.Scrub1.conf \
		 /usr/share/dbus-1/system-services/org.chunkfs.Scrub1.service; do
		test -e "$ROOT$f" || missing="$missing $f"
	done &&
	{ test -z "$missing" || die "make install did not install:$missing"; }
'

test_expect_success 'a volume made by chunkctl mkfs is configured as [volume:demo]' '
	mkdir -p "$ROOT/srv/chunkfs" &&
	$CHUNKCTL mkfs --chunks 4 --size 8M "$ROOT$VOLDIR" &&
	test -f "$ROOT$VOLDIR/volume.conf" &&
	mkdir -p "$ROOT/etc/chunkfs" &&
	cat >"$ROOT/etc/chunkfs/chunkscrubd.conf" <<-EOF &&
	[daemon]
	state_dir = /var/lib/chunkfs
	boot_chunks = 2

	[volume:demo]
	path = $VOLDIR
	EOF
	# The admin step the man page documents: let the sandbox write the chunks.
	mkdir -p "$ROOT/etc/systemd/system/chunkscrubd.service.d" &&
	printf "[Service]\nReadWritePaths=/srv/chunkfs\n" >"$ROOT/etc/systemd/system/chunkscrubd.service.d/chunks.conf"
'

test_expect_success 'chunkscrubd, the scrub timer and the report unit are enabled' '
	units=$ROOT/etc/systemd/system &&
	# e2fsck under exactly the sandbox of chunkscrubd.service, on a plain ext2 image.
	mkdir -p "$ROOT/srv/chunkfs" &&
	mke2fs -q -t ext2 -F "$ROOT/srv/chunkfs/probe.img" 4M &&
	sed -e "s|^Type=.*|Type=oneshot|" \
	    -e "s|^ExecStart=.*|ExecStart=/sbin/e2fsck -fy /srv/chunkfs/probe.img|" \
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
	mkdir -p "$RESULTS" &&
	# Without systemd on the host there is no machined to register with nor a manager to
	# make a scope: the container then lives in the cgroup of the test.
	opts="--register=no" &&
	{ [ -d /run/systemd/system ] || opts="$opts --keep-unit"; } &&
	start=$(date +%s) &&
	rc=0 &&
	{ timeout -k 20 300 systemd-nspawn --quiet --boot --directory="$ROOT" --machine=chunkfs-t7100 \
		$opts --console=read-only --bind="$RESULTS:/results" \
		systemd.show_status=yes systemd.log_color=no </dev/null >"$TRASH/console.log" 2>&1 || rc=$?; } &&
	echo "boot to poweroff: $(( $(date +%s) - start ))s, systemd-nspawn exit $rc" &&
	if [ $rc -ne 0 ] || ! test -f "$RESULTS/done"; then
		tail -n 40 "$TRASH/console.log"
		die "the container did not finish its report (systemd-nspawn exit $rc)"
	fi
'

test_expect_success 'e2fsck runs and writes under the sandbox of chunkscrubd.service' '
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
	grep -q "\"name\": *\"demo\"" "$RESULTS/status.json" &&
	grep -q "/org/chunkfs/Scrub1" "$RESULTS/bus.tree" &&
	grep -q "^PID=[0-9]" "$RESULTS/bus.status"
'

test_expect_success 'the boot pass checked chunks and logged it with MESSAGE_IDs' '
	echo "boot pass done after $(cat "$RESULTS/boot-pass.seconds")s of waiting" &&
	{ grep -q "\"last_check\": *[0-9]" "$RESULTS/status.json" ||
		{ cat "$RESULTS/status.json"; die "no chunk has a last_check after the boot pass"; }; } &&
	# Entries the daemon itself wrote (not PID 1 about it), with a chunk and a MESSAGE_ID.
	container_journal -o export _SYSTEMD_UNIT=chunkscrubd.service >daemon.export &&
	awk -v RS= "/\nCHUNKFS_CHUNK=/ && /\nMESSAGE_ID=/" daemon.export >chunk-messages &&
	grep "^MESSAGE_ID=" chunk-messages | sort | uniq -c &&
	test -s chunk-messages
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
	grep -q "Stopped chunkscrubd.service" daemon.log
'

test_done
