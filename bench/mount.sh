#!/bin/bash
# The mount (issue 20): a chunkfs volume served by build/chunkfs against fuse2fs on one ext4
# image of the same total size, with the kernel's ext4 on a loop device of that size for
# context, all in the same run: untar of a real tree, a cold stat walk and a cold read of it,
# fio sequential and random I/O, two untars in parallel against one after the other, the time
# to consistent after kill -9 of the mount during an untar, the mount's peak RSS, and the time
# to mount a 1024-chunk volume. One table, each row with its goal from the issue where there is
# one, marked met or not met.
# Environment: QUICK (1: smaller fio sizes, one run of each timing; a couple of minutes),
# RUNS (timed runs of each measurement, the best is reported with the range; 3, QUICK 1),
# CHUNKS (64), TOTAL (MiB, 4096: every file system's size), TREE (/usr/include), SEQ (MiB
# written and read sequentially, 1024; QUICK 256), RAND (MiB of the random I/O file, 256;
# QUICK 64), RAND_S (seconds of each random job, 15; QUICK 5), BIG (chunks of the
# many-chunk volume, 1024), FILL (a tree each file system holds before the crash run's untar,
# so that the crash hits a file system in use; /usr/share; empty: none), PARTS (which
# measurements: any of untar tree crash big; all four).
# Each FUSE file system is cold for the stat walk and the read (unmounted, caches dropped,
# mounted again), and each untar ends with sync -f and the unmount (the daemon's own flush at
# exit) inside its time, so no cache hides work.
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFS=$BUILD/chunkfs
QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then
	RUNS=${RUNS:-1} SEQ=${SEQ:-256} RAND=${RAND:-64} RAND_S=${RAND_S:-5}
else
	RUNS=${RUNS:-3} SEQ=${SEQ:-1024} RAND=${RAND:-256} RAND_S=${RAND_S:-15}
fi
CHUNKS=${CHUNKS:-64}
TOTAL=${TOTAL:-4096}
TREE=${TREE:-/usr/include}
BIG=${BIG:-1024}
FILL=${FILL-/usr/share}
PARTS=${PARTS:-untar tree crash big}
FSES="chunkfs fuse2fs ext4"

for tool in fio fuse2fs mountpoint losetup; do
	command -v $tool >/dev/null || { echo "bench/mount.sh: $tool missing (scripts/install-deps)"; exit 0; }
done
[ -e /dev/fuse ] && [ "$(id -u)" = 0 ] || { echo "bench/mount.sh: needs root and /dev/fuse; skipped"; exit 0; }

T=$(mktemp -d /tmp/chunkfs-bench-mount.XXXXXX)
MNT=$T/mnt
mkdir -p "$MNT"
LOOP=""
PID=""

# Whatever is mounted or running when the script ends, however it ends, goes: the mount point
# (lazily, for a daemon that was killed), the daemon, the loop device, the temp dir.
cleanup() {
	set +e
	mountpoint -q "$MNT" && { umount "$MNT" 2>/dev/null || umount -l "$MNT"; }
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	[ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }
hwm() { awk '/^VmHWM/ { print $2 }' "/proc/$1/status"; }

# A fresh, empty file system of the kind FS, TOTAL MiB in all, on $T.
make_fs() { # FS [CHUNK-COUNT]
	rm -rf "$T/vol" "$T/img"
	case $1 in
	chunkfs) "$CHUNKCTL" mkfs --chunks "${2:-$CHUNKS}" --size "$((TOTAL / ${2:-$CHUNKS}))M" "$T/vol" >/dev/null ;;
	*) mke2fs -q -F -t ext4 "$T/img" "${TOTAL}M" >/dev/null 2>&1 ;;
	esac
}
# Mount FS at $MNT: the FUSE daemons in the foreground, in the background of this script, so
# that $PID is the daemon.
mount_fs() { # FS
	case $1 in
	chunkfs)
		"$CHUNKFS" "$T/vol" "$MNT" -f -o allow_other 2>>"$T/daemon.log" &
		PID=$! ;;
	fuse2fs)
		fuse2fs "$T/img" "$MNT" -f -o allow_other,default_permissions >>"$T/daemon.log" 2>&1 &
		PID=$! ;;
	ext4)
		LOOP=$(losetup -f --show "$T/img")
		mount -t ext4 "$LOOP" "$MNT" ;;
	esac
	local i
	for i in $(seq 1000); do mountpoint -q "$MNT" && return 0; sleep 0.01; done
	echo "bench/mount.sh: $1 did not mount" >&2
	return 1
}
# Unmount, and wait for the daemon's flush at exit (or for the loop device to go).
umount_fs() {
	umount "$MNT"
	if [ -n "$PID" ]; then wait "$PID" || true; PID=""; fi
	if [ -n "$LOOP" ]; then losetup -d "$LOOP"; LOOP=""; fi
}
remount_cold() { # FS
	umount_fs
	drop_caches
	mount_fs "$1"
}

