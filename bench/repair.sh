#!/bin/bash
# Repair of one damaged chunk of a 64-chunk volume holding a real tree, against e2fsck -fy of
# one monolithic ext4 image holding the same tree, in the same run: wall time (warm page
# cache, and cold: each image's pages dropped) and peak RSS of each; where the repair's
# time goes (its e2fsck, its cross-chunk pass). Then the cross-chunk pass alone (e2fsck
# replaced by /bin/true, warm): references verified per second, its time as the volume grows
# from 8 to 64 chunks at a constant number of references per chunk, and as the references
# touching the chunk grow at a constant number of chunks.
# Environment: TREES (default "/usr/include /usr/share": each that exists), CHUNKS (64),
# PER (files per directory in the scaling runs, 200), COLD (1: also cold runs, each image's
# pages dropped; 0: warm only),
# ROUNDS (21: rounds of the pass-alone tables), COPIES (20: a larger tree of that many copies
# of /usr/share/man, ~25k small files each, so the monolithic e2fsck has a volume's worth of
# inodes; copying it in takes ~6 min each way, chunkctl cp as mke2fs -d; 0: none), RUNS (5:
# warm runs of each side, the median is reported; cold: 3), DAMAGES (the damages measured,
# "inode itable-block"; see damage() below), BENCH_KEEP (a directory where each tree's volume
# and monolithic image are kept and reused by the next run on the same tree; by default both
# are made anew in a temporary directory), EVERY (1: also repair every chunk that holds a file
# continuation, warm, and compare each with the monolithic e2fsck; 0: not), PASS (1: the
# cross-chunk pass alone tables; 0: not).
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
DAMAGES=${DAMAGES:-inode itable-block}
EVERY=${EVERY:-1}
PASS=${PASS:-1}
T=$(mktemp -d /tmp/chunkfs-bench-repair.XXXXXX)
trap 'rm -rf "$T"' EXIT
# What this chunkctl's mkfs makes (its chunks' inode size and features), so that BENCH_KEEP does
# not reuse a tree an older mkfs made.
"$CHUNKCTL" mkfs --chunks 1 --size 8M "$T/fmt" >/dev/null
FORMAT="$(dumpe2fs -h "$T/fmt/chunk-0000.img" 2>/dev/null | awk -F: '
	/^Inode size/ {size = $2 + 0}
	/^Filesystem features/ {sub(/^ +/, "", $2); features = $2}
	END {print "inode-size " size ", " features}')"
rm -rf "$T/fmt"

# "seconds exit-status" of a command, spawned directly (as a shell would) and timed to 0.1 ms.
# Peak RSS comes from a separate run under GNU time (peak_rss): timing through GNU time would add
# its own fork and exec (about 6 ms here) to both sides and flatten every ratio, and a fork of
# this python would count python's own memory.
measure() {
	python3 - "$T" "$@" <<'EOF'
import subprocess, sys, time
t, cmd = sys.argv[1], sys.argv[2:]
with open(t + "/out", "w") as out, open(t + "/err", "w") as err:
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=out, stderr=err)
    dt = time.perf_counter() - t0
