#!/bin/bash
# chunkscrubd and a mounted volume: the daemon's scrub of a chunk goes through the mount's
# control channel (an online check) instead of failing on a volume the mount holds; with
# auto_repair, damage it finds is repaired online by the mount, the lost files named.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the daemon and a mounted volume' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi
bus_start

cat >d.conf <<EOT
[daemon]
state_dir = state
boot_chunks = 0
interval = 365d
idle_after = 1h
auto_repair = yes
nice = 0
[volume:v]
path = vol
EOT

test_expect_success 'setup: a mounted volume whose files continue across 3 chunks' '
	"$CHUNKCTL" mkfs --chunks 3 --size 32M --threshold 16K vol >/dev/null &&
	mkdir tree &&
	for i in $(seq 1 12); do head -c $((40000 + i * 1000)) /dev/urandom >tree/f$i; done &&
	mount_chunkfs vol mnt && cp -r tree mnt/ && diff -r tree mnt/tree &&
	[ "$("$CHUNKFAULT" vol/chunk-0001.img list-conts | wc -l)" -ge 1 ]
'

test_expect_success 'a scrub of every chunk of the mounted volume goes through the mount: all clean' '
	daemon_start d.conf &&
	"$CHUNKCTL" scrub v --all --wait >out 2>&1 || { cat out; false; }
	cat out &&
	[ "$(grep -c "^v chunk [0-2]: scrub clean (job [0-9]*)$" out)" = 3 ] &&
	[ "$(grep -c "online check of chunk [0-2]: clean" mnt.log)" -ge 3 ] &&
	chunk_prop v 1 LastReport | grep -q "\\\\\"online\\\\\":true" &&
	diff -r tree mnt/tree
'

test_expect_success 'damage under the mount: the scrub finds it and the mount repairs it online, naming the lost files' '
	cont=$("$CHUNKFAULT" vol/chunk-0001.img list-conts | head -n 1 | cut -d" " -f1) &&
	"$CHUNKFAULT" vol/chunk-0001.img zero-itable-block "$cont" &&
	rc=0 && "$CHUNKCTL" scrub v 1 --wait >out 2>&1 || rc=$?
	cat out && [ $rc = 1 ] &&
	grep -q "^v chunk 1: scrub repaired (job [0-9]*)$" out &&
	grep -q "online repair of chunk 1: errors corrected" mnt.log &&
	chunk_prop v 1 LastReport | grep -q "files_lost" &&
	test "$(chunk_prop v 1 State)" = "\"clean\"" &&
	ok=0 &&
	for i in $(seq 1 12); do if cmp -s tree/f$i mnt/tree/f$i; then ok=$((ok + 1)); fi; done &&
	echo "$ok of 12 files as written" && [ $ok -ge 1 ] &&
	daemon_stop &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
'

test_expect_success 'damage met in use: the mount tells the daemon at once, which has the mount repair it online' '
	heads=$("$CHUNKFAULT" vol/chunk-0000.img list-heads) &&
	f= && for i in $(seq 1 12); do
		ino=$("$CHUNKCTL" -V vol stat :/tree/f$i | sed -n "s/.*(chunk 0, inode \([0-9]*\),.*/\1/p")
		if [ -n "$ino" ] && echo "$heads" | grep -qx "$ino"; then f=f$i; break; fi
	done &&
	[ -n "$f" ] && echo "flipping the head record of /tree/$f, inode $ino" &&
	for i in $(seq 1 12); do
		if [ f$i != $f ] && "$CHUNKCTL" -V vol cat :/tree/f$i | cmp -s - tree/f$i; then echo f$i; fi
	done >intact && [ -s intact ] &&
	"$CHUNKFAULT" vol/chunk-0000.img flip-head "$ino" >/dev/null &&
	: >mnt.log && daemon_start d.conf &&
	mount_chunkfs vol mnt &&
	t0=$(date +%s.%N) &&
	! cat mnt/tree/$f >/dev/null 2>err && grep -q "Input/output error" err &&
	wait_for 30 "grep -q \"online repair of chunk 0: errors corrected\" mnt.log" &&
	t1=$(date +%s.%N) &&
	echo "damage met to chunk repaired: $(awk -v a="$t0" -v b="$t1" "BEGIN { printf \"%.3f\", b - a }") s" &&
	grep -q "chunk 0): marked DAMAGED; chunkscrubd was told" mnt.log &&
	grep -q "The mount of the volume met damage in the chunk" daemon.log &&
	wait_for 10 "test \"\$(chunk_prop v 0 State)\" = \"\\\"clean\\\"\"" &&
	chunk_prop v 0 LastReport >report &&
	# What the repair could not keep reads as EIO, never as zeros, and is named in its report.
	if ! cmp tree/$f mnt/tree/$f 2>err; then
		grep -q "Input/output error" err && grep -q "/tree/$f" report
	fi &&
	while read -r g; do cmp tree/$g mnt/tree/$g || exit 1; done <intact &&
	daemon_stop &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
'

test_expect_success 'the idle rule asks the mount: a chunk its operations keep using is not scrubbed until they stop' '
	now=$(date +%s) &&
	for k in 0 1 2; do "$BUILD/tests/chunkstate" vol/chunk-000$k.img clean $((now - (3 + k) * 86400)); done &&
	cat >idle.conf <<-EOT &&
	[daemon]
	state_dir = idle-state
	boot_chunks = 0
	interval = 1d
	idle_after = 4s
	nice = 0
	[volume:v]
	path = vol
	EOT
	mount_chunkfs vol mnt
	# chunk 0 holds the root: a stat of it (the kernel asks the mount once its attributes are
	# a second old) uses chunk 0 alone, and only the mount sees that: no image time moves
	( while :; do stat mnt >/dev/null; sleep 0.2; done ) &
	echo $! >reader.pid
	daemon_start idle.conf
	wait_for 30 "checked_are idle-state idle 2 1" || { cat daemon.log; false; }
	sleep 6
	checked_are idle-state idle 2 1 || { checked_chunks idle-state idle; false; }
	kill "$(cat reader.pid)"
	wait_for 30 "checked_are idle-state idle 2 1 0" || { checked_chunks idle-state idle; false; }
	daemon_stop &&
	unmount_chunkfs mnt
'

test_done