# The results: one line "FS METRIC VALUE" a run, in $T/results.
record() { echo "$1 $2 $3" >>"$T/results"; }

# Untar ends with sync -f (chunkfs's fails, see the README) and the unmount: the daemon writes
# what it still holds before it exits. Peak RSS is read between the two, outside the time.
untar_run() { # FS
	local t0 t1 s
	make_fs "$1"
	mount_fs "$1"
	t0=$(now)
	tar -xf "$T/tree.tar" -C "$MNT"
	sync -f "$MNT" 2>>"$T/sync.log" || echo "$1: sync -f failed" >>"$T/sync.log"
	s=$(since "$t0")
	[ -n "$PID" ] && record "$1" rss "$(hwm "$PID")"
	t1=$(now)
	umount_fs
	record "$1" untar "$(awk -v a="$s" -v b="$(since "$t1")" 'BEGIN { print a + b }')"
	mount_fs "$1"
}
# With the tree on the mount: the cold stat walk, the cold read, the two untars one after the
# other and in parallel, and fio. Leaves the file system unmounted.
tree_runs() { # FS
	local t0
	remount_cold "$1"
	t0=$(now)
	find "$MNT/${TREE##*/}" -printf '%s %m %u %t\n' >/dev/null
	record "$1" walk "$(since "$t0")"
	remount_cold "$1"
	t0=$(now)
	tar -cf - -C "$MNT" "${TREE##*/}" | cat >/dev/null
	record "$1" read "$(since "$t0")"
	mkdir "$MNT/s1" "$MNT/s2" "$MNT/p1" "$MNT/p2"
	t0=$(now)
	tar -xf "$T/tree.tar" -C "$MNT/s1"
	tar -xf "$T/tree.tar" -C "$MNT/s2"
	sync -f "$MNT" 2>/dev/null || true
	record "$1" serial "$(since "$t0")"
	t0=$(now)
	tar -xf "$T/tree.tar" -C "$MNT/p1" &
	local p1=$!
	tar -xf "$T/tree.tar" -C "$MNT/p2" &
	wait "$p1" $!
	sync -f "$MNT" 2>/dev/null || true
	record "$1" parallel "$(since "$t0")"
	fio_runs "$1"
	umount_fs
}
# fio: MiB/s of one job, read or written, from its JSON.
fio_job() { # FS METRIC KEY(bw|iops) fio-args...
	local fs=$1 metric=$2 key=$3
	shift 3
	fio --name="$metric" --directory="$MNT" --ioengine=psync --iodepth=1 --fallocate=none \
		--output-format=json "$@" >"$T/fio.json" 2>"$T/fio.err" || {
		{
			echo "- fio $metric on $fs failed: $(grep -m1 'error' "$T/fio.err")"
			[ "$fs" = fuse2fs ] || [ "$fs" = ext4 ] || tail -n 3 "$T/daemon.log" | sed 's/^/  daemon: /'
		} >>"$T/failures"
		return 0
	}
	record "$fs" "$metric" "$(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
k = sys.argv[2]
rw = j["read"] if j["read"]["io_bytes"] else j["write"]
print("%.1f" % (rw["bw_bytes"] / 1048576 if k == "bw" else rw["iops"]))' "$T/fio.json" "$key")"
}
fio_runs() { # FS
	local fs=$1
	fio_job "$fs" seqwrite bw --filename=seq --rw=write --bs=1M --size="${SEQ}M" --end_fsync=1
	remount_cold "$fs"
	fio_job "$fs" seqread bw --filename=seq --rw=read --bs=1M --size="${SEQ}M"
	rm -f "$MNT/seq" 2>/dev/null || echo "- $fs: rm of the fio file failed" >>"$T/failures"
	fio_job "$fs" randwrite iops --filename=rand --rw=randwrite --bs=4k --size="${RAND}M" \
		--time_based --runtime="$RAND_S" --end_fsync=1
	remount_cold "$fs"
	fio_job "$fs" randread iops --filename=rand --rw=randread --bs=4k --size="${RAND}M" \
		--time_based --runtime="$RAND_S"
	rm -f "$MNT/rand" 2>/dev/null || echo "- $fs: rm of the fio file failed" >>"$T/failures"
}

