#!/bin/bash
# Damage made by the fault injector is found by a scrub and, with auto_repair, repaired by the
# daemon; an orphaned continuation ends up in /lost+found with its data; files outside the
# damage read as before.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

first_head() { "$CHUNKFAULT" "vol/chunk-000$1.img" list-heads | head -1; }
first_cont() { "$CHUNKFAULT" "vol/chunk-000$1.img" list-conts | head -1 | cut -d' ' -f1; }
conf() { # conf AUTO_REPAIR
	cat >d.conf <<-EOT
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	auto_repair = $1
	[volume:v]
	path = vol
	EOT
}

test_expect_success 'setup: files continued across 3 chunks, all checked clean' '
	"$CHUNKCTL" mkfs --chunks 3 --size 32M --threshold 16K vol >/dev/null &&
	mkdir tree &&
	for i in $(seq 1 12); do head -c $((40000 + i * 1000)) /dev/urandom >tree/f$i; done &&
	"$CHUNKCTL" -V vol cp -r tree :/tree &&
	[ "$("$CHUNKFAULT" vol/chunk-0001.img list-conts | wc -l)" -ge 1 ] &&
	"$CHUNKCTL" -V vol check --all >/dev/null &&
	cp -a vol pristine &&
	conf yes
'

test_expect_success 'a scrub finds a zeroed head and repairs it; its orphan is quarantined' '
	"$CHUNKFAULT" vol/chunk-0000.img zero-inode "$(first_head 0)" &&
	daemon_start d.conf &&
	expect_status 1 "$CHUNKCTL" scrub v 0 --wait >out &&
	cat out &&
	grep -q "^v chunk 0: scrub repaired (job [0-9]*)$" out &&
	"$CHUNKCTL" -V vol ls :/lost+found >lf 2>/dev/null &&
	cat lf &&
	grep -q "orphan-" lf &&
	test "$(chunk_prop v 0 State)" = "\"clean\"" &&
	test "$(chunk_prop v 0 ErrorsFixed)" -gt 0 &&
	chunk_prop v 0 LastReport | grep -q orphan &&
	grep -q "Damage found by the check" daemon.log
'

test_expect_success 'after the repair every chunk is e2fsck clean and checks clean' '
	daemon_stop &&
	e2fsck_clean vol/chunk-*.img &&
	"$CHUNKCTL" -V vol check --all >/dev/null
'

test_expect_success 'files with no data in the damaged chunk read as before' '
	ok=0 &&
	for i in $(seq 1 12); do
		if "$CHUNKCTL" -V vol cat :/tree/f$i 2>/dev/null | cmp -s - tree/f$i; then ok=$((ok + 1)); fi
	done &&
	echo "$ok of 12 intact" &&
	[ $ok -ge 6 ]
'

# all_whole VOL: every file of the tree reads as written, /lost+found holds nothing of it.
all_whole() {
	for i in $(seq 1 12); do "$CHUNKCTL" -V "$1" cat :/tree/f$i 2>/dev/null | cmp -s - tree/f$i || return 1; done
	! "$CHUNKCTL" -V "$1" ls :/lost+found 2>/dev/null | grep -q "orphan-"
}

test_expect_success 'a flipped continuation record: rebuilt from its head, nothing lost' '
	rm -rf vol state && cp -a pristine vol &&
	"$CHUNKFAULT" vol/chunk-0001.img flip-cont "$(first_cont 1)" &&
	daemon_start d.conf &&
	expect_status 1 "$CHUNKCTL" scrub v 1 --wait &&
	daemon_stop && all_whole vol
'

test_expect_success 'damage in a peer met by the scrub of its head chunk: both chunks end up repaired' '
	rm -rf vol state && cp -a pristine vol &&
	"$CHUNKFAULT" vol/chunk-0001.img flip-cont "$(first_cont 1)" &&
	daemon_start d.conf &&
	{ rc=0; "$CHUNKCTL" scrub v 0 --wait >out 2>&1 || rc=$?; } &&
	cat out && test $rc -ne 0 &&
	wait_for 60 jobs_idle && cat daemon.log &&
	grep -q "Chunk was marked damaged by the job on chunk 0; scheduling a scrub" daemon.log &&
	test "$(chunk_prop v 0 State)" = "\"clean\"" &&
	test "$(chunk_prop v 1 State)" = "\"clean\"" &&
	daemon_stop && all_whole vol &&
	e2fsck_clean vol/chunk-*.img && expect_status 0 "$CHUNKCTL" -V vol check --all >/dev/null