print("%.4f %d" % (dt, p.returncode))
EOF
}
peak_rss() { # COMMAND...: peak RSS in KiB
	/usr/bin/time -f %M -o "$T/rss" "$@" >/dev/null 2>&1 || true
	tail -1 "$T/rss"
}
json_field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['chunks'][0]; print(d.get(sys.argv[2], d['seconds']))" "$@"; }
# The page cache, image by image (bench/pages): warm reads what each image holds, not its
# holes; cold drops each image's pages (posix_fadvise), with no machine-wide drop.
PAGES=$(dirname "$0")/pages
can_drop() { [ "$COLD" = 1 ]; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.1fx' % (b / a))" "$1" "$2"; }

# The damages (first_file_cont, damage VOL K KIND) and inodes_in_use IMAGE: bench/damage-lib,
# shared with bench/repair-one and bench/scaling.sh.
. "$(dirname "$0")/damage-lib"

# The median of the lines "seconds status" on stdin (by seconds), with the range.
median_row() {
	python3 -c '
import sys
rows = sorted((float(a), b) for a, b in (l.split() for l in sys.stdin))
m = rows[len(rows) // 2]
print("%.4f %s %.4f %.4f %d" % (m[0], m[1], rows[0][0], rows[-1][0], len(rows)))'
}

# Each run starts from the undamaged volume: the chunks the last repair changed are copied
# back, the damage is made again, and the images the run reads are read into the page cache
# (warm: this machine's memory manager pages out what has not been touched for a minute).
fresh_damage() { # CACHE KIND
	local f
	for f in $(find "$T/vol" -maxdepth 1 -type f -newer "$T/vol.stamp"); do
		cp -a --sparse=always "$T/vol.clean/$(basename "$f")" "$f"
	done
	damage "$T/vol" $k "$2"
	sync
	if [ "$1" = cold ]; then "$PAGES" drop "$T"/vol/*.img; else "$PAGES" warm "$T"/vol/*.img; fi
}
one_mono() { # CACHE [peak_rss]
	if [ "$1" = cold ]; then "$PAGES" drop "$T/mono.img"; else "$PAGES" warm "$T/mono.img"; fi
	${2:-measure} e2fsck -fy "$T/mono.img"
}

# What a repair found, from its JSON report, in words.
found_summary() { # JSON
	python3 - "$1" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))["chunks"][0]
f = d["findings"]
lf = sum(1 for x in f if "own lost+found" in x["problem"])
holes = [x for x in f if x["action"] == "hole"]
meta = any("chunkfs metadata" in x["problem"] for x in f)
print("%d findings: %s%d file(s) e2fsck reconnected, %d reference(s) cut (%d bytes lost), "
      "%d references verified, %d peer index entries read" %
      (d["found"], "/.chunkfs remade from the peers, " if meta else "", lf, len(holes),
       sum(x["bytes_lost"] for x in holes), d["refs_checked"], d["peers_read"]))
EOF2
}

# The volume and the monolithic image of TREE in $T (or, with BENCH_KEEP=DIR, made once in DIR
# and reused by later runs on the same tree: copying a large tree in takes many minutes).
build_tree() { # TREE
	local tree=$1 bytes files size isize total dir=$T id
	bytes=$(du -sb "$tree" | cut -f1)
	files=$(find "$tree" | wc -l)
	# Room for 3x the data, and for 2.5x the inodes at libchunk's 16 KiB of chunk per inode.
	size=$(( bytes * 3 / CHUNKS / 1048576 ))
	isize=$(( files * 16384 * 5 / 2 / CHUNKS / 1048576 ))
	[ "$isize" -gt "$size" ] && size=$isize
	size=$(( size + 8 ))M
	total=$(( ${size%M} * CHUNKS ))M
	id="$tree $files $bytes $CHUNKS $size $FORMAT"
	[ -n "${BENCH_KEEP:-}" ] && dir=$BENCH_KEEP/$(echo "$id" | md5sum | cut -c1-12) && mkdir -p "$dir"
	if [ "$(cat "$dir/id" 2>/dev/null)" != "$id" ]; then
		rm -rf "$dir/vol.clean" "$dir/mono.img" "$dir/id"
		"$CHUNKCTL" mkfs --chunks "$CHUNKS" --size "$size" --threshold 64K "$dir/vol.clean" >/dev/null
		"$CHUNKCTL" -V "$dir/vol.clean" cp -r "$tree" :/tree
		# mke2fs's default of one inode per 16 KiB may be too few for a tree of small files.
		local nopt=()
		[ $(( files * 5 / 4 )) -gt $(( ${total%M} * 64 )) ] && nopt=(-N $(( files * 5 / 4 )))
		mke2fs -q -F -t ext4 "${nopt[@]}" -d "$tree" "$dir/mono.img" "$total" >/dev/null 2>&1
		echo "$id" >"$dir/id"
	fi
	[ "$dir" = "$T" ] || { rm -f "$T/mono.img"; ln -s "$dir/mono.img" "$T/mono.img"; rm -rf "$T/vol.clean"; ln -s "$dir/vol.clean" "$T/vol.clean"; }
	rm -rf "$T/vol"
	cp -a --sparse=always "$T/vol.clean/" "$T/vol"
	touch "$T/vol.stamp"
	inodes=$(inodes_in_use "$T/mono.img")
	echo
	echo "### $tree: $files files and directories, $((bytes / 1048576)) MiB; $CHUNKS chunks of $size; monolithic ext4 image of $total ($inodes inodes in use)"
}

bench_damage() { # KIND [CHUNK (5)]
	local kind=$1 k=${2:-5} t_chunk rss_chunk st t_mono rss_mono mst lo hi n
	echo
	echo "Damage \`$kind\` to chunk $k ($(refs_of "$T/vol.clean" "$k") cross-chunk references touch it):"
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
			fresh_damage $cache "$kind"
			measure "$CHUNKCTL" -V "$T/vol" repair --json $k >>"$T/rows-chunk"
			cp "$T/out" "$T/repair-$cache-$(tail -1 "$T/rows-chunk" | cut -d' ' -f1).json"
			one_mono $cache >>"$T/rows-mono"
		done
		read -r t_chunk st lo hi n < <(median_row <"$T/rows-chunk")
		cp "$T/repair-$cache-$t_chunk.json" "$T/repair-$cache.json"
		fresh_damage $cache "$kind"
		rss_chunk=$(peak_rss "$CHUNKCTL" -V "$T/vol" repair $k)
		echo "| $cache | chunkctl repair $k (1 of $CHUNKS chunks; status $st) | $t_chunk | $lo–$hi | $n | $rss_chunk |"
		read -r t_mono mst lo hi n < <(median_row <"$T/rows-mono")
		rss_mono=$(one_mono $cache peak_rss)
		echo "| $cache | e2fsck -fy on the monolithic image (status $mst) | $t_mono | $lo–$hi | $n | $rss_mono |"
		echo "| $cache | **ratio of the medians, monolithic / one chunk** | **$(ratio "$t_chunk" "$t_mono")** | | | |"
	done
	# What the damage hit, and where the warm repair's time goes.
	local j=$T/repair-warm.json
	echo
	echo "What the median warm repair found: $(found_summary "$j")."
	echo "Inside it: e2fsck -fy $(json_field "$j" e2fsck_seconds | cut -c1-6) s, cross-chunk pass" \
	     "$(json_field "$j" pass_seconds | cut -c1-6) s, re-check (e2fsck -fn and the passes)" \
	     "$(json_field "$j" recheck_seconds | cut -c1-6) s, the rest (flushes, state records)" \
	     "$(python3 -c "import sys; print('%.4f' % (float(sys.argv[1]) - float(sys.argv[2]) - float(sys.argv[3]) - float(sys.argv[4])))" \
	     "$(json_field "$j" seconds)" "$(json_field "$j" e2fsck_seconds)" "$(json_field "$j" pass_seconds)" \
	     "$(json_field "$j" recheck_seconds)") s; start-up and exit outside these."
}

# The references touching chunk K, from its index.
refs_of() { # VOL K
	"$CHUNKCTL" -V "$1" refs "$2" | awk '/^peer [0-9]+: [0-9]+ reference/ { n += $3 } END { print n + 0 }'
}
# The chunk with the most references among those holding a file continuation (what the
# `inode` damage zeroes): the repair of chunk 5 may be an easy one or a hard one, depending on
# where the tree landed.
busiest_chunk() { # VOL
	local k n
	for k in $(seq 0 $((CHUNKS - 1))); do
		echo "$(refs_of "$1" "$k") $k"
	done | sort -rn | while read -r n k; do
		[ -n "$(first_file_cont "$1/chunk-$(printf %04d "$k").img")" ] && { echo "$k"; break; }
	done
}

bench_tree() { # TREE
	local kind t_fn t_true busy fixed k
	build_tree "$1"
	# Chunk 5, or the next chunk that holds a file continuation (what the `inode` damage needs;
	# placement may leave chunk 5 holding directory parts only).
	fixed=5
	for k in $(seq 5 $((CHUNKS - 1))) $(seq 0 4); do
		[ -z "$(first_file_cont "$T/vol.clean/chunk-$(printf %04d "$k").img")" ] || { fixed=$k; break; }
	done
	for kind in $DAMAGES; do
		bench_damage "$kind" "$fixed"
	done
	busy=$(busiest_chunk "$T/vol.clean")
	[ -z "$busy" ] || [ "$busy" = "$fixed" ] || case " $DAMAGES " in *" inode "*) bench_damage inode "$busy" ;; esac
	read -r t_true _ < <(measure /bin/true)
	echo
	echo "e2fsck -fn of each undamaged chunk alone, warm: $(chunk_spread "$T/vol.clean"); starting /bin/true: $t_true s."
	[ "$EVERY" = 1 ] && every_chunk
	return 0
}

# The repair of every chunk that holds a file continuation (`inode` damage, warm, median of 3),
# each run followed by a run of the monolithic e2fsck (this machine drifts by a third within
# minutes, so each chunk is compared with the monolithic runs next to its own): how the ratio
# depends on what share of the tree the damaged chunk holds.
every_chunk() {
	local k img i n f
	"$PAGES" warm "$T"/vol/*.img "$T/mono.img" # both stay in the page cache from here on
	: >"$T/every"
	for k in $(seq 0 $((CHUNKS - 1))); do
		img="$T/vol.clean/chunk-$(printf %04d "$k").img"
		[ -n "$(first_file_cont "$img")" ] || continue
		n=$(inodes_in_use "$img")
		: >"$T/rows-k"
		: >"$T/rows-m"
		for i in 1 2 3; do
			# As fresh_damage, without reading the whole volume in again: it is warm.
			for f in $(find "$T/vol" -maxdepth 1 -type f -newer "$T/vol.stamp"); do
				cp -a --sparse=always "$T/vol.clean/$(basename "$f")" "$f"
				"$PAGES" warm "$f"
			done
			damage "$T/vol" "$k" inode
			measure "$CHUNKCTL" -V "$T/vol" repair "$k" >>"$T/rows-k"
			measure e2fsck -fy "$T/mono.img" >>"$T/rows-m"
		done
		echo "$k $n $(median_row <"$T/rows-k" | cut -d' ' -f1-2) $(median_row <"$T/rows-m" | cut -d' ' -f1)" >>"$T/every"
	done
	python3 - "$T/every" "$CHUNKS" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
# (ratio, chunk, inodes, repair s, status, monolithic s)
rows = sorted((float(r[4]) / float(r[2]), int(r[0]), int(r[1]), float(r[2]), r[3], float(r[4])) for r in rows)
if not rows:
    sys.exit(0)
print()
print("Every chunk that holds a file continuation (%d of %s), `inode` damage, warm; each repair "
      "(median of 3) against the monolithic e2fsck runs made between its own (median of 3; all "
      "of them: %.1f ms):" % (len(rows), sys.argv[2], statistics.median(r[5] for r in rows) * 1e3))
print()
print("| | chunk | inodes in use | repair | e2fsck -fy, one image | ratio |")
print("|---|---|---|---|---|---|")
for what, r in (("lowest ratio", rows[0]), ("median", rows[len(rows) // 2]), ("highest", rows[-1])):
    print("| %s | %d | %d | %.1f ms | %.1f ms | %.1fx |" % (what, r[1], r[2], r[3] * 1e3, r[5] * 1e3, r[0]))
bad = ["%d (%s)" % (r[1], r[4]) for r in rows if r[4] != "1"]
if bad:
    print()
    print("Repairs whose median run did not end 1 (errors corrected): " + ", ".join(bad))
print()
print("Chunks repaired at least 20x faster: %d of %d. Each chunk (chunk:inodes:repair ms:ratio): %s" % (
    sum(1 for r in rows if r[0] >= 20), len(rows),
    " ".join("%d:%d:%.1f:%.1f" % (r[1], r[2], r[3] * 1e3, r[0]) for r in sorted(rows, key=lambda r: r[1]))))
EOF
}

# How the tree spread over the chunks: e2fsck -fn of each chunk alone (warm, the better of two
# runs) and its inodes in use. A repair runs e2fsck on its chunk twice, so it costs about twice
# its chunk's time here.
chunk_spread() { # VOL
	local f t t2 n
	"$PAGES" warm "$1"/chunk-*.img
	for f in "$1"/chunk-*.img; do
		read -r t _ < <(measure e2fsck -fn "$f")
		read -r t2 _ < <(measure e2fsck -fn "$f")
		t=$(python3 -c "import sys; print(min(float(sys.argv[1]), float(sys.argv[2])))" "$t" "$t2")
		n=$(inodes_in_use "$f")
		echo "$t $n $(basename "$f" .img)"
	done | sort -n | awk '{t[NR] = $1; n[NR] = $2; c[NR] = $3; s += $1}
		END {printf "min %.4f s (%s, %d inodes), median %.4f s, max %.4f s (%s, %d inodes), sum %.3f s",
		     t[1], c[1], n[1], t[int((NR + 1) / 2)], t[NR], c[NR], n[NR], s}'
}

echo "## Repair of one chunk vs e2fsck of one image"
for tree in $TREES; do
	[ -d "$tree" ] && bench_tree "$tree"
done
if [ "$COPIES" -gt 0 ] && [ -d /usr/share/man ]; then
	copies=${BENCH_KEEP:-$T}/copies
	mkdir -p "$copies"
	for i in $(seq -w 1 "$COPIES"); do [ -d "$copies/man$i" ] || cp -a /usr/share/man "$copies/man$i"; done
	bench_tree "$copies"
	[ -n "${BENCH_KEEP:-}" ] || rm -rf "$copies"
fi
rm -rf "$T/vol" "$T/vol.clean" "$T/mono.img" "$T/vol.stamp"

# The cross-chunk pass alone, warm (pass_seconds: passes 1-5). A pass takes a few milliseconds,
# and on this kind of machine the same check drifts by a third from one minute to the next; so
# a table's volumes are all made first, then checked in turn, ROUNDS times over, and each row is
# the median of its volume's runs: the drift falls on every row alike. Also the instructions the
# passes execute (valgrind's callgrind, collecting inside run_passes only; "-" without
# valgrind): the work itself, free of the machine's noise. On a virtual machine a
# millisecond-long pass is paced as much by page faults (~13 us each here) and system calls as
# by its instructions.
ROUNDS=${ROUNDS:-21}
pass_instructions() { # VOL CHUNK
	command -v valgrind >/dev/null || { echo -; return; }
	valgrind --tool=callgrind --toggle-collect=run_passes --callgrind-out-file=/dev/null \
		"$CHUNKCTL" -V "$1" check --e2fsck /bin/true "$2" 2>&1 >/dev/null |
		sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}
pass_table() { # LABEL...: the rows for volumes $T/s-LABEL, chunk 1 of each
	local l i
	rm -f "$T"/c-*.json "$T"/ins-*
	# The same warm state for every volume: their images read in from disk in one way, rather
	# than left in the page cache as each volume's making wrote them (which differed enough
	# to move one volume's median by a quarter against another's in the same run).
	if can_drop; then
		for l; do "$PAGES" drop "$T/s-$l"/*.img; "$PAGES" warm "$T/s-$l"/*.img; done
	fi
	for l; do
		"$CHUNKCTL" -V "$T/s-$l" check --e2fsck /bin/true 1 >/dev/null || true # warm the cache
		pass_instructions "$T/s-$l" 1 >"$T/ins-$l"
	done
	for i in $(seq 1 "$ROUNDS"); do
		for l; do
			"$CHUNKCTL" -V "$T/s-$l" check --e2fsck /bin/true --json 1 >"$T/c-$l-$i.json" || true
		done
	done
	python3 - "$T" "$@" <<'EOF'
import glob, json, statistics, sys
t = sys.argv[1]
for label in sys.argv[2:]:
    runs = [json.load(open(f))["chunks"][0] for f in glob.glob("%s/c-%s-*.json" % (t, label))]
    s = statistics.median(d.get("pass_seconds", d["seconds"]) for d in runs)
    d = runs[0]
    r = d["refs_checked"]
    ins = open("%s/ins-%s" % (t, label)).read().strip()
    ins = "%.2f M" % (int(ins) / 1e6) if ins.isdigit() else "-"
    name = "%s (%s chunks)" % tuple(label.split("x")) if "x" in label else label
    print("| %s | %d | %d | %.2f | %.0f | %s |" % (name, r, d["peers_read"], s * 1e3, r / s if s else 0, ins))
EOF
}

# Volume $T/s-LABEL: N chunks of SIZE, D directories of P files of 12 KB with a 4 KiB
# threshold. Every directory and head stays in chunk 0 while it has room (128 MiB: 16384 inodes,
# enough for 12800 files) and each file continues in another chunk, so chunk 1's references
# depend on P and D/N, not on N, and all come from one peer. In 64 MiB chunks (8192 inodes)
# chunk 0 fills up at 64 directories and the later heads go elsewhere: the same number of
# references then comes from more peers.
scaled_volume() { # LABEL N D P SIZE
	local l=$1 n=$2 d=$3 p=$4 size=$5
	rm -rf "$T/s-$l" "$T/small"
	mkdir -p "$T/small"
	for i in $(seq 1 "$p"); do head -c 12000 /dev/urandom >"$T/small/f$i"; done
	"$CHUNKCTL" mkfs --chunks "$n" --size "$size" --threshold 4K "$T/s-$l" >/dev/null
	for i in $(seq 1 "$d"); do "$CHUNKCTL" -V "$T/s-$l" cp -r "$T/small" ":/d$i" 2>/dev/null || break; done
}

[ "$PASS" = 1 ] || exit 0
echo
echo "## Cross-chunk pass alone (e2fsck replaced by /bin/true, warm cache)"
echo
echo "Time as the volume grows, the references per chunk constant ($PER files per directory, one directory per chunk,"
echo "128 MiB chunks; last row: 64 MiB chunks, where chunk 0 fills up and chunk 1's references come from more peers;"
echo "median of $ROUNDS rounds over the five volumes):"
echo
echo "| chunks | refs touching chunk 1 | peer entries read | pass time (ms) | refs/s | instructions in the passes |"
echo "|---|---|---|---|---|---|"
for n in 8 16 32 64; do scaled_volume "$n" "$n" "$n" "$PER" 128M; done
scaled_volume 64x64M 64 64 "$PER" 64M
sync # the kernel's write-back of the new images must not run during the timed checks
pass_table 8 16 32 64 64x64M
rm -rf "$T"/s-*
echo
echo "Time as the references touching the chunk grow (8 chunks of 128 MiB; median of $ROUNDS rounds over the four volumes):"
echo
echo "| files per directory | refs touching chunk 1 | peer entries read | pass time (ms) | refs/s | instructions in the passes |"
echo "|---|---|---|---|---|---|"
for p in $((PER / 2)) "$PER" $((PER * 4)) $((PER * 8)); do scaled_volume "$p" 8 8 "$p" 128M; done
sync
pass_table $((PER / 2)) "$PER" $((PER * 4)) $((PER * 8))