# The file system the crash runs start from, in use: FILL untarred into a fresh one through its
# mount, then unmounted (every chunk CLEAN), kept as $T/base-FS. Made once, before the first
# crash run of FS.
make_base() { # FS
	[ -e "$T/base-$1" ] && return 0
	make_fs "$1"
	if [ -n "$FILL" ]; then
		mount_fs "$1"
		tar -xf "$T/fill.tar" -C "$MNT" || echo "- $1: the fill untar failed" >>"$T/failures"
		umount_fs
	fi
	mkdir "$T/base-$1"
	if [ "$1" = chunkfs ]; then cp -a --sparse=always "$T/vol" "$T/base-$1/"; else cp -a --sparse=always "$T/img" "$T/base-$1/"; fi
}
# kill -9 of the daemon two seconds into an untar of TREE into the file system holding FILL,
# then the time to a consistent file system: chunkctl repair --dirty of the volume, e2fsck -fy
# of the image.
crash_run() { # FS
	local t0 st
	make_base "$1"
	rm -rf "$T/vol" "$T/img"
	cp -a --sparse=always "$T/base-$1/." "$T/"
	mount_fs "$1"
	mkdir -p "$MNT/load"
	tar -xf "$T/tree.tar" -C "$MNT/load" 2>/dev/null &
	local tarpid=$!
	sleep 2
	{
		kill -9 "$PID"
		wait "$PID" "$tarpid" || true
	} 2>/dev/null
	PID=""
	umount "$MNT" 2>/dev/null || umount -l "$MNT"
	[ "$1" = chunkfs ] && record "$1" dirty "$("$CHUNKCTL" -V "$T/vol" status 2>/dev/null | awk '$3 == "dirty"' | wc -l)"
	drop_caches
	t0=$(now)
	st=0
	if [ "$1" = chunkfs ]; then
		"$CHUNKCTL" -V "$T/vol" repair --dirty >"$T/recover.out" 2>&1 || st=$?
	else
		e2fsck -fy "$T/img" >"$T/recover.out" 2>&1 || st=$?
	fi
	record "$1" recover "$(since "$t0")"
	record "$1" recover_status "$st"
}

# The many-chunk volume: the time until mountpoint -q succeeds, then peak RSS after files are
# written all over it (how many chunks that left not clean: `chunkctl status` while mounted).
big_run() {
	local t0 d i
	make_fs chunkfs "$BIG"
	drop_caches
	t0=$(now)
	mount_fs chunkfs
	record chunkfs bigmount "$(since "$t0")"
	# 256 files of 1 MiB: chunks fill up one after another (threshold 0), so at 4 MiB a chunk
	# they land in 64 or more of them.
	head -c 1048576 /dev/urandom >"$T/1m"
	for d in $(seq 1 32); do
		mkdir "$MNT/d$d"
		for i in $(seq 1 8); do cp "$T/1m" "$MNT/d$d/f$i"; done
	done
	sync -f "$MNT" 2>/dev/null || true
	record chunkfs bigrss "$(hwm "$PID")"
	record chunkfs bigheld "$("$CHUNKCTL" -V "$T/vol" status 2>/dev/null | awk '$3 != "clean" && $2 ~ /^[0-9]+$/' | wc -l)"
	umount_fs
	# fuse2fs mounting one image of the same size, for comparison.
	make_fs fuse2fs
	drop_caches
	t0=$(now)
	mount_fs fuse2fs
	record fuse2fs bigmount "$(since "$t0")"
	umount_fs
}

