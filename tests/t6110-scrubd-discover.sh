#!/bin/bash
# chunkscrubd finds chunkfs mounts on its own: a volume its configuration names nowhere is
# scrubbed through its mount, on request and by the idle pass, as a volume of its own named
# after its mount point, from the mount on until its unmount; a configured volume that is
# mounted stays one volume.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
. "$SRC/tests/lib-mount.sh"

if [ ! -c /dev/fuse ] || ! command -v fusermount3 >/dev/null; then
	test_skip 'the daemon finds mounted volumes' "no /dev/fuse or fusermount3 on this machine"
	test_done
fi
bus_start

cat >d.conf <<EOT
[daemon]
state_dir = state
boot_chunks = 0
interval = 365d
idle_after = 1h
nice = 0
EOT

# The volumes the daemon lists, one name a line, as chunkctl status --json shows them.
volumes() { "$CHUNKCTL" status --json | jq -r '.volumes[].name'; }
# The name of a volume found mounted at MNT: the mount point, '/' made '-'.
name_of() { realpath "$1" | sed 's|^/||; s|/|-|g; s|[^A-Za-z0-9_.-]|_|g'; }
# The object path of volume NAME, escaped as sd_bus_path_encode() does.
volume_object() {
	local s=$1 out= c i
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		case $c in
		[A-Za-z]) out+=$c ;;
		[0-9]) if [ $i -gt 0 ]; then out+=$c; else out+=$(printf "_%02x" "'$c"); fi ;;
		*) out+=$(printf "_%02x" "'$c") ;;
		esac
	done
	echo "/org/chunkfs/Scrub1/volume/$out"
}
volume_prop() { # volume_prop NAME PROPERTY: the value busctl prints, without the type
	busctl --system get-property org.chunkfs.Scrub1 "$(volume_object "$1")" \
		org.chunkfs.Scrub1.Volume "$2" | cut -d' ' -f2-
}
# The daemon ended well: no sanitizer report in its log.
daemon_log_clean() { ! grep -E "AddressSanitizer|LeakSanitizer|runtime error" daemon.log; }

test_expect_success 'setup: two volumes, and a daemon whose configuration names neither' '
	make_volume vol 3 &&
	make_volume vol2 2 &&
	daemon_start d.conf &&
	test -z "$(volumes)"
'

test_expect_success 'a volume mounted is found and listed as a volume of its own' '
	mount_chunkfs vol mnt &&
	name=$(name_of mnt) && echo "expecting volume $name" &&
	wait_for 10 "volumes | grep -qx \"$name\"" &&
	test "$(volumes)" = "$name" &&
	test "$(volume_prop "$name" Discovered)" = true &&
	test "$(volume_prop "$name" Path)" = "\"$(realpath vol/volume.conf)\"" &&
	test "$(volume_prop "$name" ChunkCount)" = 3 &&
	grep -q "Found $(realpath vol/volume.conf) mounted at $(realpath mnt): scrubbed as volume $name, 3 chunks" daemon.log
'

test_expect_success 'the daemon scrubs it through its mount: every chunk checked online' '
	name=$(name_of mnt) &&
	"$CHUNKCTL" scrub "$name" --all --wait >out 2>&1 || { cat out; false; }
	cat out &&
	[ "$(grep -c "^$name chunk [0-2]: scrub clean (job [0-9]*)$" out)" = 3 ] &&
	for k in 0 1 2; do grep -q "online check of chunk $k: clean" mnt.log || die "no online check of chunk $k"; done &&
	checked_are state admin 0 1 2
'

test_expect_success 'its unmount takes it off the bus; its job under way ends cancelled' '
	name=$(name_of mnt) &&
	slow_e2fsck "$TRASH/slow-e2fsck" 30 &&
	unmount_chunkfs mnt &&
	wait_for 10 "test -z \"\$(volumes)\"" &&
	CHUNKFS_E2FSCK=$TRASH/slow-e2fsck mount_chunkfs vol mnt &&
	wait_for 10 "volumes | grep -qx \"$name\"" &&
	"$CHUNKCTL" scrub "$name" 1 >out 2>&1 &&
	wait_for 10 "test -s slow-e2fsck.pids" &&
	unmount_chunkfs mnt &&
	wait_for 10 "test -z \"\$(volumes)\"" &&
	! busctl --system introspect org.chunkfs.Scrub1 "$(volume_object "$name")" org.chunkfs.Scrub1.Volume \
		>/dev/null 2>&1 &&
	wait_for 10 jobs_idle &&
	grep -q "no longer mounted at $(realpath mnt): volume $name is no longer scrubbed" daemon.log &&
	wait_for 10 "grep -q \"Finished scrub job [0-9]*: cancelled\" daemon.log" &&
	kill -0 "$(cat daemon.pid)"
