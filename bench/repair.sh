#!/bin/bash
# Repair of one damaged chunk of a 64-chunk volume holding a real tree, against e2fsck -fy of
# one monolithic ext4 image holding the same tree; then the cross-chunk pass alone (e2fsck
# replaced by /bin/true): references verified per second, and its time as the volume grows
# from 8 to 64 chunks at a constant number of references per chunk.
# Environment: TREE (default /usr/include), CHUNKS (64).
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFAULT=$BUILD/tests/chunkfault
TREE=${TREE:-/usr/include}
CHUNKS=${CHUNKS:-64}
T=$(mktemp -d /tmp/chunkfs-bench-repair.XXXXXX)
trap 'rm -rf "$T"' EXIT

# seconds and peak RSS (KiB) of a command, from GNU time
measure() { /usr/bin/time -f "%e %M" -o "$T/time" "$@" >"$T/out" 2>&1 || true; tail -1 "$T/time"; }
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['chunks'][0][sys.argv[2]])" "$@"; }

bytes=$(du -sb "$TREE" | cut -f1)
files=$(find "$TREE" -type f | wc -l)
size=$(( (bytes * 3 / CHUNKS / 1048576 + 8) ))M
echo "tree: $TREE, $files files, $((bytes / 1048576)) MiB; $CHUNKS chunks of $size"

"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "$size" --threshold 64K "$T/vol" >/dev/null
"$CHUNKCTL" -V "$T/vol" cp -r "$TREE" :/tree
total=$(( $(echo "$size" | tr -d M) * CHUNKS ))M
mke2fs -q -F -t ext4 -d "$TREE" "$T/mono.img" "$total"

# The damage: chunk 5 loses the inode-table block holding its first continuation.
k=5
ino=$("$CHUNKFAULT" "$T/vol/chunk-000$k.img" list-conts 2>/dev/null | head -1 | cut -d' ' -f1)
[ -n "$ino" ] || ino=/.chunkfs/cont
"$CHUNKFAULT" "$T/vol/chunk-$(printf %04d $k).img" zero-itable-block "$ino" >/dev/null
sync
read -r t_chunk rss_chunk < <(measure "$CHUNKCTL" -V "$T/vol" repair "$k")
st_chunk=$(grep -o "repair: [a-z ]*, status [0-9]*" "$T/out" | head -1)
read -r t_mono rss_mono < <(measure e2fsck -fy "$T/mono.img")
echo
echo "| what | time (s) | peak RSS (KiB) |"
echo "|---|---|---|"
echo "| chunkctl repair $k (one of $CHUNKS chunks; $st_chunk) | $t_chunk | $rss_chunk |"
echo "| e2fsck -fy on one ext4 image of the same tree | $t_mono | $rss_mono |"
python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('ratio: monolithic / one chunk = %.1fx' % (b / a if a else float('inf')))" "$t_chunk" "$t_mono"

# The cross-chunk pass alone, warm cache: refs verified per second (chunk 0 holds most heads).
"$CHUNKCTL" -V "$T/vol" check --e2fsck /bin/true --json 0 >"$T/c.json" || true
"$CHUNKCTL" -V "$T/vol" check --e2fsck /bin/true --json 0 >"$T/c.json" || true
refs=$(json_field "$T/c.json" refs_checked)
secs=$(json_field "$T/c.json" seconds)
echo
python3 -c "import sys; r,s=int(sys.argv[1]),float(sys.argv[2]); print('cross-chunk pass of chunk 0: %d references in %.4f s = %.0f refs/s' % (r, s, r / s))" "$refs" "$secs"

# Scaling: N chunks, each continuing PER files into the next chunk, so every chunk has the same
# number of references whatever N is; the pass over chunk 1 must stay flat.
PER=${PER:-200}
mkdir -p "$T/small"
for i in $(seq 1 "$PER"); do head -c 12000 /dev/urandom >"$T/small/f$i"; done
echo
echo "| chunks | refs touching chunk 1 | pass time (s) | refs/s |"
echo "|---|---|---|---|"
for n in 8 16 32 64; do
	rm -rf "$T/s"
	"$CHUNKCTL" mkfs --chunks "$n" --size 64M --threshold 4K "$T/s" >/dev/null
	for d in $(seq 1 "$n"); do "$CHUNKCTL" -V "$T/s" cp -r "$T/small" ":/d$d" 2>/dev/null || break; done
	"$CHUNKCTL" -V "$T/s" check --e2fsck /bin/true --json 1 >"$T/s.json" || true
	"$CHUNKCTL" -V "$T/s" check --e2fsck /bin/true --json 1 >"$T/s.json" || true
	refs=$(json_field "$T/s.json" refs_checked)
	secs=$(json_field "$T/s.json" seconds)
	python3 -c "import sys; n,r,s=sys.argv[1],int(sys.argv[2]),float(sys.argv[3]); print('| %s | %d | %.4f | %.0f |' % (n, r, s, r / s if s else 0))" "$n" "$refs" "$secs"
done
