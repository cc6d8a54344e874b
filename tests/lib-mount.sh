# Helpers for the stories of the mount: start chunkfs in the foreground in the background, wait
# until the kernel has the mount, and stop it so that the volume is closed when they return.
# Every mount made is listed in $TRASH/.mounts; the test's end unmounts and kills what is left
# (test bodies run in subshells, so their own test_at_end would be lost).
_chunkfs_cleanup() {
	local pid mnt
	[ -f "$TRASH/.mounts" ] || return 0
	while read -r pid mnt; do
		umount -l "$mnt" 2>/dev/null
		kill -9 "$pid" 2>/dev/null
	done <"$TRASH/.mounts"
}
test_at_end _chunkfs_cleanup

# mount_chunkfs VOL MNT [OPTIONS...]: mounts VOL at MNT (made if missing); MNT.pid holds the pid.
mount_chunkfs() {
	local vol=$1 mnt=$2 n=100
	shift 2
	mkdir -p "$mnt"
	"$BUILD/chunkfs" "$vol" "$mnt" -f "$@" 2>>"$mnt.log" &
	echo $! >"$mnt.pid"
	echo "$! $(realpath "$mnt")" >>"$TRASH/.mounts"
	until mountpoint -q "$mnt"; do
		kill -0 "$(cat "$mnt.pid")" 2>/dev/null || { cat "$mnt.log" >&2; die "chunkfs $vol $mnt exited"; }
		[ $n -gt 0 ] || die "chunkfs $vol $mnt: not mounted after 10 s"
		sleep 0.1; n=$((n - 1))
	done
}

# A test body runs in a subshell, where a test_at_end would be lost: the mounts a failed test
# leaves under TRASH are detached at the end, from here, which ends their chunkfs (a FUSE
# server ends when its mount goes); one of ours still running then (a pid of a MNT.pid file
# that is still this chunkfs binary) is killed.
_unmount_all() {
	local mnt pid exe
	for mnt in $(awk -v t="$TRASH/" 'index($2, t) == 1 { print $2 }' /proc/mounts); do
		umount -l "$mnt"
	done
	for pid in $(cat "$TRASH"/*.pid 2>/dev/null); do
		exe=$(readlink "/proc/$pid/exe") || continue
		[ "${exe% (deleted)}" = "$BUILD/chunkfs" ] && kill -9 "$pid"
	done
}
test_at_end _unmount_all

# chunkfs_wait_exit MNT: waits for the chunkfs of MNT to end (it closes the volume last).
chunkfs_wait_exit() {
	local pid n=300
	pid=$(cat "$1.pid")
	while kill -0 "$pid" 2>/dev/null; do
		[ $n -gt 0 ] || die "chunkfs of $1 still runs 30 s after its unmount"
		sleep 0.1; n=$((n - 1))
	done
}

# unmount_chunkfs MNT: unmounts, and returns once chunkfs has closed the volume.
unmount_chunkfs() {
	fusermount3 -u "$1" || die "cannot unmount $1"
	chunkfs_wait_exit "$1"
}

# chunk_states VOL: "ID STATE" for every chunk, from chunkctl status.
chunk_states() {
	"$CHUNKCTL" -V "$1" status 2>/dev/null | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $2, $3 }'
}

# unmount_chunkfs_exit0 MNT: as unmount_chunkfs, in the test body that mounted MNT (chunkfs is
# its child there), and requires exit status 0: the volume closed cleanly, and in the sanitized
# run no leak or error that the sanitizers abort on.
unmount_chunkfs_exit0() {
	local rc=0
	fusermount3 -u "$1" || die "cannot unmount $1"
	wait "$(cat "$1.pid")" || rc=$?
	[ $rc -eq 0 ] || { tail -n 30 "$1.log"; die "chunkfs of $1 exited $rc after its unmount"; }
}

# chunkfs_unmount_at_end MNT: for test_at_end at the top of a test (a body's own test_at_end
# ends with its subshell): a mount a failed test left is unmounted and its chunkfs killed.
chunkfs_unmount_at_end() {
	mountpoint -q "$1" || return 0
	umount -l "$1"
	kill -9 "$(cat "$1.pid")"
}