'

test_expect_success 'mounted again, it is found again and scrubbed' '
	name=$(name_of mnt) &&
	mount_chunkfs vol mnt &&
	wait_for 10 "volumes | grep -qx \"$name\"" &&
	"$CHUNKCTL" scrub "$name" 2 --wait >out 2>&1 || { cat out; false; }
	cat out && grep -q "^$name chunk 2: scrub clean (job [0-9]*)$" out
'

test_expect_success 'a mount of a volume the configuration names is that volume, not a second one' '
	name=$(name_of mnt) &&
	printf "[volume:v]\npath = vol\n" >>d.conf &&
	busctl --system call org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Reload &&
	test "$(volumes)" = v &&
	test "$(volume_prop v Discovered)" = false &&
	grep -q "is now in $TRASH/d.conf: volume v takes its place" daemon.log &&
	unmount_chunkfs mnt &&
	mount_chunkfs vol mnt &&
	# A second mount, made after it: once the daemon lists that one, it has seen the first.
	mount_chunkfs vol2 mnt2 &&
	wait_for 10 "volumes | grep -qx \"$(name_of mnt2)\"" &&
	test "$(volumes | tr "\n" " ")" = "v $(name_of mnt2) " &&
	"$CHUNKCTL" scrub v 0 --wait >out 2>&1 || { cat out; false; }
	grep -q "^v chunk 0: scrub clean" out &&
	grep -q "online check of chunk 0: clean" mnt.log
'

test_expect_success 'a volume the configuration names by its chunks is matched by its UUID, and scrubbed through the mount' '
	printf "[volume:w]\nchunk = vol2/chunk-*.img\n" >>d.conf &&
	busctl --system call org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Reload &&
	test "$(volumes | tr "\n" " ")" = "v w " &&
	grep -q "is now in $TRASH/d.conf: volume w takes its place" daemon.log &&
	"$CHUNKCTL" scrub w --all --wait >out 2>&1 || { cat out; false; }
	cat out &&
	[ "$(grep -c "^w chunk [01]: scrub clean (job [0-9]*)$" out)" = 2 ] &&
	for k in 0 1; do grep -q "online check of chunk $k: clean" mnt2.log || die "no online check of chunk $k"; done
'

test_expect_success 'with discover_mounts = no a mount not named is not scrubbed' '
	daemon_stop &&
	# vol2, mounted at mnt2, is named no more
	sed -i -e "/^\[volume:w\]/,\$ d" -e "/^nice/a discover_mounts = no" d.conf &&
	cat d.conf &&
	! grep -q "volume:w" d.conf &&
	daemon_start d.conf &&
	mountpoint -q mnt2 &&
	test "$(volumes)" = v &&
	daemon_stop &&
	unmount_chunkfs mnt &&
	unmount_chunkfs mnt2 &&
	daemon_log_clean
'

test_expect_success 'the idle pass scrubs a volume found mounted as it does a configured one' '
	now=$(date +%s) &&
	for k in 0 1 2; do "$BUILD/tests/chunkstate" vol/chunk-000$k.img clean $((now - (3 + k) * 86400)); done &&
	cat >idle.conf <<-EOT &&
	[daemon]
	state_dir = idle-state
	boot_chunks = 0
	interval = 1d
	idle_after = 2s
	nice = 0
	EOT
	: >mnt.log &&
	mount_chunkfs vol mnt &&
	daemon_start idle.conf &&
	wait_for 30 "checked_are idle-state idle 2 1 0" || { checked_chunks idle-state idle; cat daemon.log; false; }
	for k in 0 1 2; do grep -q "online check of chunk $k: clean" mnt.log || die "no online check of chunk $k"; done &&
	daemon_stop &&
	unmount_chunkfs mnt &&
	daemon_log_clean
'

test_done
