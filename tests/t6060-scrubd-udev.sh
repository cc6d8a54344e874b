#!/bin/bash
# Chunks on block devices, named by file system UUID: with a real systemd-udevd, a chunk whose
# loop device goes away shows as missing; when it comes back it is looked at, and checked if due.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"

CHUNKSTATE=$BUILD/tests/chunkstate
UDEVD=
for u in /lib/systemd/systemd-udevd /usr/lib/systemd/systemd-udevd; do [ -x "$u" ] && UDEVD=$u && break; done

# Why this story cannot run here, or nothing.
why_not() {
	[ "$(id -u)" = 0 ] || { echo "needs root for loop devices"; return; }
	[ -n "$UDEVD" ] || { echo "systemd-udevd is not installed (Debian package udev)"; return; }
	command -v udevadm >/dev/null || { echo "udevadm is not installed"; return; }
	[ -e /dev/loop-control ] || { echo "no /dev/loop-control: the kernel has no loop devices here"; return; }
	if ! udevadm control --ping -t 2 >/dev/null 2>&1; then
		"$UDEVD" >"$TRASH/udevd.log" 2>&1 &
		echo $! >"$TRASH/udevd.pid"
		local n=50
		until udevadm control --ping -t 1 >/dev/null 2>&1; do
			n=$((n - 1))
			[ $n -gt 0 ] && kill -0 "$(cat "$TRASH/udevd.pid")" 2>/dev/null ||
				{ echo "systemd-udevd does not start: $(tail -1 "$TRASH/udevd.log")"; return; }
			sleep 0.1
		done
	fi
	local probe
	probe=$(losetup -f 2>&1) || { echo "losetup -f: $probe"; return; }
}
reason=$(why_not)
[ -f "$TRASH/udevd.pid" ] && test_at_end 'kill $(cat "$TRASH/udevd.pid")'
test_at_end 'for l in $(cat "$TRASH/loops" 2>/dev/null); do losetup -d $l; done'
if [ -n "$reason" ]; then
	test_skip 'a chunk device that disappears is missing; one that appears is checked if due' "$reason"
	test_done
fi
bus_start

attach() { # attach IMAGE: a loop device for it, announced by udev
	local l
	l=$(losetup -f --show "$1") && echo "$l" >>"$TRASH/loops" && udevadm settle -t 10 && echo "$l"
}
uuid_of() { blkid -s UUID -o value "$1"; }

test_expect_success 'setup: a volume of 3 chunks on loop devices, named by UUID' '
	make_volume vol 3 &&
	"$CHUNKSTATE" vol/chunk-0000.img clean $(date +%s) &&
	"$CHUNKSTATE" vol/chunk-0001.img clean $(date +%s) &&
	"$CHUNKSTATE" vol/chunk-0002.img clean $(date +%s) &&
	for i in 0 1 2; do attach vol/chunk-000$i.img >loop$i; done &&
	{
		printf "[daemon]\nstate_dir = state\nboot_chunks = 0\ninterval = 365d\nidle_after = 1h\n[volume:dev]\n"
		for i in 0 1 2; do echo "chunk = UUID=$(uuid_of vol/chunk-000$i.img)"; done
	} >d.conf &&
	cat d.conf &&
	daemon_start d.conf &&
	for i in 0 1 2; do test "$(chunk_prop dev $i Path)" = "\"$(cat loop$i)\"" || exit 1; done &&
	test "$(chunk_prop dev 2 State)" = "\"clean\""
'

test_expect_success 'a chunk whose device goes away is shown as missing' '
	losetup -d "$(cat loop2)" &&
	udevadm settle -t 10 &&
	wait_for 10 "test \"\$(chunk_prop dev 2 State)\" = \\\"missing\\\"" &&
	"$CHUNKCTL" status --json | jq -e "any(.volumes[].chunks[]; .chunk == 2 and .state == \"missing\")" >/dev/null &&
	test "$(chunk_prop dev 0 State)" = "\"clean\""
'

test_expect_success 'when it comes back dirty, it is checked at once' '
	"$CHUNKSTATE" vol/chunk-0002.img dirty 1764000000 &&
	attach vol/chunk-0002.img >loop2 &&
	wait_for 20 "test \"\$(chunk_prop dev 2 State)\" = \\\"clean\\\"" ||
		{ echo "chunk 2 is $(chunk_prop dev 2 State), not clean"; "$CHUNKCTL" status; cat daemon.log; false; } &&
	test "$(chunk_prop dev 2 Path)" = "\"$(cat loop2)\"" ||
		{ echo "chunk 2 path $(chunk_prop dev 2 Path), not $(cat loop2)"; false; } &&
	test "$(chunk_prop dev 2 LastCheck)" -gt 1764000000 ||
		{ echo "chunk 2 last check $(chunk_prop dev 2 LastCheck)"; false; } &&
	grep -q "Device $(cat loop2): add\|Device $(cat loop2): change" daemon.log &&
	daemon_stop
'

test_done
