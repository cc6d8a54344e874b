#!/bin/bash
# Online check: chunkctl check on a mounted volume goes through the mount's control channel;
# the mount checks one chunk (e2fsck -fn on a snapshot taken at a quiet point, then the
# cross-chunk passes under its lock) while programs go on using every chunk, that one included.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'online checks through the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# fsverify's operations while the checks loop: fewer under ASan+UBSan, where each is slower.
FSV_OPS=4000
[ "${CHUNKFS_SANITIZED:-0}" = 1 ] && FSV_OPS=1500

# A tree of small files and of files spanning chunks (threshold 64K), in three directories.
make_tree() {
	local d i
	for d in a b c; do
		mkdir -p "src/$d"
		for i in $(seq 1 12); do head -c $((i * 997)) /dev/urandom >"src/$d/small$i"; done
		for i in 1 2 3; do head -c $((300000 + i * 4096)) /dev/urandom >"src/$d/big$i"; done
	done
}

# socket_request VOLDIR JSON: the mount's reply to one request, on stdout.
socket_request() {
	local uuid
	uuid=$(sed -n "s/^uuid *= *//p" "$1/volume.conf")
	python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(sys.argv[2].encode() + b"\n")
out = b""
while True:
    b = s.recv(65536)
    if not b: break
    out += b
sys.stdout.write(out.decode())' "$CHUNKFS_RUN_DIR/$uuid.sock" "$2"
}

test_expect_success 'a mount answers on its control channel, named by the volume UUID, for root only' '
	make_tree &&
	"$CHUNKCTL" mkfs --chunks 4 --size 64M --threshold 64K vol >/dev/null &&
	mount_chunkfs vol mnt && cp -r src/. mnt/ &&
	uuid=$(sed -n "s/^uuid *= *//p" vol/volume.conf) &&
	[ -S "$CHUNKFS_RUN_DIR/$uuid.sock" ] &&
	case $(stat -c %a "$CHUNKFS_RUN_DIR/$uuid.sock") in ?00) ;; *) false ;; esac &&
	socket_request vol "{\"op\":\"status\"}" >status.json &&
	python3 -c "import json, sys