'

test_expect_success 'without auto_repair the chunk is left damaged until a Repair' '
	rm -rf vol state && cp -a pristine vol && conf no &&
	"$CHUNKFAULT" vol/chunk-0000.img zero-inode "$(first_head 0)" &&
	daemon_start d.conf &&
	expect_status 4 "$CHUNKCTL" scrub v 0 --wait >out &&
	grep -q "^v chunk 0: scrub damaged" out &&
	test "$(chunk_prop v 0 State)" = "\"damaged\"" &&
	"$CHUNKCTL" status --json | jq -e "any(.volumes[].chunks[]; .chunk == 0 and .state == \"damaged\")" >/dev/null &&
	busctl --system call org.chunkfs.Scrub1 /org/chunkfs/Scrub1 org.chunkfs.Scrub1.Manager Repair su v 0 &&
	wait_for 30 jobs_idle &&
	test "$(chunk_prop v 0 State)" = "\"clean\"" &&
	test "$(chunk_prop v 0 LastRepairCode)" = 1 &&
	daemon_stop &&
	e2fsck_clean vol/chunk-*.img
'

test_expect_success 'chunkctl repair NAME CHUNK --wait asks the daemon and waits for the job' '
	rm -rf vol state && cp -a pristine vol && conf no &&
	"$CHUNKFAULT" vol/chunk-0000.img zero-inode "$(first_head 0)" &&
	daemon_start d.conf &&
	expect_status 4 "$CHUNKCTL" scrub v 0 --wait &&
	test "$(chunk_prop v 0 State)" = "\"damaged\"" &&
	expect_status 1 "$CHUNKCTL" repair v 0 --wait >out 2>&1 &&
	cat out &&
	! grep -q "offline" out &&
	test "$(chunk_prop v 0 State)" = "\"clean\"" &&
	test "$(chunk_prop v 0 LastResult)" = "\"repaired\"" &&
	"$CHUNKCTL" status v | grep -E "^v +0 +clean .* repaired " &&
	daemon_stop &&
	e2fsck_clean vol/chunk-*.img
'

test_expect_success 'a scrub next to a peer another process holds: failed (8), not damaged, no repair, tried again' '
	rm -rf vol state && : >daemon.log && cp -a pristine vol && conf yes && sha256sum vol/chunk-000[01].img >sums &&
	hold_chunk vol/chunk-0001.img &&
	daemon_start d.conf &&
	{ rc=0; "$CHUNKCTL" scrub v 0 --wait >out 2>&1 || rc=$?; } &&
	cat out && test $rc -eq 8 &&
	grep -q "^v chunk 0: scrub failed" out &&
	test "$(chunk_prop v 0 State)" = "\"clean\"" &&
	test "$(chunk_prop v 0 NeedsRecheck)" = true &&
	test "$(chunk_prop v 1 State)" = "\"busy\"" &&
	chunk_prop v 0 LastReport | grep -q "chunk 1 is in use" &&
	! grep -q "Started repair job" daemon.log &&
	grep -q "Ready: 1 volume, 3 chunks: 0 damaged, 0 dirty, 0 missing, 1 in use by another process; 0 jobs running" daemon.log &&
	release_chunk && sha256sum -c --quiet sums &&
	expect_status 0 "$CHUNKCTL" scrub v 0 --wait >out 2>&1 &&
	grep -q "^v chunk 0: scrub clean" out &&
	test "$(chunk_prop v 0 NeedsRecheck)" = false &&
	test "$(chunk_prop v 1 State)" = "\"clean\"" &&
	daemon_stop
'

test_expect_success 'a chunk held when the daemon starts shows as busy, and as itself once it is let go' '
	rm -rf vol state && : >daemon.log && cp -a pristine vol && conf yes && sed -i "s/^idle_after = .*/idle_after = 2s/" d.conf &&
	hold_chunk vol/chunk-0002.img &&
	daemon_start d.conf &&
	test "$(chunk_prop v 2 State)" = "\"busy\"" &&
	release_chunk &&
	wait_for 10 "test \"\$(chunk_prop v 2 State)\" = \"\\\"clean\\\"\" -o \"\$(chunk_prop v 2 State)\" = \"\\\"checking\\\"\"" &&
	daemon_stop
'

test_done
