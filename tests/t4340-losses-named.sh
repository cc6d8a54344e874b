#!/bin/bash
# Every file a repair lost data of or moved is named where the admin looks after the report
# has scrolled away: `chunkctl status` lists them under their chunk, by volume path, until
# `chunkctl lost --ack K`, whatever process reads the volume next, and a kill in the middle of
# the acknowledgement leaves the whole list or none of it; and the journal has one entry per
# file (CHUNKFS_PATH=...) and one summary per repair.
. "$(dirname "$0")/test-lib.sh"

T=16384
SIZE=100000

# cont_chunk VOL FILE: the chunk of FILE's first continuation
cont_chunk() { "$CHUNKCTL" -V "$1" stat --json ":$2" | jq ".files[0].chain[1].chunk"; }
cont_ino() { "$CHUNKCTL" -V "$1" stat --json ":$2" | jq ".files[0].chain[1].local_ino"; }
# lose_cont VOL FILE: FILE's continuation loses its record and its chunk's index entry for it,
# so that nothing in its chunk says whose it is (with the entry, the repair rebuilds the record
# from the head that names it: tests/damage/flip-cont): its bytes are lost, the continuation an
# orphan. Prints the chunk.
lose_cont() {
	local k ino h hino n
	k=$(cont_chunk "$1" "$2") && ino=$(cont_ino "$1" "$2") &&
	h=$("$CHUNKCTL" -V "$1" stat --json ":$2" | jq ".files[0].chain[0].chunk") &&
	hino=$("$CHUNKCTL" -V "$1" stat --json ":$2" | jq ".files[0].chain[0].local_ino") &&
	n=$("$CHUNKCTL" -V "$1" refs "$k" | awk -v peer="peer $h:" -v me=" $k:$ino " "
		index(\$0, peer) == 1 { on = 1; i = 0; next } /^peer/ { on = 0 }
		on && /->|<-/ { if (index(\$0, me)) print i; i++ }") && [ -n "$n" ] &&
	"$CHUNKFAULT" "$1/chunk-000$k.img" del-index "$h" "$n" >/dev/null &&
	"$CHUNKFAULT" "$1/chunk-000$k.img" flip-cont "$ino" >/dev/null && echo "$k"
}

test_expect_success 'setup: three files continued into other chunks lose their continuation records' '
	head -c $SIZE /dev/urandom >big && head -c 3000 /dev/urandom >small &&
	"$CHUNKCTL" mkfs --chunks 4 --size 32M --threshold $T base >/dev/null &&
	"$CHUNKCTL" -V base mkdir :/d &&
	for f in /a "/d/b c" /d/e; do "$CHUNKCTL" -V base cp big ":$f"; done &&
	"$CHUNKCTL" -V base cp small :/small &&
	for f in /a "/d/b c" /d/e; do
		k=$(cont_chunk base "$f") && echo "$f $k" >>where && echo "$k" >>ks || exit 1
	done &&
	for f in /a "/d/b c" /d/e; do lose_cont base "$f" >/dev/null || exit 1; done &&
	sort -u ks >chunks && cat chunks
'

test_expect_success 'before any repair, status lists no losses' '
	cp -a base fresh &&
	"$CHUNKCTL" -V fresh status >st 2>/dev/null && ! grep -q "lost data or moved" st &&
	"$CHUNKCTL" -V fresh status --json 2>/dev/null | jq -e "[.volumes[0].chunks[].losses.count] == [0, 0, 0, 0]" >/dev/null
'

test_expect_success 'after the repair, status lists each file by volume path under its chunk' '
	cp -a base vol &&
	{ rc=0; "$CHUNKCTL" -V vol repair $(cat chunks) >repair || rc=$?; } && [ $rc = 1 ] &&
	"$CHUNKCTL" -V vol status >st 2>/dev/null && cat st &&
	for f in /a "/d/b c" /d/e; do
		k=$(cont_chunk base "$f") &&
		sed -n "/^chunk $k of vol: /,/^\$/p" st | grep -q "^  :$f (inode 0:[0-9]*): $((SIZE - T)) byte(s) lost, they read as EIO\$" ||
			die "$f is not listed under chunk $k"
	done &&
	grep -q "^  (path unknown) (inode [0-9]:[0-9]*): moved to :/lost+found/orphan-" st &&
	grep -q "until acknowledged with \`chunkctl -V vol lost --ack" st
'

test_expect_success 'status --json has them too: count, paths, bytes, where the moved ones went' '
	"$CHUNKCTL" -V vol status --json >st.json 2>/dev/null &&
	jq -e "[.volumes[0].chunks[].losses.files[] | select(.loss == \"data\") | .path] | sort == [\"/a\", \"/d/b c\", \"/d/e\"]" st.json >/dev/null &&
	jq -e "[.volumes[0].chunks[].losses.files[] | select(.loss == \"data\") | .bytes_lost] | unique == [$((SIZE - T))]" st.json >/dev/null &&
	jq -e "[.volumes[0].chunks[].losses.files[] | select(.loss == \"moved\") | .moved_to | startswith(\"/lost+found/orphan-\")] | length == 3 and all" st.json >/dev/null &&
	jq -e "[.volumes[0].chunks[].losses.count] | add == 6" st.json >/dev/null &&
	jq -e "[.volumes[0].chunks[].losses | select(.count > 0) | .last > 0 and .more == 0] | all" st.json >/dev/null
'

test_expect_success 'the list survives a check, a second repair and a reopen, and is not counted twice' '
	expect_status 0 "$CHUNKCTL" -V vol check --all >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V vol repair $(cat chunks) >/dev/null &&
	"$CHUNKCTL" -V vol status --json 2>/dev/null | jq -e "[.volumes[0].chunks[].losses.count] | add == 6" >/dev/null &&
	"$CHUNKCTL" -V vol status >st2 2>/dev/null &&
	sed "1,/^\$/d" st | grep -v "lost data or moved" >losses1 && sed "1,/^\$/d" st2 | grep -v "lost data or moved" >losses2 &&
	[ -s losses1 ] && cmp losses1 losses2
'

test_expect_success 'a later repair that loses more adds to what is not yet acknowledged' '
	cp -a vol more &&
	"$CHUNKCTL" -V more cp big :/f &&
	k=$(lose_cont more /f) &&
	before=$("$CHUNKCTL" -V more status --json 2>/dev/null | jq ".volumes[0].chunks[$k].losses.count") &&
	expect_status 1 "$CHUNKCTL" -V more repair "$k" >/dev/null &&
	"$CHUNKCTL" -V more status --json 2>/dev/null >more.json &&
	jq -e ".volumes[0].chunks[$k].losses.count == $before + 2" more.json >/dev/null &&
	jq -e "[.volumes[0].chunks[$k].losses.files[].path] | index(\"/f\") != null" more.json >/dev/null
'

test_expect_success 'lost --ack K clears chunk K only; the lost ranges stay marked' '
	cp -a vol acked && k=$(head -1 chunks) &&
	"$CHUNKCTL" -V acked lost --ack "$k" >ack && grep -q "^chunk $k: [0-9]* file(s) lost or moved acknowledged" ack &&
	"$CHUNKCTL" -V acked status --json 2>/dev/null >acked.json &&
	jq -e ".volumes[0].chunks[$k].losses == {\"count\": 0, \"last\": null, \"files\": [], \"more\": 0}" acked.json >/dev/null &&
	jq -e "[.volumes[0].chunks[].losses.count] | add == 6 - $("$CHUNKCTL" -V vol status --json 2>/dev/null | jq ".volumes[0].chunks[$k].losses.count")" acked.json >/dev/null &&
	"$CHUNKCTL" -V acked status 2>/dev/null | { ! grep -q "^chunk $k of acked: "; } &&
	"$CHUNKCTL" -V acked lost | grep -q "^:/a: $((SIZE - T)) byte(s) lost" &&
	"$CHUNKCTL" -V acked lost --ack $(cat chunks) >/dev/null &&
	"$CHUNKCTL" -V acked status --json 2>/dev/null | jq -e "[.volumes[0].chunks[].losses.count] | add == 0" >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V acked check --all >/dev/null &&
	e2fsck_clean acked/chunk-*.img
'

test_expect_success 'lost --ack refuses what is not a chunk, and a chunk the volume does not have' '
	expect_status 2 "$CHUNKCTL" -V vol lost --ack 2>err && grep -q "needs the chunks" err &&
	expect_status 2 "$CHUNKCTL" -V vol lost --ack :/a 2>err && grep -q "takes chunk numbers" err &&
	expect_status 2 "$CHUNKCTL" -V vol lost --ack --clear 1 2>err &&
	expect_status 2 "$CHUNKCTL" -V vol lost --ack 9 2>err && grep -q "chunk 9: no such chunk" err &&
	"$CHUNKCTL" lost --help | grep -q -- "--ack"
'

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'a repair through the mount keeps its files the same way; status of the mounted volume lists them' \
		"no /dev/fuse or fusermount3 on this machine"
else
	. "$SRC/tests/lib-mount.sh"
	# Written to, a chunk is the mount's (DIRTY, its state read from the superblock): the mount
	# hands its list over.
	test_expect_success 'a repair through the mount keeps its files the same way; status of the mounted volume lists them' '
		cp -a base mvol && k=$(cont_chunk base /a) && mount_chunkfs mvol mnt -o commit=60 &&
		{ rc=0; "$CHUNKCTL" -V mvol repair "$k" >mrepair 2>&1 || rc=$?; } && cat mrepair && [ $rc = 1 ] &&
		for i in $(seq 1 12); do head -c 200000 /dev/urandom >mnt/w$i || exit 1; done &&
		"$CHUNKCTL" -V mvol status --json 2>/dev/null >m.json &&
		jq -e ".volumes[0].chunks[$k] | .state == \"dirty\" and .refs == null" m.json >/dev/null &&
		jq -e ".volumes[0].chunks[$k].losses.files | map(.path) | index(\"/a\") != null" m.json >/dev/null &&
		"$CHUNKCTL" -V mvol status 2>/dev/null | grep -q "^  :/a (inode 0:[0-9]*): $((SIZE - T)) byte(s) lost" &&
		expect_status 1 "$CHUNKCTL" -V mvol lost --ack "$k" 2>err && grep -q "mounted" err &&
		unmount_chunkfs mnt &&
		"$CHUNKCTL" -V mvol status --json 2>/dev/null | jq -c ".volumes[0].chunks[$k].losses" >after &&
		jq -c ".volumes[0].chunks[$k].losses" m.json | cmp - after
	'
fi

if ! command -v dbus-daemon >/dev/null; then
	test_skip 'through chunkscrubd, status lists them too' "no dbus-daemon on this machine"
else
	. "$SRC/tests/lib-daemon.sh"
	bus_start
	test_expect_success 'through chunkscrubd, status lists them too, read from where the daemon says the volume is' '
		cp -a vol dvol &&
		printf "[daemon]\nstate_dir = state\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\n[volume:v]\npath = %s\n" \
			"$TRASH/dvol" >d.conf &&
		daemon_start d.conf &&
		"$CHUNKCTL" status >dst && cat dst &&
		grep -q "^chunk [0-9] of v: 2 file(s) lost data or moved in repairs" dst &&
		grep -q "until acknowledged with \`chunkctl -V $TRASH/dvol lost --ack [0-9]\`" dst &&
		grep -q "^  :/d/b c (inode 0:[0-9]*): $((SIZE - T)) byte(s) lost" dst &&
		"$CHUNKCTL" status v --json | jq -e "[.volumes[0].chunks[].losses.count] | add == 6" >/dev/null &&
		daemon_stop
	'

	test_expect_success 'a repair chunkscrubd runs keeps the files it lost the same way, and logs each' '
		cp -a base svol && k=$(cont_chunk base /a) &&
		printf "[daemon]\nstate_dir = state2\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\n[volume:s]\npath = %s\n" \
			"$TRASH/svol" >s.conf &&
		daemon_start s.conf &&
		{ rc=0; "$CHUNKCTL" repair s "$k" --wait >out || rc=$?; } && cat out && [ $rc = 1 ] &&
		"$CHUNKCTL" status s --json >s.json &&
		jq -e ".volumes[0].chunks[$k].losses.files | map(.path) | index(\"/a\") != null" s.json >/dev/null &&
		daemon_stop &&
		grep -q "^chunkscrubd: repair of chunk $k of s: /a lost $((SIZE - T)) byte(s), which read as EIO$" daemon.log &&
		grep -q "^chunkscrubd: repair of chunk $k of s: errors corrected (status 1); 1 file(s) lost data" daemon.log
	'
fi

# Every write is a kill point in the plain run; under ASan+UBSan every second.
KILL_STEP=1
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && KILL_STEP=2

test_expect_success 'an acknowledgement killed at any of its writes leaves the whole list or none of it' '
	k=$(head -1 chunks) &&
	want=$("$CHUNKCTL" -V vol status --json 2>/dev/null | jq -c ".volumes[0].chunks[$k].losses") &&
	cp -a vol counted &&
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -e trace=pwrite64 -o writes \
		"$CHUNKCTL" -V counted lost --ack "$k" >/dev/null &&
	n=$(grep -c pwrite64 writes) && echo "the acknowledgement writes $n times" && [ "$n" -ge 1 ] &&
	for i in $(seq 1 "$KILL_STEP" "$n"); do
		rm -rf vk && cp -a vol vk &&
		{ rc=0; (ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" strace -f -qq -o /dev/null \
			-e trace=pwrite64 -e inject=pwrite64:signal=KILL:when=$i \
			"$CHUNKCTL" -V vk lost --ack "$k") >/dev/null 2>&1 || rc=$?; } 2>/dev/null &&
		[ $rc -ne 0 ] || die "kill point $i: the acknowledgement was not killed"
		got=$("$CHUNKCTL" -V vk status --json 2>/dev/null | jq -c ".volumes[0].chunks[$k].losses") &&
		case $got in
		"$want"|"{\"count\":0,\"last\":null,\"files\":[],\"more\":0}") ;;
		*) die "kill point $i: the list is $got" ;;
		esac &&
		expect_status 0 "$CHUNKCTL" -V vk check "$k" >/dev/null || exit 1
	done
'

test_expect_success 'a newer copy of the list that does not read whole gives way to the older one' '
	k=$(head -1 chunks) && img=torn/chunk-000$k.img &&
	want=$("$CHUNKCTL" -V vol status --json 2>/dev/null | jq -c ".volumes[0].chunks[$k].losses") &&
	cp -a vol torn && "$CHUNKCTL" -V torn lost --ack "$k" >/dev/null &&
	bs=$(dumpe2fs -h "$img" 2>/dev/null | awk "/^Block size:/ { print \$3 }") &&
	blk=$(debugfs -R "bmap /.chunkfs/losses 0" "$img" 2>/dev/null) && [ "$blk" -gt 0 ] &&
	printf "\377" | dd of="$img" bs=1 seek=$((blk * bs + 30)) conv=notrunc status=none &&
	got=$("$CHUNKCTL" -V torn status --json 2>/dev/null | jq -c ".volumes[0].chunks[$k].losses") &&
	[ "$got" = "$want" ] || die "the list is $got, not $want" &&
	"$CHUNKCTL" -V torn lost --ack "$k" >/dev/null &&
	"$CHUNKCTL" -V torn status --json 2>/dev/null | jq -e ".volumes[0].chunks[$k].losses.count == 0" >/dev/null &&
	expect_status 0 "$CHUNKCTL" -V torn check "$k" >/dev/null
'

# journald_reachable: why not, on stdout, when a message sent to the journal does not come back.
journald_reachable() {
	local tag=chunkfs-t4340-probe-$$
	command -v journalctl >/dev/null || { echo "no journalctl"; return 1; }
	command -v systemd-cat >/dev/null || { echo "no systemd-cat"; return 1; }
	journalctl -n1 >/dev/null 2>&1 || { echo "journalctl cannot read the journal"; return 1; }
	echo probe | systemd-cat -t "$tag" 2>/dev/null || { echo "systemd-cat cannot write to the journal"; return 1; }
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		journalctl -q -t "$tag" -o cat 2>/dev/null | grep -qx probe && return 0
		sleep 0.5
	done
	echo "a message sent with systemd-cat did not come back from journalctl"
	return 1
}

if why=$(journald_reachable); then
	test_expect_success 'the journal has one entry per file lost or moved and a summary of the repair' '
		cp -a base jvol && jv=$(realpath jvol) &&
		{ rc=0; "$CHUNKCTL" -V jvol repair $(cat chunks) >/dev/null || rc=$?; } && [ $rc = 1 ] &&
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			journalctl -q -o json SYSLOG_IDENTIFIER=chunkctl "CHUNKFS_VOLUME=$jv" >j.json 2>/dev/null &&
			[ "$(jq -s "[.[] | select(.MESSAGE_ID == \"70cf91ee5b4e40ed975dc118b07425d4\")] | length" j.json)" = "$(wc -l <chunks)" ] && break
			sleep 0.5
		done &&
		jq -s -e "[.[] | select(.CHUNKFS_LOSS == \"data\") | .CHUNKFS_PATH] | sort == [\"/a\", \"/d/b c\", \"/d/e\"]" j.json >/dev/null &&
		jq -s -e "[.[] | select(.CHUNKFS_LOSS == \"data\") | .CHUNKFS_BYTES_LOST] | unique == [\"$((SIZE - T))\"]" j.json >/dev/null &&
		jq -s -e "[.[] | select(.CHUNKFS_LOSS == \"moved\") | .CHUNKFS_MOVED_TO | startswith(\"/lost+found/\")] | length == 3 and all" j.json >/dev/null &&
		jq -s -e "[.[] | select(.MESSAGE_ID == \"be30b251f2384ae98bac56219762c0fb\")] | length == 6" j.json >/dev/null &&
		jq -s -e "[.[] | select(.CHUNKFS_PATH == \"/a\")][0].MESSAGE | test(\"/a lost $((SIZE - T)) byte\")" j.json >/dev/null &&
		jq -s -e "[.[] | select(.MESSAGE_ID == \"70cf91ee5b4e40ed975dc118b07425d4\") | .CHUNKFS_FILES_LOST | tonumber] | add == 3" j.json >/dev/null
	'
else
	test_skip 'the journal has one entry per file lost or moved and a summary of the repair' "journald is not reachable: $why"
fi

test_done
