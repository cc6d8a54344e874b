#!/bin/bash
# cref on a chunkfs volume: the actual continuations, counted from the records, agree with the
# index; a damaged index is caught. On a small volume made command by command the reports are
# compared whole with tests/expect/t5100/.
. "$(dirname "$0")/test-lib.sh"

if ! command -v jq >/dev/null; then
	test_skip 'cref --volume' "jq is not installed (scripts/install-deps installs it)"
	test_done
fi

test_expect_success 'setup: a tree across 8 chunks' '
	"$CHUNKCTL" mkfs --chunks 8 --size 16M --threshold 8K vol >/dev/null &&
	mkdir -p src && cp -a /usr/include/linux src/ && head -c 9000000 /dev/urandom >src/big &&
	"$CHUNKCTL" -V vol cp -r src :/
'

test_expect_success 'cref --volume counts what the records hold and says the index agrees' '
	"$CHUNKCTL" cref --volume vol --json >c.json &&
	for k in $(seq 0 7); do "$CHUNKCTL" -V vol refs $k; done >refs.all &&
	out_file=$(grep -c "^  file out" refs.all) && out_dir=$(grep -c "^  dir  out" refs.all || true) &&
	test "$(jq .intra_file_refs c.json)" = "$out_file" &&
	test "$(jq .dir_refs c.json)" = "$out_dir" &&
	test "$(jq .total_refs c.json)" = $((out_file + out_dir)) &&
	test "$(jq .total_refs c.json)" -gt 100 &&
	test "$(jq .index_agrees c.json)" = true &&
	test "$(jq .chunks c.json)" = 8
'

test_expect_success 'cref --volume counts the files and directories of the volume' '
	"$CHUNKCTL" cref --volume vol --json >c.json &&
	test "$(jq .files c.json)" = "$(find src -type f -o -type l | wc -l)" &&
	test "$(jq .directories c.json)" = "$(( $(find src -type d | wc -l) + 2 ))"
'

test_expect_success 'the busiest chunk is the one with most references, and its peers add up' '
	"$CHUNKCTL" cref --volume vol --json >c.json &&
	k=$(jq .busiest.chunk c.json) &&
	"$CHUNKCTL" -V vol refs $k | grep -c "^  " >n &&
	test "$(jq .busiest.refs c.json)" = "$(cat n)" &&
	test "$(jq "[.busiest.peers[]] | add" c.json)" = "$(cat n)"
'

# /top/many takes more inodes than chunk 0 has and continues into chunk 1, where /top/many/d
# is made; two of d's files continue into chunks 2 and 3.
test_expect_success 'cref --volume on a small volume reports what it always has, in text and JSON' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M --threshold 8K small >/dev/null &&
	mkdir -p host/many && (cd host/many && seq 1 1100 | xargs touch) &&
	seq 1 6000 >host/numbers && seq 1 20000 >host/more && printf "hello\n" >host/hello &&
	ln -s numbers host/sym && "$CHUNKCTL" -V small mkdir :/top &&
	cp_in_name_order small host/many :/top/many && "$CHUNKCTL" -V small mkdir :/top/many/d &&
	"$CHUNKCTL" -V small cp host/hello host/numbers host/more host/sym :/top/many/d/ &&
	"$CHUNKCTL" cref --volume small >report && test_cmp_output "$EXPECT/report" report &&
	"$CHUNKCTL" cref --volume small --json >report.json && test_cmp_json "$EXPECT/report.json" report.json &&
	debugfs -w -R "rm /.chunkfs/index/0002" small/chunk-0001.img 2>/dev/null &&
	expect_status 1 "$CHUNKCTL" cref --volume small >report-bad &&
	test_cmp_output "$EXPECT/report-index-entry-removed" report-bad
'

test_expect_success 'an index entry removed behind its back is reported, exit 1' '
	peer=$(debugfs -R "ls /.chunkfs/index" vol/chunk-0000.img 2>/dev/null | grep -o "000[1-7]" | head -1) &&
	debugfs -w -R "rm /.chunkfs/index/$peer" vol/chunk-0000.img 2>/dev/null &&
	expect_status 1 "$CHUNKCTL" cref --volume vol --json >c.json &&
	test "$(jq .index_agrees c.json)" = false && test "$(jq .index_mismatches c.json)" -gt 0
'

test_done
