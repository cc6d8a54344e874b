#!/bin/bash
# chunkscrubd benchmarks (issue 6), on a private dbus-daemon:
#  1. idle daemon: wakeups (context switches) over BENCH_IDLE_SECONDS (default 60) with nothing
#     due, and RSS (goal: no wakeups but its timers, RSS < 16 MiB)
#  2. 100 concurrent `chunkctl status --json` clients during a scrub (goal: every answer < 1 s)
#  3. a foreground sequential read's throughput alone and with a background scrub at I/O class idle
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKSCRUBD=$BUILD/chunkscrubd
IDLE=${BENCH_IDLE_SECONDS:-60}
CLIENTS=${BENCH_CLIENTS:-100}
W=$(mktemp -d /tmp/chunkfs-bench-daemon.XXXXXX)
chmod 755 "$W"
pids=()
cleanup() {
	for p in "${pids[@]+"${pids[@]}"}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$W"
}
trap cleanup EXIT

cat >"$W/bus.conf" <<EOT
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$W/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOT
dbus-daemon --config-file="$W/bus.conf" --fork --print-pid=3 3>"$W/bus.pid"
pids+=("$(cat "$W/bus.pid")")
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$W/bus

status_of() { grep "^$2:" "/proc/$1/status" | awk '{ print $2 }'; }
ready() { busctl --system get-property org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Status >/dev/null 2>&1; }
start_daemon() { # start_daemon CONF
	"$CHUNKSCRUBD" -c "$1" >>"$W/daemon.log" 2>&1 &
	DPID=$!
	pids+=("$DPID")
	for _ in $(seq 100); do ready && return 0; sleep 0.1; done
	cat "$W/daemon.log"; return 1
}
stop_daemon() { kill "$DPID"; wait "$DPID" 2>/dev/null || true; }

echo "$(nproc) cores; $(date -u +%F); block scheduler of / : $(d=$(findmnt -no source /); cat "/sys/class/block/${d#/dev/}/queue/scheduler" 2>/dev/null || cat "/sys/class/block/${d#/dev/}/../queue/scheduler" 2>/dev/null || echo unknown)"

# ---- 1. idle ----
"$CHUNKCTL" mkfs --chunks 16 --size 16M "$W/vol" >/dev/null
"$CHUNKCTL" -V "$W/vol" check --all >/dev/null   # every chunk checked just now: nothing due
cat >"$W/idle.conf" <<EOT
[daemon]
state_dir = $W/state
boot_chunks = 0
interval = 7d
idle_after = 5m
[volume:bench]
path = $W/vol
EOT
start_daemon "$W/idle.conf"
sleep 2
v0=$(status_of "$DPID" voluntary_ctxt_switches); n0=$(status_of "$DPID" nonvoluntary_ctxt_switches)
sleep "$IDLE"
v1=$(status_of "$DPID" voluntary_ctxt_switches); n1=$(status_of "$DPID" nonvoluntary_ctxt_switches)
rss=$(status_of "$DPID" VmRSS); hwm=$(status_of "$DPID" VmHWM)
echo "1. idle daemon, 16 chunks, nothing due, ${IDLE} s:"
printf '  %-52s %8d\n' "wakeups (voluntary context switches)" $((v1 - v0))
printf '  %-52s %8d\n' "involuntary context switches" $((n1 - n0))
printf '  %-52s %8d KiB (peak %d KiB; goal < 16384)\n' "RSS" "$rss" "$hwm"
stop_daemon

# ---- 2. status clients during a scrub ----
# Scrubs of real chunks are short (e2fsck reads only metadata), so a loop keeps one running.
"$CHUNKCTL" mkfs --chunks 2 --size 768M "$W/big" >/dev/null
"$CHUNKCTL" -V "$W/big" cp -r "${BENCH_TREE:-/usr/include}" :/tree
head -c 1G /dev/zero | tr '\0' x >"$W/data"
cat >"$W/busy.conf" <<EOT
[daemon]
state_dir = $W/state2
boot_chunks = 0
interval = 365d
idle_after = 1h
[volume:big]
path = $W/big
EOT
"$CHUNKCTL" -V "$W/big" check --all >/dev/null
start_daemon "$W/busy.conf"
scrub_loop() { # scrub_loop DROP: scrubs back to back (DROP=1: the chunks' pages dropped first) until killed
	while :; do
		[ "$1" = 1 ] && for c in "$W"/big/chunk-*.img; do dd if="$c" iflag=nocache count=0 status=none; done
		"$CHUNKCTL" scrub big --all --wait >/dev/null 2>&1
		echo x >>"$W/scrubs"
	done
}
client() { # one status call; prints its latency in ms
	local t0 t1
	t0=$(date +%s%N)
	"$CHUNKCTL" status --json >/dev/null || echo "client failed" >&2
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000000 ))
}
export -f client; export CHUNKCTL DBUS_SYSTEM_BUS_ADDRESS
: >"$W/scrubs"
scrub_loop 0 &
loop=$!; pids+=("$loop")
sleep 0.5
seq "$CLIENTS" | xargs -P "$CLIENTS" -I{} bash -c client >"$W/lat"
kill "$loop"; wait "$loop" 2>/dev/null || true
sort -n "$W/lat" >"$W/lat.s"
echo "2. $CLIENTS concurrent 'chunkctl status --json' while scrubs run back to back ($(wc -l <"$W/scrubs") scrubs of 2 chunks meanwhile)"
printf '  %-52s %8d ms\n' "median latency" "$(awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }' "$W/lat.s")"
printf '  %-52s %8d ms (goal < 1000)\n' "max latency" "$(tail -1 "$W/lat.s")"
printf '  %-52s %8d of %d\n' "answers" "$(wc -l <"$W/lat.s")" "$CLIENTS"

