#!/bin/bash
# The test library itself must be able to fail: a failing command anywhere in a body fails it.
. "$(dirname "$0")/test-lib.sh"

run_inner() { # run_inner BODY: the result line of one inner test with that body
	cat >inner.sh <<INNER
. "$SRC/tests/test-lib.sh"
test_expect_success 'inner' '$1'
test_done
INNER
	bash inner.sh 2>/dev/null | grep -E "^(ok|not ok)"
}
run_inner_log() { # run_inner_log BODY: all one inner test with that body prints
	cat >inner.sh <<INNER
. "$SRC/tests/test-lib.sh"
test_expect_success 'inner' '$1'
test_done
INNER
	bash inner.sh 2>&1 || :
}

test_expect_success 'a failing command in the middle of a body fails the test' '
	run_inner "false; true" | grep -q "^not ok"
'

test_expect_success 'a failing last command fails the test' '
	run_inner "true; false" | grep -q "^not ok"
'

test_expect_success 'a body that succeeds passes' '
	run_inner "true; true" | grep -q "^ok"
'

test_expect_success 'expect_status fails on the wrong exit status' '
	run_inner "expect_status 2 false" | grep -q "^not ok" &&
	run_inner "expect_status 1 false" | grep -q "^ok"
'

test_expect_success 'die fails the test inside a helper called from an && list (where set -e is off)' '
	run_inner "f() { for i in 1 2; do [ \$i = 2 ] || die first; done; }; f && true" | grep -q "^not ok" &&
	run_inner "g() { false || die g; true; }; g && true" | grep -q "^not ok" &&
	run_inner "h() { for i in 1 2; do [ \$i -gt 0 ] || die never; done; }; h && true" | grep -q "^ok"
'

test_expect_success 'test_cmp_output passes on the same lines' '
	printf "peer 0: 2 references\ntotal: 2\n" >expect &&
	test "$(run_inner "printf \"peer 0: 2 references\ntotal: 2\n\" >out; test_cmp_output $TRASH/expect out")" = "ok 1 - inner"
'

test_expect_success 'test_cmp_output fails on one line that differs, and shows it' '
	printf "peer 0: 2 references\ntotal: 2\n" >expect &&
	run_inner_log "printf \"peer 0: 2 references\ntotal: 3\n\" >out; test_cmp_output $TRASH/expect out" >log &&
	cat >want <<-EOF &&
	not ok 1 - inner
	#   --- $TRASH/expect
	#   +++ out
	#   @@ -1,2 +1,2 @@
	#    peer 0: 2 references
	#   -total: 2
	#   +total: 3
	#   out differs from $TRASH/expect
	EOF
	diff -u want log
'

test_expect_success 'test_cmp_output ignores the temp dir, UUIDs, generations, dates and durations' '
	cat >expect <<-\EOF &&
	chunk 1 (TRASH/vol/chunk-0001.img): check: clean, status 0
	volume UUID
	  file out 0:27 (gen GEN) -> 1:18 (gen GEN)
	    head         chunk 0    inode 20       gen GEN 8192 bytes in [0, 8192)
	      -> moved to /lost+found/orphan-c1-i18-of-0000-0000001b-GEN
	v                1 clean     DATE clean             2  -
	  0 problem(s), 0 dealt with; 2 cross-chunk reference(s) verified, 1 peer index entry read, SECS s
	EOF
	cat >out <<-EOF &&
	chunk 1 ($TRASH/vol/chunk-0001.img): check: clean, status 0
	volume b5059184-f7b1-46af-a78a-c669ada5023c
	  file out 0:27 (gen 3871235290) -> 1:18 (gen 42)
	    head         chunk 0    inode 20       gen 1811527054       8192 bytes in [0, 8192)
	      -> moved to /lost+found/orphan-c1-i18-of-0000-0000001b-e6be5cda
	v                1 clean     2026-12-05 22:18:42 clean             2  -
	  0 problem(s), 0 dealt with; 2 cross-chunk reference(s) verified, 1 peer index entry read, 0.016 s
	EOF
	test_cmp_output expect out &&
	sed "s/0:27/0:28/" out >out2 &&
	test "$(run_inner "test_cmp_output $TRASH/expect $TRASH/out2")" = "not ok 1 - inner"
'

test_expect_success 'test_cmp_json compares meaning, not layout, and fails on a value that differs' '
	printf "{\"b\": [1, 2], \"a\": {\"generation\": 7, \"e2fsck_seconds\": 0.5}}\n" >expect.json &&
	printf "{\"a\":{\"e2fsck_seconds\":1.25e-3,\"generation\":99},\n \"b\":[1,2]}" >same.json &&
	printf "{\"a\": {\"generation\": 7, \"e2fsck_seconds\": 0.5}, \"b\": [2, 1]}" >other.json &&
	printf "{\"a\": 1,}" >broken.json &&
	test_cmp_json expect.json same.json &&
	test "$(run_inner "test_cmp_json $TRASH/expect.json $TRASH/other.json")" = "not ok 1 - inner" &&
	test "$(run_inner "test_cmp_json $TRASH/expect.json $TRASH/broken.json")" = "not ok 1 - inner"
'


test_expect_success 'WRITE_EXPECT=1 writes an expected file that is missing, and never changes one' '
	printf "total: 2\n" >out && printf "total: 3\n" >old &&
	WRITE_EXPECT=1 test_cmp_output new out && test_cmp_output new out &&
	test "$(WRITE_EXPECT=1 run_inner "test_cmp_output $TRASH/old $TRASH/out")" = "not ok 1 - inner" &&
	test "$(cat old)" = "total: 3"
'

test_done
