#!/bin/bash
# Online scrub (issue 21): a mixed fio workload on the mount (4 KiB random reads and writes,
# 70/30, on files spread over the chunks), alone and then while every chunk is checked
# online through the mount in a loop at full speed (chunkctl check K, one chunk after the
# other). Reported: the workload's IOPS and 99th-percentile latency both ways and their
# ratios (goals: IOPS with scrubbing >= 80% of without; p99 <= 2x), the checks done, and the
# longest the mount held its operations for one check against that check's time.
# Environment: CHUNKS (8), SIZE (chunk size, 64M), RUN_S (seconds of each fio run, 20),
# FILES (fio files, 4), FILE_MB (each, 24).
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFS=$BUILD/chunkfs
CHUNKS=${CHUNKS:-8}
SIZE=${SIZE:-64M}
RUN_S=${RUN_S:-20}
FILES=${FILES:-4}
FILE_MB=${FILE_MB:-24}

for tool in fio fusermount3 mountpoint python3; do
	command -v "$tool" >/dev/null || { echo "skipped: no $tool on this machine"; exit 0; }
done
[ -c /dev/fuse ] || { echo "skipped: no /dev/fuse"; exit 0; }

T=$(mktemp -d /tmp/chunkfs-bench-online.XXXXXX)
MNT=$T/mnt
export CHUNKFS_RUN_DIR=$T/run
cleanup() {
	[ -n "${LOOP:-}" ] && kill "$LOOP" 2>/dev/null
	mountpoint -q "$MNT" && fusermount3 -u "$MNT"
	sleep 0.5
	rm -rf "$T"
}
trap cleanup EXIT

"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "$SIZE" --threshold 64K "$T/vol" >/dev/null
mkdir -p "$MNT"
"$CHUNKFS" "$T/vol" "$MNT" 2>"$T/mount.log"
for i in $(seq 1 100); do mountpoint -q "$MNT" && break; sleep 0.1; done
for i in $(seq 1 "$FILES"); do mkdir -p "$MNT/d$i"; done
# The files are laid out first (continuing across chunks), so both runs do the same I/O.
for i in $(seq 1 "$FILES"); do head -c "${FILE_MB}M" /dev/urandom >"$MNT/d$i/f"; done

workload() { # OUT.json
	local files=""
	for i in $(seq 1 "$FILES"); do files="$files${files:+:}$MNT/d$i/f"; done
	fio --name=mixed --filename="$files" --ioengine=psync --iodepth=1 --rw=randrw --rwmixread=70 \
		--bs=4k --size="$((FILES * FILE_MB))M" --time_based --runtime="$RUN_S" --fsync=64 \
		--numjobs=2 --group_reporting --output-format=json >"$1" 2>"$T/fio.err" ||
		{ echo "fio failed: $(head -n 3 "$T/fio.err")"; exit 1; }
}

scrub_loop() { # runs until killed; one JSON report per line in $T/checks
	while :; do
		for k in $(seq 0 $((CHUNKS - 1))); do
			"$CHUNKCTL" -V "$T/vol" check --json "$k" >>"$T/checks" 2>>"$T/checks.err" || echo "check $k: $?" >>"$T/checks.bad"
			echo >>"$T/checks"
		done
	done
}

workload "$T/alone.json"
: >"$T/checks"
scrub_loop &
LOOP=$!
workload "$T/scrubbed.json"
kill "$LOOP"; wait "$LOOP" 2>/dev/null || true
LOOP=

python3 - "$T/alone.json" "$T/scrubbed.json" "$T/checks" "$CHUNKS" "$SIZE" "$RUN_S" <<'EOF'
import json, sys
def load(p):
    j = json.load(open(p))["jobs"][0]
    iops = j["read"]["iops"] + j["write"]["iops"]
    p99 = max(j[d]["clat_ns"]["percentile"].get("99.000000", 0) for d in ("read", "write")) / 1e6
    return iops, p99
a_iops, a_p99 = load(sys.argv[1])
s_iops, s_p99 = load(sys.argv[2])
reports = []
for line in open(sys.argv[3]):
    line = line.strip()
    if line:
        try:
            reports += json.loads(line)["chunks"]
        except ValueError:
            pass
bad = [r for r in reports if r["result"] != 0]
hold = max((r.get("longest_hold_seconds", 0) for r in reports), default=0)
worst = max(reports, key=lambda r: r.get("longest_hold_seconds", 0)) if reports else None
print("online scrub: %s chunks of %s, fio randrw 70/30 4k, 2 jobs, %s s each way" % (sys.argv[4], sys.argv[5], sys.argv[6]))
print("| measure | no scrub | scrubbing every chunk | ratio | goal |")
print("| --- | --- | --- | --- | --- |")
r = s_iops / a_iops if a_iops else 0
print("| IOPS (read + write) | %.0f | %.0f | %.2f | >= 0.80: %s |" % (a_iops, s_iops, r, "met" if r >= 0.8 else "not met"))
r2 = s_p99 / a_p99 if a_p99 else 0
print("| p99 latency, ms | %.2f | %.2f | %.2f | <= 2: %s |" % (a_p99, s_p99, r2, "met" if r2 <= 2 else "not met"))
print("| online checks done | - | %d (%d not clean) | | |" % (len(reports), len(bad)))
if worst:
    print("| longest hold of the mount by one check, s | - | %.3f (chunk %d, whose check took %.3f s) | | <= the check's time: %s |"
          % (hold, worst["chunk"], worst["seconds"], "met" if hold <= worst["seconds"] else "not met"))
EOF
[ -s "$T/checks.bad" ] && { echo "checks that failed:"; cat "$T/checks.bad"; }
exit 0
