#!/bin/bash
# Crash recovery chunk by chunk: a fixed-seed slice of a randomized campaign. Each trial mounts
# a copy of a prepared volume with commit=1, runs a write load, kills chunkfs with SIGKILL at a
# point the seed picks, and repairs the chunks left DIRTY. Then check --all is clean, every
# file fsync'd reads back as written, every old file is intact, repair did exactly the DIRTY
# chunks and left every CLEAN chunk's image as it was.
#   CRASH_TRIALS (20)  trials       CRASH_SEED (1)  the campaign's seed
#   CRASH_ONLY=T       only trial T (to reproduce one: the same seed and T)
# bench/mount-crash.sh runs hundreds. A failed trial's volume is kept in $TRASH/failed-T.
# A trial repeats the seed's load and aims at the seed's crash point; the load's speed decides
# how many operations it gets past that point in the 20 ms the test takes to see it.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

# Under the sanitizers each trial is several times slower: a smaller slice there, the full
# one in the normal run (the CI's time is bounded).
if [ "${CHUNKFS_SANITIZED:-0}" = 1 ]; then TRIALS=${CRASH_TRIALS:-6}; else TRIALS=${CRASH_TRIALS:-20}; fi
SEED=${CRASH_SEED:-1}
ONLY=${CRASH_ONLY:-}

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'crash recovery of the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# The load, in bash, seeded: files made, appended to, overwritten in place, renamed within and
# across its four directories, removed, directories made and renamed; one operation in four is
# a file written with dd conv=fsync, and one in sixteen a sparse one (4 KiB pieces at random
# offsets, each fsync'd), whose name and checksum go to fsynced.sums only once it is all
# written, and which the load never touches again. Each operation done is a line of ops.log.
# A failed operation is let be: the load only keeps its list of files true. Apart from the
# sparse files it writes within a file's size or at its end, never truncating to grow (t8200
# and t8010 cover that).
cat >writer.sh <<'EOF'
RANDOM=$1
mnt=$2 blobs=$3
files=() dirs=(w0 w1 w2 w3)
i=0
while :; do
	i=$((i + 1))
	d=${dirs[RANDOM % ${#dirs[@]}]}
	b=$blobs/blob$((RANDOM % 8))
	op=$((RANDOM % 16))
	n=${#files[@]}
	[ "$n" -gt 0 ] || op=0
	k=$((n > 0 ? RANDOM % n : 0))
	case $op in
	0|1|2|3)
		# most below the threshold, in one chunk; one in four up to 200 KB, in several
		size=$((RANDOM % 4 ? RANDOM % 60000 + 1 : RANDOM * 8 % 200000 + 1))
		head -c $size "$b" >"$mnt/$d/n$i" && files+=("$d/n$i") ;;
	4|5)
		head -c $((RANDOM % 30000 + 1)) "$b" >>"$mnt/${files[k]}" ;;
	6)
		size=$(stat -c %s "$mnt/${files[k]}") && [ "$size" -gt 0 ] &&
		dd if="$b" of="$mnt/${files[k]}" bs=1 seek=$((RANDOM % size)) count=$((RANDOM % 5000 + 1)) \
			conv=notrunc status=none ;;
	7)
		mv "$mnt/${files[k]}" "$mnt/$d/r$i" && files[k]=$d/r$i ;;
	8)
		rm "$mnt/${files[k]}" && files=("${files[@]:0:k}" "${files[@]:k+1}") ;;
	9)
		mkdir "$mnt/$d/sub$i" && dirs+=("$d/sub$i") ;;
	10)
		# a subdirectory renamed into another directory, with the files in it
		[ ${#dirs[@]} -gt 4 ] && from=${dirs[4 + RANDOM % (${#dirs[@]} - 4)]} &&
		case $d/ in "$from"/*) false ;; esac &&
		mv "$mnt/$from" "$mnt/$d/m$i" && {
			for j in "${!dirs[@]}"; do case ${dirs[j]}/ in "$from"/*) dirs[j]=$d/m$i${dirs[j]#"$from"} ;; esac; done
			for j in "${!files[@]}"; do case ${files[j]} in "$from"/*) files[j]=$d/m$i${files[j]#"$from"} ;; esac; done
		} ;;
	11)
		# sparse: 4 KiB pieces at random offsets below 2 MiB, each fsync'd, the same into a
		# host copy, whose checksum goes to fsynced.sums once every piece is in
		d=w$((RANDOM % 4)) ok=1
		rm -f sparse.model
		for p in 1 2 3 4 5 6; do
			at=$((RANDOM % 512))
			dd if="$b" of="$mnt/$d/p$i" bs=4k seek=$at count=1 conv=notrunc,fsync status=none &&
				dd if="$b" of=sparse.model bs=4k seek=$at count=1 conv=notrunc status=none || { ok=0; break; }
		done
		[ $ok = 1 ] && echo "$(sha256sum <sparse.model | cut -d" " -f1)  $d/p$i" >>fsynced.sums ;;
	*)
		# in a top directory, which no rename moves
		d=w$((RANDOM % 4))
		dd if="$b" of="$mnt/$d/s$i" bs=64k conv=fsync status=none &&
		echo "$(cut -d" " -f1 "$b.sum")  $d/s$i" >>fsynced.sums ;;
	esac
	echo "$i $op" >>ops.log
done
EOF

# The prepared volume: /old holds files of every size from 1 byte to 700 KiB (beyond the
# 64K threshold, so in several chunks), in a few directories; /w0 to /w3 are the load's.
test_expect_success 'a prepared volume: old files in several chunks, the load'"'"'s directories' '
	mkdir -p old/a old/b/c old/d blobs &&
	for i in $(seq 1 40); do head -c $(( (i * i * 437) % 700000 + 1 )) /dev/urandom >old/$((i % 4 == 0 ? 0 : i % 4 == 1 ? 1 : 2))-$i; done &&
	mv old/0-* old/a/ && mv old/1-* old/b/c/ && mv old/2-* old/d/ &&
	(cd old && find . -type f | LC_ALL=C sort | xargs sha256sum) >old.sums &&
	for i in 0 1 2 3 4 5 6 7; do head -c $((i * i * 5000 + 100)) /dev/urandom >blobs/blob$i && sha256sum <blobs/blob$i >blobs/blob$i.sum; done &&
	"$CHUNKCTL" mkfs --chunks 8 --size 32M --threshold 64K prepared >/dev/null &&
	"$CHUNKCTL" -V prepared cp -r old :/old &&
	"$CHUNKCTL" -V prepared mkdir :/w0 :/w1 :/w2 :/w3 &&
	"$CHUNKCTL" -V prepared check --all >/dev/null &&
	"$CHUNKCTL" -V prepared df --json | jq "[.chunks[] | select(.refs > 0)] | length" >n &&
	[ "$(cat n)" -ge 2 ] && "$CHUNKCTL" -V prepared stat --json :/old/d/2-38 | jq -e ".files[0].continuations > 0" >/dev/null
'

# wait_ops PID N: until the load PID has done N operations.
wait_ops() {
	local n=3000
	until [ -e ops.log ] && [ "$(wc -l <ops.log)" -ge "$2" ]; do
		kill -0 "$1" 2>/dev/null || { cat writer.log; die "the load ended by itself"; }
		[ $n -gt 0 ] || die "the load did not do $2 operations in 60 s"
		sleep 0.02; n=$((n - 1))
	done
}

# trial T: one crash and its recovery in vol-T, with mount point m-T; the summary in summary-T.
trial() {
	local t=$1 seed=$(( SEED * 100000 + $1 )) vol=vol-$1 mnt=m-$1 k ops wpid rc ndirty nrep nsync settled=""
	RANDOM=$seed
	k=$((RANDOM % 60 + 10))
	rm -f fsynced.sums ops.log
	cp -a --sparse=always prepared "$vol" || die "cannot copy the prepared volume"
	mount_chunkfs "$vol" "$mnt" -o commit=1
	(cd "$mnt/old" && sha256sum --quiet -c "$TRASH/old.sums") || die "old files differ before the load"
	# the load, in a session of its own, stopped as a whole after the crash
	setsid bash writer.sh $((seed * 7 % 32768)) "$mnt" "$TRASH/blobs" >writer.log 2>&1 &
	wpid=$!
	wait_ops $wpid $k
	# One trial in three, the load pauses until the flusher has marked every chunk CLEAN,
	# then goes on for a few operations: the crash then leaves DIRTY only what these wrote.
	if [ $((RANDOM % 3)) = 0 ]; then
		kill -STOP -- -$wpid
		n=300
		while chunk_states "$vol" | grep -q " dirty$"; do
			[ $n -gt 0 ] || { chunk_states "$vol"; die "chunks still DIRTY 30 s into a pause of the load"; }
			sleep 0.1; n=$((n - 1))
		done
		settled=" (paused until all CLEAN at $k)"
		kill -CONT -- -$wpid
		k=$(( $(wc -l <ops.log) + RANDOM % 8 + 1 ))
		wait_ops $wpid $k
	fi
	ops=$(wc -l <ops.log)
	kill -9 "$(cat "$mnt.pid")" || die "chunkfs of $mnt is gone before the crash"
	chunkfs_wait_exit "$mnt"
	kill -9 -- -$wpid 2>/dev/null || :
	wait $wpid 2>/dev/null || :
	umount -l "$mnt" || die "cannot detach $mnt"

	chunk_states "$vol" >states-$t
	grep -v -e " clean$" -e " dirty$" states-$t && die "a chunk neither clean nor dirty after the crash"
	ndirty=$(grep -c " dirty$" states-$t || :)
	awk '$2 == "clean" { printf "%s/chunk-%04d.img\n", v, $1 }' v="$vol" states-$t >clean-$t
	xargs -r sha256sum <clean-$t >clean-$t.before
	rc=0; "$CHUNKCTL" -V "$vol" repair --dirty >repair-$t 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat repair-$t; die "repair --dirty exited $rc"; }
	nrep=$(grep -c "^chunk [0-9]* (.*): repair" repair-$t || :)
	[ "$nrep" = "$ndirty" ] || { cat states-$t repair-$t; die "repair did $nrep chunks, $ndirty were DIRTY"; }
	[ ! -s clean-$t.before ] || sha256sum --quiet -c clean-$t.before || die "repair --dirty changed a CLEAN chunk"
	"$CHUNKCTL" -V "$vol" check --all >check-$t 2>&1 || { cat repair-$t check-$t; die "check --all after the repair is not clean"; }

	mount_chunkfs "$vol" "$mnt" -o ro
	(cd "$mnt/old" && sha256sum --quiet -c "$TRASH/old.sums") || die "an old file differs after the repair"
	touch fsynced.sums
	nsync=$(wc -l <fsynced.sums)
	(cd "$mnt" && sha256sum --quiet -c "$TRASH/fsynced.sums") || die "a file fsync'd before the crash differs"
	find "$mnt" -type f -exec cat {} + >/dev/null || die "a file cannot be read after the repair"
	unmount_chunkfs "$mnt"
	echo "trial $t (seed $seed): killed after $ops operations (aimed at $k)$settled; dirty $ndirty of 8:" \
		"$(awk '$2 == "dirty" { printf " %s", $1 }' states-$t); repair $rc, $nrep repaired;" \
		"$nsync fsync'd and $(wc -l <old.sums) old files intact; clean chunks unchanged" >summary-$t
}

for t in $(seq 1 "$TRIALS"); do
	[ -z "$ONLY" ] || [ "$ONLY" = "$t" ] || continue
	test_expect_success "crash trial $t of $TRIALS (seed $SEED): repair --dirty brings back the fsync'd and the old files" "trial $t"
	if [ -e summary-$t ]; then
		echo "# $(cat summary-$t)"
		rm -rf vol-$t
	else
		cp -a --sparse=always vol-$t failed-$t 2>/dev/null && rm -rf vol-$t
		KEEP_TRASH=1
		echo "# trial $t failed: volume kept in $TRASH/failed-$t;" \
			"again: CRASH_SEED=$SEED CRASH_ONLY=$t KEEP_TRASH=1 bash tests/$TEST_NAME.sh"
	fi
done

test_done
