# Helpers for the chunkscrubd stories (t6xxx): a private dbus-daemon with a policy of the test's
# own, the daemon started and stopped, and small waits. Source after tests/test-lib.sh.

# The socket lives outside $TRASH (0700) so that a setpriv'd caller can reach it.
BUSDIR=$(mktemp -d /tmp/chunkfs-bus.XXXXXX)
chmod 755 "$BUSDIR"
test_at_end 'rm -rf "$BUSDIR"'
# Test bodies run in subshells: every daemon started is listed, and killed at the end.
test_at_end 'for p in $(cat "$TRASH/daemon.pids" 2>/dev/null); do kill -9 $p; done'

bus_start() {
	cat >"$BUSDIR/bus.conf" <<-EOT
	<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
	 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
	<busconfig>
	  <type>system</type>
	  <listen>unix:path=$BUSDIR/system_bus_socket</listen>
	  <auth>EXTERNAL</auth>
	  <policy context="default">
	    <allow user="*"/>
	    <allow send_destination="*" eavesdrop="true"/>
	    <allow receive_sender="*"/>
	  </policy>
	  <policy user="root">
	    <allow own="org.chunkfs.Scrub1"/>
	  </policy>
	</busconfig>
	EOT
	dbus-daemon --config-file="$BUSDIR/bus.conf" --fork --print-pid=3 3>"$BUSDIR/bus.pid" || return 1
	BUS_PID=$(cat "$BUSDIR/bus.pid")
	test_at_end "kill $BUS_PID"
	DBUS_SYSTEM_BUS_ADDRESS=unix:path=$BUSDIR/system_bus_socket
	export DBUS_SYSTEM_BUS_ADDRESS
}

# wait_for SECONDS 'SHELL CODE': evaluate it every 0.1 s until it succeeds.
wait_for() {
	local n=$(($1 * 10)); shift
	while [ $n -gt 0 ]; do
		eval "$*" >/dev/null 2>&1 && return 0
		sleep 0.1; n=$((n - 1))
	done
	eval "$*"
}

daemon_ready() {
	busctl --system get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Status
}

# daemon_start CONF: start chunkscrubd in the background, logging to $TRASH/daemon.log.
daemon_start() {
	"$CHUNKSCRUBD" -c "$1" >>"$TRASH/daemon.log" 2>&1 &
	echo $! >"$TRASH/daemon.pid"
	echo $! >>"$TRASH/daemon.pids"
	wait_for 10 daemon_ready || { cat "$TRASH/daemon.log"; return 1; }
}

daemon_stop() {
	kill -TERM "$(cat "$TRASH/daemon.pid")" 2>/dev/null || return 0
	local n=100
	while kill -0 "$(cat "$TRASH/daemon.pid")" 2>/dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
	! kill -0 "$(cat "$TRASH/daemon.pid")" 2>/dev/null
}

# jobs_idle: no job queued or running.
jobs_idle() {
	[ "$(busctl --system get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager RunningJobs)" = "u 0" ] &&
	"$CHUNKCTL" status --json | jq -e '[.volumes[].chunks[].job] | all(. == null)' >/dev/null
}

chunk_prop() { # chunk_prop VOLUME ID PROPERTY: the value busctl prints, without the type
	busctl --system get-property org.chunkfs.Scrub1 "/org/chunkfs/Scrub1/chunk/$1_$2" \
		org.chunkfs.Scrub1.Chunk "$3" | cut -d' ' -f2-
}

# The chunk ids the daemon checked, in order, for ORIGIN (boot, idle, admin), from its state file.
checked_chunks() { # checked_chunks STATE_DIR ORIGIN
	awk -v o="$2" '$1 == "history" && $6 == o { printf "%s%s", sep, $4; sep = " " } END { print "" }' "$1/state"
}

# A volume of N image chunks in DIR: make_volume DIR N [SIZE]
make_volume() {
	"$CHUNKCTL" mkfs --chunks "$2" --size "${3:-8M}" "$1" >/dev/null
}

# A stand-in for e2fsck that takes SECONDS before running the real one, and on SIGTERM ends
# the way e2fsck does when cancelled (exit 32).
slow_e2fsck() { # slow_e2fsck PATH SECONDS
	cat >"$1" <<-EOT
	#!/bin/sh
	trap 'kill \$s 2>/dev/null; exit 32' TERM INT
	echo "\$\$" >>"$1.pids"
	# A TERM that comes between the fork of the sleep and \$s being set ends the script and
	# leaves the sleep running, holding the progress pipe (fd 3): the job still ends with the
	# script, as libchunk waits for e2fsck to exit, not for its pipes to close (test-e2fsck).
	sleep $2 </dev/null >/dev/null 2>&1 & s=\$!
	wait \$s
	exec e2fsck "\$@"
	EOT
	chmod +x "$1"
}

# checked_are STATE_DIR ORIGIN ID...: the daemon checked exactly these chunks, in this order.
checked_are() {
	local dir=$1 origin=$2; shift 2
	[ "$(checked_chunks "$dir" "$origin")" = "$*" ]
}