# ---- 3. foreground reads with and without background scrubs ----
read_mbs() { # sequential read of $W/data (1 GiB) from a cold cache; MB/s
	dd if="$W/data" iflag=nocache count=0 status=none
	dd if="$W/data" of=/dev/null bs=1M 2>&1 | awk '/copied/ { v = $(NF-1); if ($NF == "GB/s") v *= 1000; print v }'
}
median3() { sort -n | sed -n 2p; }
echo "3. foreground sequential read of 1 GiB from a cold cache, median of 3 runs each:"
alone=$(for i in 1 2 3; do read_mbs; done | median3)
: >"$W/scrubs"
scrub_loop 1 &
loop=$!; pids+=("$loop")
sleep 0.3
with=$(for i in 1 2 3; do read_mbs; done | median3)
kill "$loop"; wait "$loop" 2>/dev/null || true
nscrub=$(wc -l <"$W/scrubs")
stop_daemon
# The peer: what one would run without chunkfs, e2fsck -fn of one monolithic image of the same
# tree, back to back at default priority, its pages dropped before each run.
mke2fs -q -F -t ext4 -d "${BENCH_TREE:-/usr/include}" "$W/mono.img" 1536M >/dev/null
: >"$W/fscks"
( while :; do dd if="$W/mono.img" iflag=nocache count=0 status=none; e2fsck -fn "$W/mono.img" >/dev/null 2>&1; echo x >>"$W/fscks"; done ) &
loop=$!; pids+=("$loop")
sleep 0.3
peer=$(for i in 1 2 3; do read_mbs; done | median3)
kill "$loop"; wait "$loop" 2>/dev/null || true
printf '  %-52s %8s MB/s\n' "alone" "$alone"
printf '  %-52s %8s MB/s (%d scrubs of 2 chunks, pages dropped)\n' "with chunkscrubd scrubs (io_class=idle, nice 19)" "$with" "$nscrub"
printf '  %-52s %8s MB/s (%d runs)\n' "peer: with e2fsck -fn of one image, default prio" "$peer" "$(wc -l <"$W/fscks")"
