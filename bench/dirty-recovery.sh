#!/bin/bash
# Crash recovery against the number of chunks a crash left DIRTY (issue 23): a volume of CHUNKS
# (default 64) chunks holding TREE (default /usr/include; the README's run: /usr/share) is
# mounted, one file in each of K chunks is appended to, and the mount is killed -9 before its
# flusher marks them CLEAN (-o commit=600): K chunks DIRTY. `chunkctl repair --dirty` brings the
# volume back; it is timed against `e2fsck -fy` of one ext4 image holding the same tree (the
# monolithic file system's way back after a crash), in the same run, warm page cache. K = 1, 4
# and 16 (KS); RUNS (default 3) runs of each, median. After each repair `check --all` must be
# clean and the appended files must read back (not timed). Prints a table: K, chunks found
# DIRTY, repair time, per DIRTY chunk, e2fsck time, ratio.
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
TREE=${TREE:-/usr/include}
CHUNKS=${CHUNKS:-64}
KS=${KS:-1 4 16}
RUNS=${RUNS:-3}
if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	echo "skipped: no /dev/fuse or fusermount3"
	exit 0
fi
T=$(mktemp -d /tmp/chunkfs-bench-dirty.XXXXXX)
trap 'fusermount3 -u "$T/m" 2>/dev/null; rm -rf "$T"' EXIT

secs() { # COMMAND...: wall seconds, to 0.1 ms, of a command spawned directly
	python3 -c 'import subprocess, sys, time
t0 = time.perf_counter(); p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.4f %d" % (time.perf_counter() - t0, p.returncode))' "$@"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Chunks sized as bench/repair.sh sizes them: room for 2.5 times the tree in CHUNKS chunks.
kib=$(du -sk "$TREE" | cut -f1)
inodes=$(find "$TREE" | wc -l)
size=$(( (kib * 5 / 2 / CHUNKS / 1024 + 16) ))
echo "crash recovery against DIRTY chunks: $TREE ($inodes inodes, $((kib / 1024)) MiB), $CHUNKS chunks of ${size} MiB; $(nproc) cores; $(date -u +%F)"
"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "${size}M" "$T/vol" >/dev/null
"$CHUNKCTL" -q -V "$T/vol" cp -r "$TREE" :/tree
truncate -s $((size * CHUNKS))M "$T/mono.img"
mke2fs -q -F -t ext4 -d "$TREE" "$T/mono.img"
mkdir "$T/m"

# One small regular file per chunk that holds any (FUSE's st_ino is the volume inode: chunk <<
# 32), the chunks holding fewest files first: a full chunk's append goes on in another chunk,
# which it makes DIRTY too.
"$BUILD/chunkfs" "$T/vol" "$T/m" -o ro
find "$T/m/tree" -type f -size -64k -printf '%i %P\n' |
	awk '{ c = int($1 / 4294967296); n[c]++; if (!(c in f)) f[c] = $2 } END { for (c in f) print n[c], c, f[c] }' |
	sort -n | cut -d" " -f2- >"$T/files"
fusermount3 -u "$T/m"
while pgrep -f "chunkfs $T/vol" >/dev/null; do sleep 0.05; done
echo "chunks holding files: $(wc -l <"$T/files") of $CHUNKS"

mono=()
printf '%-4s %-8s %-18s %-16s %-18s %s\n' K DIRTY "repair --dirty" "per DIRTY chunk" "e2fsck -fy (mono)" ratio
for k in $KS; do
	if [ "$k" -gt "$(wc -l <"$T/files")" ]; then
		echo "$k: only $(wc -l <"$T/files") chunks hold files; skipped"
		continue
	fi
	: >"$T/rep"; : >"$T/mono"; : >"$T/dirty"
	for run in $(seq "$RUNS"); do
		rm -rf "$T/v"
		cp -a --sparse=always "$T/vol" "$T/v"
		"$BUILD/chunkfs" "$T/v" "$T/m" -f -o commit=600 2>>"$T/log" &
		pid=$!
		for _ in $(seq 100); do mountpoint -q "$T/m" && break; sleep 0.1; done
		head -n "$k" "$T/files" | while read -r c f; do printf 'x' >>"$T/m/tree/$f"; done
		kill -9 "$pid"
		wait "$pid" 2>/dev/null || true
		fusermount3 -u "$T/m" 2>/dev/null || umount -l "$T/m"
		"$CHUNKCTL" -V "$T/v" status 2>/dev/null | awk '$3 == "dirty"' | wc -l >>"$T/dirty"
		read -r s rc < <(secs "$CHUNKCTL" -V "$T/v" repair --dirty)
		[ "$rc" -le 1 ] || { echo "repair --dirty exited $rc (K=$k)"; exit 1; }
		echo "$s" >>"$T/rep"
		"$CHUNKCTL" -V "$T/v" check --all >/dev/null 2>&1 || { echo "check --all not clean after the repair (K=$k)"; exit 1; }
		read -r s rc < <(secs e2fsck -fy "$T/mono.img")
		[ "$rc" -le 1 ] || { echo "e2fsck -fy of the monolithic image exited $rc"; exit 1; }
		echo "$s" >>"$T/mono"
	done
	r=$(median <"$T/rep"); m=$(median <"$T/mono"); d=$(median <"$T/dirty")
	printf '%-4s %-8s %-18s %-16s %-18s %s\n' "$k" "$d" "$(awk -v s="$r" 'BEGIN { printf "%.1f ms", s * 1000 }')" \
		"$(awk -v s="$r" -v d="$d" 'BEGIN { printf "%.1f ms", s * 1000 / (d ? d : 1) }')" \
		"$(awk -v s="$m" 'BEGIN { printf "%.1f ms", s * 1000 }')" "$(awk -v r="$r" -v m="$m" 'BEGIN { printf "%.1fx", m / r }')"
done
