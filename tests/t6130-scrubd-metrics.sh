#!/bin/bash
# chunkscrubd's Prometheus textfile: it parses as the text exposition format (promtool check
# metrics where it is installed, tests/tools/prom-text-lint.py in any case), its found and
# fixed counters say what they count, count it (summed over every check and repair, kept in
# the chunk) and never drop to 0 while a chunk is missing, which a scraper would take for a
# counter reset and the chunk's return for every error again.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"
bus_start

first_head() { "$CHUNKFAULT" "vol/chunk-000$1.img" list-heads | sed -n "${2:-1}p"; }
counter() { # counter NAME CHUNK: the sample of chunk CHUNK of volume v, or nothing
	sed -n "s/^chunkfs_chunk_errors_$1_total{volume=\"v\",chunk=\"$2\"} //p" metrics.prom
}
lint() {
	python3 "$SRC/tests/tools/prom-text-lint.py" "$1" || { cat "$1"; return 1; }
	if command -v promtool >/dev/null; then promtool check metrics <"$1"; fi
}

test_expect_success 'setup: files continued across 3 chunks; a daemon that writes metrics' '
	"$CHUNKCTL" mkfs --chunks 3 --size 32M --threshold 16K vol >/dev/null &&
	mkdir tree &&
	for i in $(seq 1 12); do head -c $((40000 + i * 1000)) /dev/urandom >tree/f$i; done &&
	"$CHUNKCTL" -V vol cp -r tree :/tree &&
	cat >d.conf <<-EOT &&
	[daemon]
	state_dir = state
	boot_chunks = 0
	interval = 365d
	idle_after = 1h
	auto_repair = yes
	metrics_file = metrics.prom
	[volume:v]
	path = vol
	EOT
	daemon_start d.conf &&
	test -s metrics.prom
'

test_expect_success 'the lint finds the faults it is there for' '
	printf "# HELP a x\n# TYPE a counter\na{v=\"1\"} 3\nb 2\na{v=\"1\"} 4\nc{1x=\"2\"} 1\n" >bad.prom &&
	rc=0 && python3 "$SRC/tests/tools/prom-text-lint.py" bad.prom >faults || rc=$?
	cat faults &&
	test $rc = 1 &&
	grep -q "counter a does not end in _total" faults &&
	grep -q "sample of b without a # HELP and a # TYPE" faults &&
	grep -q "samples of a are split" faults &&
	grep -q "given twice" faults &&
	grep -q "bad label" faults
'

test_expect_success 'the metrics file parses as the Prometheus text format' '
	lint metrics.prom
'

test_expect_success 'the found and fixed counters say they are sums over every check and repair' '
	grep -q "^# HELP chunkfs_chunk_errors_found_total .*summed over every check and repair" metrics.prom &&
	grep -q "^# HELP chunkfs_chunk_errors_fixed_total .*summed over every repair" metrics.prom
'

# damage_and_repair: with the daemon stopped, chunk 0's first head inode zeroed; then the
# daemon's repair of chunk 0 (a scrub with auto_repair), which fixes it.
damage_and_repair() {
	daemon_stop &&
	"$CHUNKFAULT" vol/chunk-0000.img zero-inode "$(first_head 0)" &&
	daemon_start d.conf &&
	expect_status 1 "$CHUNKCTL" scrub v 0 --wait
}

test_expect_success 'two repairs of chunk 0 add up in its counters' '
	"$CHUNKCTL" scrub v 0 --wait &&
	test "$(counter found 0)" = 0 && test "$(counter fixed 0)" = 0 &&
	damage_and_repair &&
	found1=$(counter found 0) fixed1=$(counter fixed 0) &&
	echo "after the first repair: found $found1, fixed $fixed1" &&
	test "$found1" -gt 0 && test "$fixed1" -gt 0 &&
	damage_and_repair &&
	found2=$(counter found 0) fixed2=$(counter fixed 0) &&
	echo "after the second: found $found2, fixed $fixed2" &&
	test "$found2" -gt "$found1" && test "$fixed2" -gt "$fixed1" &&
	lint metrics.prom
'

test_expect_success 'a missing chunk has no counter samples, never a 0 that would read as a reset' '
	daemon_stop &&
	mv vol/chunk-0000.img chunk-0000.img.away &&
	daemon_start d.conf &&
	wait_for 10 "grep -q \"^chunkfs_chunk_state{volume=\\\"v\\\",chunk=\\\"0\\\",state=\\\"missing\\\"} 1$\" metrics.prom" &&
	cat metrics.prom &&
	test -z "$(counter found 0)" && test -z "$(counter fixed 0)" &&
	test "$(counter found 1)" = 0 &&
	lint metrics.prom &&
	daemon_stop
'

test_done