tar -cf "$T/tree.tar" -C "$(dirname "$TREE")" "${TREE##*/}"
FILES=$(tar -tf "$T/tree.tar" | wc -l)
MIB=$(( $(stat -c %s "$T/tree.tar") / 1048576 ))
LOAD_BEFORE=$(uptime)
: >"$T/results"
: >"$T/failures"
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
if part crash && [ -n "$FILL" ]; then
	tar -cf "$T/fill.tar" -C "$(dirname "$FILL")" "${FILL##*/}" 2>/dev/null || true
	FILL_FILES=$(tar -tf "$T/fill.tar" | wc -l)
	FILL_MIB=$(( $(stat -c %s "$T/fill.tar") / 1048576 ))
fi
for r in $(seq "$RUNS"); do
	for fs in $FSES; do
		if part untar || part tree; then untar_run "$fs"; fi
		if part tree; then tree_runs "$fs"; fi
	done
	if part crash; then for fs in chunkfs fuse2fs; do crash_run "$fs"; done; fi
	if part big; then big_run; fi
done
LOAD_AFTER=$(uptime)

echo "## Mount: chunkfs at $(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null || echo '?') ($CHUNKS chunks of $((TOTAL / CHUNKS)) MiB) vs fuse2fs vs kernel ext4 (one ${TOTAL} MiB image)"
echo
[ -n "${FILL_FILES:-}" ] && echo "The crash runs start from a file system holding \`$FILL\` ($FILL_FILES entries, $FILL_MIB MiB as a tar, untarred through its mount), and untar the tree into it."
echo "Tree: \`$TREE\`, $FILES entries, $MIB MiB as a tar. $RUNS run(s) of each measurement$([ "$RUNS" -gt 1 ] && echo ', the best reported, the range in brackets'); fio: psync, iodepth 1, $SEQ MiB sequential (1 MiB blocks), 4 KiB random on a $RAND MiB file for $RAND_S s."
echo "Ratio columns: how many times better chunkfs does (faster, or less memory); the goal column says which goal applies."
echo "Load before: ${LOAD_BEFORE#*load }; after: ${LOAD_AFTER#*load } ($(nproc) cores, shared with other work: noisy)."
[ -s "$T/failures" ] && { echo "Failures (their rows show –):"; cat "$T/failures"; }
[ -s "$T/sync.log" ] && echo "sync -f: $(sort "$T/sync.log" | uniq -c | sed 's/^ *//' | paste -sd ';')."
echo
python3 - "$T/results" "$FILES" "$MIB" "$SEQ" "$BIG" "$CHUNKS" <<'EOF'
import collections, sys
res = collections.defaultdict(list)
for line in open(sys.argv[1]):
    fs, metric, value = line.split()
    res[fs, metric].append(float(value))
files, mib, seq, big, chunks = (int(x) for x in sys.argv[2:])

def get(fs, metric, best=min):
    v = res.get((fs, metric))
    return (best(v), min(v), max(v)) if v else None

def fmt(v, unit, digits=2):
    if v is None:
        return "–"
    b, lo, hi = v
    s = "%.*f %s" % (digits, b, unit)
    if hi != lo:
        s += " [%.*f–%.*f]" % (digits, lo, digits, hi)
    return s

def ratio(a, b, higher_better):
    if a is None or b is None or not a[0] or not b[0]:
        return None
    return a[0] / b[0] if higher_better else b[0] / a[0]

rows = []
def row(name, metric, unit, higher_better, goal_f2=None, goal_ext4=None, digits=2, best=None):
    best = best or (max if higher_better else min)
    v = {fs: get(fs, metric, best) for fs in ("chunkfs", "fuse2fs", "ext4")}
    rf, re_ = ratio(v["chunkfs"], v["fuse2fs"], higher_better), ratio(v["chunkfs"], v["ext4"], higher_better)
    goals = []
    for g, r, what in ((goal_f2, rf, "fuse2fs"), (goal_ext4, re_, "ext4")):
        if g is not None and r is not None:
            goals.append("≥ %gx %s: **%s**" % (g, what, "met" if r >= g else "not met"))
    rows.append((name, fmt(v["chunkfs"], unit, digits), fmt(v["fuse2fs"], unit, digits), fmt(v["ext4"], unit, digits),
                 "%.2fx" % rf if rf else "–", "%.2fx" % re_ if re_ else "–", "; ".join(goals)))

def rate(metric, n, unit):  # a time turned into a rate, per fs
    for fs in ("chunkfs", "fuse2fs", "ext4"):
        if (fs, metric) in res:
            res[fs, metric + "_rate"] = [n / t for t in res[fs, metric]]

