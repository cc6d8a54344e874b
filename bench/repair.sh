#!/bin/bash
# Repair of one damaged chunk of a 64-chunk volume holding a real tree, against e2fsck -fy of
# one monolithic ext4 image holding the same tree, in the same run: wall time (warm page
# cache, and cold when the caches can be dropped) and peak RSS of each; where the repair's
# time goes (its e2fsck, its cross-chunk pass). Then the cross-chunk pass alone (e2fsck
# replaced by /bin/true, warm): references verified per second, its time as the volume grows
# from 8 to 64 chunks at a constant number of references per chunk, and as the references
# touching the chunk grow at a constant number of chunks.
# Environment: TREES (default "/usr/include /usr/share": each that exists), CHUNKS (64),
# PER (files per directory in the scaling runs, 200), COLD (1: also drop caches; 0: warm only),
# COPIES (20: a larger tree of that many copies of /usr/share/man, ~25k small files each, so the
# monolithic e2fsck has a volume's worth of inodes; copying it in takes ~6 min each way, chunkctl
# cp as mke2fs -d; 0: none), RUNS (5: warm runs of each side, the median is reported; cold: 3).
set -eu
BUILD=${CHUNKFS_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
CHUNKCTL=$BUILD/chunkctl
CHUNKFAULT=$BUILD/tests/chunkfault
TREES=${TREES:-${TREE:-/usr/include /usr/share}}
CHUNKS=${CHUNKS:-64}
PER=${PER:-200}
COLD=${COLD:-1}
COPIES=${COPIES:-20}
RUNS=${RUNS:-5}
T=$(mktemp -d /tmp/chunkfs-bench-repair.XXXXXX)
trap 'rm -rf "$T"' EXIT

# "seconds peak-RSS-KiB exit-status" of a command: wall time to 0.1 ms (GNU time's %e has
# 10 ms steps, too coarse here) around GNU time, which gives the peak RSS (a fork of this
# python would count python's own). Both sides of a comparison pay the same ~1 ms for
# starting GNU time; the "starting /bin/true" figure below shows it.
measure() {
	python3 - "$T" "$@" <<'EOF'
import subprocess, sys, time
t, cmd = sys.argv[1], sys.argv[2:]
with open(t + "/out", "w") as out, open(t + "/err", "w") as err:
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", t + "/rss"] + cmd, stdout=out, stderr=err)
    dt = time.perf_counter() - t0
print("%.4f %s %d" % (dt, open(t + "/rss").read().split()[-1], p.returncode))
EOF
}
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['chunks'][0]; print(d.get(sys.argv[2], d['seconds']))" "$@"; }
can_drop() { [ "$COLD" = 1 ] && [ -w /proc/sys/vm/drop_caches ]; }
drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.1fx' % (b / a))" "$1" "$2"; }

# The damage: chunk K loses the inode-table block holding its first continuation (with 4 KiB
# blocks and 256-byte inodes that block also holds /.chunkfs: the repair remakes it from the
# peers and reads every peer's index entry for K).
damage() {
	local img ino
	img="$1/chunk-$(printf %04d "$2").img"
	ino=$("$CHUNKFAULT" "$img" list-conts 2>/dev/null | head -1 | cut -d' ' -f1)
	[ -n "$ino" ] || ino=/.chunkfs/cont
	"$CHUNKFAULT" "$img" zero-itable-block "$ino" >/dev/null
}

# The median of the lines "seconds rss status" on stdin (by seconds), with the range.
median_row() {
	python3 -c '
import sys
rows = sorted((float(a), b, c) for a, b, c in (l.split() for l in sys.stdin))
m = rows[len(rows) // 2]
print("%.4f %s %s %.4f %.4f %d" % (m[0], m[1], m[2], rows[0][0], rows[-1][0], len(rows)))'
}

# Each run starts from the undamaged volume: the chunks the last repair changed are copied
# back, the damage is made again, and the images the run reads are read into the page cache
# (warm: this machine's memory manager pages out what has not been touched for a minute).
fresh_damage() { # CACHE
	local f
	for f in $(find "$T/vol" -maxdepth 1 -type f -newer "$T/vol.stamp"); do
		cp -a --sparse=always "$T/vol.clean/$(basename "$f")" "$f"
	done
	damage "$T/vol" $k
	sync
	if [ "$1" = cold ]; then drop_caches; else cat "$T"/vol/*.img >/dev/null; fi
}
one_mono() { # CACHE
	if [ "$1" = cold ]; then drop_caches; else cat "$T/mono.img" >/dev/null; fi
	measure e2fsck -fy "$T/mono.img"
}

bench_tree() {
	local tree=$1 bytes files size total k=5 t_chunk rss_chunk st t_mono rss_mono mst lo hi n
	bytes=$(du -sb "$tree" | cut -f1)
	files=$(find "$tree" | wc -l)
	# Room for 3x the data, and for 2.5x the inodes at libchunk's 16 KiB of chunk per inode.
	size=$(( bytes * 3 / CHUNKS / 1048576 ))
	isize=$(( files * 16384 * 5 / 2 / CHUNKS / 1048576 ))
	[ "$isize" -gt "$size" ] && size=$isize
	size=$(( size + 8 ))M
	total=$(( $(echo "$size" | tr -d M) * CHUNKS ))M
	rm -rf "$T/vol" "$T/vol.clean" "$T/mono.img"
	"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "$size" --threshold 64K "$T/vol" >/dev/null
	"$CHUNKCTL" -V "$T/vol" cp -r "$tree" :/tree
	# mke2fs's default of one inode per 16 KiB may be too few for a tree of small files.
	local nopt=()
	[ $(( files * 5 / 4 )) -gt $(( ${total%M} * 64 )) ] && nopt=(-N $(( files * 5 / 4 )))
	mke2fs -q -F -t ext4 "${nopt[@]}" -d "$tree" "$T/mono.img" "$total" >/dev/null 2>&1
	cp -a --sparse=always "$T/vol" "$T/vol.clean"
	touch "$T/vol.stamp"
	inodes=$(dumpe2fs -h "$T/mono.img" 2>/dev/null | awk -F: '/^Inode count/ {i=$2} /^Free inodes/ {f=$2} END {print i - f}')
	echo
	echo "### $tree: $files files and directories, $((bytes / 1048576)) MiB; $CHUNKS chunks of $size; monolithic ext4 image of $total ($inodes inodes in use)"
	echo
	echo "| cache | what | median time (s) | range (s) | runs | peak RSS (KiB) |"
	echo "|---|---|---|---|---|---|"
	for cache in warm cold; do
		local runs=$RUNS
		if [ $cache = cold ]; then
			can_drop || break
			runs=3
		fi
		: >"$T/rows-chunk"
		: >"$T/rows-mono"
		for _ in $(seq "$runs"); do
			fresh_damage $cache
			measure "$CHUNKCTL" -V "$T/vol" repair --json $k >>"$T/rows-chunk"
			cp "$T/out" "$T/repair-$cache-$(tail -1 "$T/rows-chunk" | cut -d' ' -f1).json"
			one_mono $cache >>"$T/rows-mono"
		done
		read -r t_chunk rss_chunk st lo hi n < <(median_row <"$T/rows-chunk")
		cp "$T/repair-$cache-$t_chunk.json" "$T/repair-$cache.json"
		echo "| $cache | chunkctl repair $k (1 of $CHUNKS chunks; status $st) | $t_chunk | $lo–$hi | $n | $rss_chunk |"
		read -r t_mono rss_mono mst lo hi n < <(median_row <"$T/rows-mono")
		echo "| $cache | e2fsck -fy on the monolithic image (status $mst) | $t_mono | $lo–$hi | $n | $rss_mono |"
		echo "| $cache | **ratio of the medians, monolithic / one chunk** | **$(ratio "$t_chunk" "$t_mono")** | | | |"
	done
# Where the warm repair's time goes, and what bounds it from below.
	local j=$T/repair-warm.json
	cat "$T/vol/chunk-0006.img" >/dev/null
	read -r t_fn _ _ < <(measure e2fsck -fn "$T/vol/chunk-0006.img")
	read -r t_true _ _ < <(measure /bin/true)
	echo
	echo "The median warm repair, inside: e2fsck -fy $(json_field "$j" e2fsck_seconds | cut -c1-6) s, cross-chunk pass" \
	     "$(json_field "$j" pass_seconds | cut -c1-6) s ($(json_field "$j" refs_checked) references," \
	     "$(json_field "$j" peers_read) peer index entries read), re-check (e2fsck -fn and the passes)" \
	     "$(json_field "$j" recheck_seconds | cut -c1-6) s, the rest (flushes, state records)" \
	     "$(python3 -c "import sys; print('%.4f' % (float(sys.argv[1]) - float(sys.argv[2]) - float(sys.argv[3]) - float(sys.argv[4])))" \
	     "$(json_field "$j" seconds)" "$(json_field "$j" e2fsck_seconds)" "$(json_field "$j" pass_seconds)" \
	     "$(json_field "$j" recheck_seconds)") s; start-up and exit outside these." \
	     "One e2fsck -fn of an undamaged chunk alone: $t_fn s; starting /bin/true: $t_true s."
}

echo "## Repair of one chunk vs e2fsck of one image"
for tree in $TREES; do
	[ -d "$tree" ] && bench_tree "$tree"
done
if [ "$COPIES" -gt 0 ] && [ -d /usr/share/man ]; then
	mkdir -p "$T/copies"
	for i in $(seq -w 1 "$COPIES"); do cp -a /usr/share/man "$T/copies/man$i"; done
	bench_tree "$T/copies"
	rm -rf "$T/copies"
fi
rm -rf "$T/vol" "$T/vol.clean" "$T/mono.img" "$T/vol.stamp"

# The cross-chunk pass alone, warm: refs verified per second (pass_seconds: passes 1-5), median of 5.
pass_row() { # LABEL VOL CHUNK: the median of 5 runs after one that warms the cache
	local i
	"$CHUNKCTL" -V "$2" check --e2fsck /bin/true --json "$3" >/dev/null || true
	for i in 1 2 3 4 5; do
		"$CHUNKCTL" -V "$2" check --e2fsck /bin/true --json "$3" >"$T/c$i.json" || true
	done
	python3 - "$1" "$T"/c[1-5].json <<'EOF'
import json, sys
runs = sorted((d.get("pass_seconds", d["seconds"]), i, d) for i, d in
              enumerate(json.load(open(f))["chunks"][0] for f in sys.argv[2:]))
s, _, d = runs[len(runs) // 2]
r = d["refs_checked"]
print("| %s | %d | %d | %.4f | %.0f |" % (sys.argv[1], r, d["peers_read"], s, r / s if s else 0))
EOF
}

# N chunks, D directories of P files of 12 KB with a 4 KiB threshold: each file continues in
# another chunk, so the references touching chunk 1 depend on P and D/N, not on N.
scaled_volume() { # N D P
	local n=$1 d=$2 p=$3
	rm -rf "$T/s" "$T/small"
	mkdir -p "$T/small"
	for i in $(seq 1 "$p"); do head -c 12000 /dev/urandom >"$T/small/f$i"; done
	"$CHUNKCTL" mkfs --chunks "$n" --size 64M --threshold 4K "$T/s" >/dev/null
	for i in $(seq 1 "$d"); do "$CHUNKCTL" -V "$T/s" cp -r "$T/small" ":/d$i" 2>/dev/null || break; done
}

echo
echo "## Cross-chunk pass alone (e2fsck replaced by /bin/true, warm cache)"
echo
echo "Time as the volume grows, the references per chunk constant ($PER files per directory, one directory per chunk):"
echo
echo "| chunks | refs touching chunk 1 | peer entries read | pass time (s) | refs/s |"
echo "|---|---|---|---|---|"
for n in 8 16 32 64; do
	scaled_volume "$n" "$n" "$PER"
	pass_row "$n" "$T/s" 1
done
echo
echo "Time as the references touching the chunk grow (8 chunks):"
echo
echo "| files per directory | refs touching chunk 1 | peer entries read | pass time (s) | refs/s |"
echo "|---|---|---|---|---|"
for p in $((PER / 2)) "$PER" $((PER * 4)) $((PER * 8)); do
	scaled_volume 8 8 "$p"
	pass_row "$p" "$T/s" 1
done