s = json.load(open(\"status.json\"))
assert s[\"mountpoint\"] == sys.argv[1], s
assert [c[\"chunk\"] for c in s[\"chunks\"]] == [0, 1, 2, 3], s
assert all(c[\"state\"] == \"online\" for c in s[\"chunks\"]), s
assert s[\"chunks\"][0][\"writes\"] > 0 and s[\"chunks\"][0][\"last_write_ms\"] > 0, s" "$TRASH/mnt" &&
	socket_request vol "{\"op\":\"frobnicate\"}" >bad.json && grep -q "unknown op" bad.json &&
	unmount_chunkfs mnt &&
	[ ! -e "$CHUNKFS_RUN_DIR/$uuid.sock" ]
'

test_expect_success 'check of a mounted volume goes through the mount: every chunk clean, the mount in use' '
	mount_chunkfs vol mnt &&
	"$CHUNKCTL" -V vol check >out 2>err || { cat out err; false; } &&
	head -n 1 out | grep -qx "vol is mounted at $TRASH/mnt: checking online, through the mount" &&
	[ "$(grep -c "^chunk [0-3] (.*): check: clean, status 0$" out)" = 4 ] &&
	[ "$(grep -c "^  online: e2fsck checked a snapshot taken at a quiet point" out)" = 4 ] &&
	"$CHUNKCTL" -V vol check --json 2 >one.json &&
	python3 -c "import json
d = json.load(open(\"one.json\"))
c = d[\"chunks\"][0]
assert d[\"result\"] == 0 and c[\"chunk\"] == 2 and c[\"online\"] is True, d
assert 0 <= c[\"longest_hold_seconds\"] <= c[\"hold_seconds\"] <= c[\"seconds\"], c" &&
	diff -r src/a mnt/a && diff -r src/b mnt/b && diff -r src/c mnt/c &&
	unmount_chunkfs mnt
'

test_expect_success 'checks of every chunk in a loop while fsverify writes: all clean, no error, every byte as modelled' '
	mount_chunkfs vol mnt
	mkdir mnt/fsv
	fsverify -s 11 -n "$FSV_OPS" -f 4 -m 8M mnt/fsv >fsv.out 2>&1 &
	fsv=$!
	rounds=0 &&
	while kill -0 $fsv 2>/dev/null || [ $rounds = 0 ]; do
		for k in 0 1 2 3; do
			"$CHUNKCTL" -V vol check $k >check.$k 2>&1 || { cat check.$k; kill $fsv; false; }
		done
		rounds=$((rounds + 1))
	done &&
	wait $fsv || { cat fsv.out; false; } &&
	echo "$rounds rounds of 4 online checks" &&
	diff -r src/a mnt/a && diff -r src/b mnt/b && diff -r src/c mnt/c &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
'

# files_outside VOL K: the files of src/ with no part (head or continuation) in chunk K.
files_outside() {
	local f
	(cd src && find . -type f | sort) | while read -r f; do
		"$CHUNKCTL" -V "$1" stat --json ":/${f#./}" >st.json
		python3 -c "import json, sys
s = json.load(open(\"st.json\"))
sys.exit(0 if all(c[\"chunk\"] != int(sys.argv[1]) for c in s[\"files\"][0][\"chain\"]) else 1)" "$2" && echo "$f"
	done
}

test_expect_success 'damage under the mount: the online check finds it and marks the chunk DAMAGED; files elsewhere read on' '
	k= &&
	for c in 3 2 1; do
		cont=$(chunkfault vol/chunk-000$c.img list-conts | head -n 1 | cut -d" " -f1)
		[ -n "$cont" ] && k=$c && break
	done &&
	[ -n "$k" ] && echo "damaging chunk $k, inode $cont" && echo $k >k &&
	files_outside vol $k >outside && [ -s outside ] && [ "$(wc -l <outside)" -lt 45 ] &&
	mount_chunkfs vol mnt &&
	chunkfault vol/chunk-000$k.img zero-itable-block $cont &&
	expect_status 4 "$CHUNKCTL" -V vol check $k >found 2>&1 &&
	grep -q "^chunk $k (.*): check: errors left uncorrected, status 4$" found &&
	grep -q "\[e2fsck\]" found &&
	socket_request vol "{\"op\":\"status\"}" >status.json &&
	python3 -c "import json, sys
s = json.load(open(\"status.json\"))
assert s[\"chunks\"][int(sys.argv[1])][\"state\"] == \"DAMAGED\", s" $k &&
	expect_status 4 "$CHUNKCTL" -V vol status >st 2>st.err &&
	grep -q "is mounted at $TRASH/mnt" st.err &&
	awk -v k=$k "\$2 == k { print \$3 }" st | grep -qx damaged &&
	while read -r f; do cmp "src/$f" "mnt/$f" || exit 1; done <outside &&
	echo "x" >mnt/a/written-after && cmp mnt/a/written-after - <<<x
'

test_expect_success 'repair of that chunk through the mount: the lost files named, the chunk back, open files still read' '
	k=$(cat k) &&
	exec 7<mnt/$(head -n 1 outside) &&
	rc=0 && "$CHUNKCTL" -V vol repair $k >repair 2>&1 || rc=$?
	[ $rc = 1 ] || { cat repair; false; }
	head -n 1 repair | grep -qx "vol is mounted at $TRASH/mnt: repairing online, through the mount" &&
	grep -q "^chunk $k (.*): repair: errors corrected, status 1$" repair &&
	grep -q "^  files that lost data:" repair &&
	grep -q "^  online: the mount held every operation for the repair, [0-9.]* s$" repair &&
	cmp src/$(head -n 1 outside) - <&7 && exec 7<&- &&
	"$CHUNKCTL" -V vol check $k >again 2>&1 || { cat again; false; }
	socket_request vol "{\"op\":\"status\"}" >status.json &&
	python3 -c "import json, sys
s = json.load(open(\"status.json\"))
assert s[\"chunks\"][int(sys.argv[1])][\"state\"] == \"online\", s" $k &&
	while read -r f; do cmp "src/$f" "mnt/$f" || exit 1; done <outside &&
	cp src/a/big1 mnt/a/after-repair && cmp src/a/big1 mnt/a/after-repair &&
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
	while read -r f; do "$CHUNKCTL" -V vol cat ":/${f#./}" | cmp - "src/$f" || exit 1; done <outside
'

# The mount holds a chunk's metadata until the chunk's next flush (ordered mode): the fsync of
# sync FILE writes it out before the damage, or that flush would write the inode back over it.
test_expect_success 'an open file whose inode the online repair removed reads EIO; the rest of the mount goes on' '
	mount_chunkfs vol mnt &&
	head -c 5000 /dev/urandom >victim && cp victim mnt/victim && sync mnt/victim &&
	vino=$(stat -c %i mnt/victim) && k=$((vino >> 32)) && ino=$((vino & 0xffffffff)) &&
	echo "victim: chunk $k, inode $ino" &&
	exec 8<mnt/victim &&
	chunkfault vol/chunk-000$k.img zero-inode $ino &&
	rc=0 && "$CHUNKCTL" -V vol repair $k >repair-victim 2>&1 || rc=$?
	[ $rc = 1 ] || { cat repair-victim; false; }
	grep -q "inode $ino of chunk $k, open, is gone after the repair" mnt.log &&
	! cat <&8 >/dev/null 2>err && grep -q "Input/output error" err &&
	exec 8<&- &&
	f=$(head -n 1 outside) && cmp "src/$f" "mnt/$f" &&
	unmount_chunkfs_exit0 mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
'

# A mount whose e2fsck takes 3 s more: an online check is then under way long enough to be hit.
slow_e2fsck() {
	printf "#!/bin/sh\nsleep 3\nexec e2fsck \"\$@\"\n" >slow-e2fsck && chmod +x slow-e2fsck
}

# wait_for_log MNT TEXT: until the mount's log has TEXT (10 s at most).
wait_for_log() {
	local n=100
	until grep -q "$2" "$1.log"; do
		[ $n -gt 0 ] || die "no \"$2\" in $1.log after 10 s"
		sleep 0.1; n=$((n - 1))
	done
}

# A file unlinked while open lives on its chunk's orphan list until its last close: the online
# check sees it as the live file it is (e2fsck -fn on the snapshot would call the list's inodes
# errors; its continuation, flagged released at the unlink, is its head's still).
test_expect_success 'a file unlinked while open: the online check finds nothing, and after its last close nothing either' '
	mount_chunkfs vol mnt &&
	head -c 900000 /dev/urandom >spanning && cp spanning mnt/a/gone && sync -f mnt &&
	exec 7<mnt/a/gone && rm mnt/a/gone &&
	rc=0 && "$CHUNKCTL" -V vol check >open.out 2>&1 || rc=$? &&
	{ [ $rc = 0 ] || { exec 7<&-; cat open.out; die "online check with a file unlinked while open exited $rc"; }; } &&
	cmp /dev/fd/7 spanning && exec 7<&- &&
	"$CHUNKCTL" -V vol check >closed.out 2>&1 || { cat closed.out; false; }
	unmount_chunkfs mnt &&
	"$CHUNKCTL" -V vol check --all >offline.out 2>&1 || { cat offline.out; false; }
	! "$CHUNKCTL" -V vol stat :/a/gone >/dev/null 2>&1
'

test_expect_success 'kill -9 of chunkctl during an online check: the mount goes on, the next check runs' '
	slow_e2fsck && : >mnt.log &&
	CHUNKFS_E2FSCK=$TRASH/slow-e2fsck mount_chunkfs vol mnt
	"$CHUNKCTL" -V vol check 0 >/dev/null 2>&1 &
	ctl=$!
	wait_for_log mnt "online check of chunk 0 begins"
	kill -9 $ctl
	cp src/a/big1 mnt/a/during && cmp src/a/big1 mnt/a/during &&
	"$CHUNKCTL" -V vol check 1 >next 2>&1 || { cat next; false; }
	grep -q "^chunk 1 (.*): check: clean, status 0$" next &&
	unmount_chunkfs_exit0 mnt
'

test_expect_success 'kill -9 of the mount during an online check: no snapshot left, nothing held, repair --dirty finishes' '
	ls -a vol >before && : >mnt.log &&
	CHUNKFS_E2FSCK=$TRASH/slow-e2fsck mount_chunkfs vol mnt
	cp src/b/big2 mnt/b/during
	"$CHUNKCTL" -V vol check 0 >ctl.out 2>&1 &
	ctl=$!
	wait_for_log mnt "online check of chunk 0 begins"
	kill -9 "$(cat mnt.pid)"
	rc=0; wait $ctl || rc=$?
	[ $rc = 8 ] && grep -q "no answer from the mount" ctl.out &&
	umount -l mnt &&
	ls -a vol >after-kill && diff before after-kill &&
	rc=0 && "$CHUNKCTL" -V vol repair --dirty >repair-dirty 2>&1 || rc=$?
	[ $rc -le 1 ] || { cat repair-dirty; false; }
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after; false; }
	f=$(head -n 1 outside) && "$CHUNKCTL" -V vol cat ":/${f#./}" | cmp - "src/$f"
'

test_expect_success 'an unmount during an online check cancels it (32) and the volume closes CLEAN' '
	: >mnt.log &&
	CHUNKFS_E2FSCK=$TRASH/slow-e2fsck mount_chunkfs vol mnt
	"$CHUNKCTL" -V vol check 2 >ctl.out 2>&1 &
	ctl=$!
	wait_for_log mnt "online check of chunk 2 begins"
	unmount_chunkfs_exit0 mnt
	rc=0; wait $ctl || rc=$?
	[ $rc = 32 ] || { cat ctl.out; false; }
	chunk_states vol >states && ! grep -v " clean$" states
'

test_done
