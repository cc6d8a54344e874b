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

test_done