rate("untar", files, "files/s")
rate("walk", files, "entries/s")
rate("read", mib, "MiB/s")
for fs in ("chunkfs", "fuse2fs", "ext4"):
    if (fs, "serial") in res:
        res[fs, "speedup"] = [s / p for s, p in zip(res[fs, "serial"], res[fs, "parallel"])]

row("untar, s (incl. sync -f and unmount)", "untar", "s", False)
row("untar, files/s", "untar_rate", "", True, goal_f2=4, digits=0)
row("stat walk, cold (find -printf), s", "walk", "s", False, goal_f2=3)
row("read back, cold (tar -c \\| cat), MiB/s", "read_rate", "", True, digits=0)
row("fio seq write 1M, MiB/s", "seqwrite", "", True, goal_f2=1.0, goal_ext4=0.5, digits=0)
row("fio seq read 1M, cold, MiB/s", "seqread", "", True, goal_f2=1.0, goal_ext4=0.5, digits=0)
row("fio rand write 4k, IOPS", "randwrite", "", True, goal_f2=1.0, goal_ext4=0.5, digits=0)
row("fio rand read 4k, cold, IOPS", "randread", "", True, goal_f2=1.0, goal_ext4=0.5, digits=0)
row("2 untars: serial, s", "serial", "s", False)
row("2 untars: parallel, s", "parallel", "s", False)
row("2 untars: serial / parallel (speed-up; goal ≥ 1.5x, below)", "speedup", "x", True)
row("crash mid-untar → consistent, s (chunkfs: repair --dirty; fuse2fs: e2fsck -fy)", "recover", "s", False, goal_f2=20, digits=3)
row("mount peak RSS after untar (%d chunks), MiB" % chunks, "rss", "", False, best=max, digits=1)
row("%d-chunk volume: time to mount, s (fuse2fs: its one image)" % big, "bigmount", "s", False, digits=3)
row("%d-chunk volume: peak RSS after 256 files of 1 MiB in 32 dirs, MiB" % big, "bigrss", "", False, best=max, digits=1)
print("| metric | chunkfs | fuse2fs | kernel ext4 | chunkfs/fuse2fs | chunkfs/ext4 | goal |")
print("|---|---|---|---|---|---|---|")
# RSS rows are in KiB in the results: shown in MiB, with their absolute goals.
for r in rows:
    r = list(r)
    if "RSS" in r[0]:
        for i in (1, 2):
            if r[i] != "–":
                parts = r[i].split()
                r[i] = "%.1f" % (float(parts[0]) / 1024) + (" [" + "–".join("%.1f" % (float(x) / 1024) for x in parts[1].strip("[]").split("–")) + "]" if len(parts) > 1 else "")
    print("| " + " | ".join(r) + " |")

def absolute(metric, fs, limit, unit, scale=1.0, what=""):
    v = get(fs, metric, max)
    if v:
        print("- %s: %.2f %s (goal < %g %s): **%s**" % (what, v[0] * scale, unit, limit, unit, "met" if v[0] * scale < limit else "not met"))
sp = get("chunkfs", "speedup", max)
print()
print("Goals that are not ratios to a peer:")
if sp:
    print("- parallel untars ≥ 1.5x faster than serial (chunkfs): %.2fx: **%s**" % (sp[0], "met" if sp[0] >= 1.5 else "not met"))
absolute("rss", "chunkfs", 64, "MiB", 1 / 1024, "chunkfs peak RSS with %d chunks" % chunks)
absolute("bigrss", "chunkfs", 256, "MiB", 1 / 1024, "chunkfs peak RSS with %d chunks" % big)
absolute("bigmount", "chunkfs", 1, "s", 1, "mount of %d chunks" % big)
d, st = get("chunkfs", "dirty", max), get("chunkfs", "recover_status", max)
f2 = get("fuse2fs", "recover_status", max)
held = get("chunkfs", "bigheld", max)
print()
if d:
    print("After the kill -9, chunks left dirty (what repair --dirty checked): %d (worst run); exit status of repair --dirty %d, of e2fsck -fy %d (worst run)." % (d[0], st[0], f2[0] if f2 else -1))
if held:
    print("The %d-chunk volume's writes left %d chunks not clean while mounted." % (big, held[0]))
EOF
