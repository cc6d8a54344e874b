#!/bin/bash
# The online repair of a DAMAGED chunk runs its e2fsck -fy with the mount's lock let go: the
# mount's operations on the other chunks go on while it runs (those on the chunk being
# repaired fail, EBUSY, as they gave EIO while it was DAMAGED). An e2fsck that sleeps 8 s
# before it starts makes the window wide: a create, a write and a stat in chunk 0 must be done
# while the repair of chunk 1 is still in its e2fsck. The build before held every operation
# for the whole repair.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-mount.sh"

# wait_for SECONDS COMMAND: until COMMAND succeeds, every 0.1 s, or fail.
wait_for() {
	local n=$(($1 * 10))
	until eval "$2"; do
		[ $n -gt 0 ] || return 1
		sleep 0.1; n=$((n - 1))
	done
}

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the online repair of a DAMAGED chunk beside the mount' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi

# e2fsck that notes when a repair's run (-y) begins and ends, and sleeps 8 s before it starts.
cat >slow-e2fsck <<EOF
#!/bin/bash
case " \$* " in *" -fy "*|*" -y "*) echo started >>"$TRASH/e2fsck.log"; sleep 8; echo slept >>"$TRASH/e2fsck.log" ;; esac
exec e2fsck "\$@"
EOF
chmod +x slow-e2fsck

test_expect_success 'setup: files in chunks 0 and 1, chunk 1 marked DAMAGED' '
	chunkfs_unmount_at_end mnt &&
	head -c 30000 /dev/urandom >x &&
	"$CHUNKCTL" mkfs --chunks 2 --size 8M vol >/dev/null &&
	"$CHUNKCTL" -V vol cp x :/x &&
	"$CHUNKCTL" -V vol stat :/x | grep -q "(chunk 0," &&
	"$BUILD/tests/chunkstate" vol/chunk-0001.img damaged &&
	"$CHUNKCTL" -V vol status 2>/dev/null | awk "\$2 == 1 { print \$3 }" | grep -qx damaged
'

test_expect_success 'operations on chunk 0 go on while chunk 1 is in its repair e2fsck' '
	chunkfs_unmount_at_end mnt &&
	CHUNKFS_E2FSCK=$TRASH/slow-e2fsck mount_chunkfs vol mnt -o entry_timeout=0,attr_timeout=0 &&
	: >e2fsck.log &&
	{ "$CHUNKCTL" -V vol repair --json 1 >repair.json 2>repair.err & } && rpid=$! &&
	wait_for 20 "grep -q started e2fsck.log" &&
	timeout 6 sh -c "stat mnt/x >/dev/null && echo new >mnt/new && cat mnt/new >/dev/null && cmp x mnt/x" &&
	! grep -q slept e2fsck.log && kill -0 $rpid &&
	{ rc=0; wait $rpid || rc=$?; [ $rc -le 1 ]; } &&
	jq -e ".chunks[0].online and .chunks[0].e2fsck_unlocked and .chunks[0].hold_seconds < .chunks[0].seconds" \
		repair.json >/dev/null &&
	cmp x mnt/x && [ "$(cat mnt/new)" = new ] &&
	unmount_chunkfs_exit0 mnt &&
	"$CHUNKCTL" -V vol check --all >after 2>&1 || { cat after repair.json repair.err; false; }
'

test_done
