#!/bin/bash
# pjdfstest, the POSIX file system suite, on a chunkfs mount: it fails exactly the subtests that
# tests/expect/t8000/known-failures lists, each with its reason; the mount stays writable and
# the volume is clean after the unmount. The harness (tests/lib-pjdfstest.sh) first shows, on
# a small suite of its own, that it tells a known failure from a new one and sees a known one
# that passes. The whole suite takes minutes: it runs once, in the plain build's pass.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-pjdfstest.sh"
. "$SRC/tests/lib-mount.sh"

V=$TRASH/vol
MNT=$TRASH/mnt
MOUNT_TITLE='pjdfstest on a chunkfs mount fails only the known subtests'

# A suite in pjdfstest's layout for prove to run: a/00.t fails subtest 2 with pjdfstest's kind
# of message, a/01.t fails 3 to 5, b/00.t stops after 2 of its 5 and exits 1, b/01.t passes, and
# so does b/02-long-name.t, whose name makes prove pad the others' in its summary.
make_small_suite() {
	mkdir -p small/tests/a small/tests/b &&
	printf '#!/bin/sh\necho 1..3; echo ok 1\necho "not ok 2 - tried '\''open x O_RDONLY'\'', expected 0, got EACCES"\necho ok 3\n' >small/tests/a/00.t &&
	printf '#!/bin/sh\necho 1..6\nfor i in 1 2 3 4 5 6; do case $i in [345]) echo "not ok $i";; *) echo "ok $i";; esac; done\n' >small/tests/a/01.t &&
	printf '#!/bin/sh\necho 1..5; echo ok 1; echo ok 2; exit 1\n' >small/tests/b/00.t &&
	printf '#!/bin/sh\necho 1..1; echo ok 1\n' >small/tests/b/01.t &&
	cp small/tests/b/01.t small/tests/b/02-long-name.t &&
	chmod +x small/tests/*/*.t
}

test_expect_success 'the harness lists each failing subtest of a run, with its message' '
	make_small_suite && mkdir run &&
	pjdfstest_run "$TRASH/small" run small.log &&
	pjdfstest_failures "$TRASH/small" small.log >failures &&
	cat >expected <<-\EOF &&
	tests/a/00.t:2 not ok 2 - tried '\''open x O_RDONLY'\'', expected 0, got EACCES
	tests/a/01.t:3 not ok 3
	tests/a/01.t:4 not ok 4
	tests/a/01.t:5 not ok 5
	tests/b/00.t:exit Non-zero exit status: 1
	tests/b/00.t:plan Parse errors: Bad plan.  You planned 5 tests but ran 2.
	EOF
	diff -u expected failures
'

test_expect_success 'failures that are exactly the known ones pass' '
	printf "%s\n" "# why each fails" "" "tests/a/00.t:2 reason" "tests/a/01.t reason" \
		"tests/b/00.t reason" >known &&
	pjdfstest_compare failures known
'

test_expect_success 'a failure that is not on the list fails, and is named with its message' '
	printf "%s\n" "tests/a/01.t:3 reason" "tests/a/01.t:5 reason" "tests/b/00.t reason" >known &&
	expect_status 1 pjdfstest_compare failures known >report &&
	cat report &&
	grep -x "new failure: tests/a/00.t:2 not ok 2 - tried .*got EACCES" report &&
	grep -x "new failure: tests/a/01.t:4 not ok 4" report &&
	test "$(grep -c "^new failure" report)" = 2
'

test_expect_success 'a known failure that now passes fails too, so that the list shrinks' '
	printf "%s\n" "tests/a/00.t:2 reason" "tests/a/00.t:3 reason" "tests/a/01.t reason" \
		"tests/b/00.t reason" "tests/b/01.t reason" >known &&
	expect_status 1 pjdfstest_compare failures known >report &&
	cat report &&
	grep -x "now passes, take it off the list: tests/a/00.t:3" report &&
	grep -x "now passes, take it off the list: tests/b/01.t" report &&
	! grep "^new failure" report
'

# A real environment limit is a skip; anything else is for the test to find out.
if [ ! -x "$BUILD/chunkfs" ]; then
	test_skip "$MOUNT_TITLE" 'chunkfs mount not built yet'
	test_done
fi
if [ "$(id -u)" -ne 0 ]; then
	test_skip "$MOUNT_TITLE" 'needs root: pjdfstest changes owners and runs as other users'
	test_done
fi
if [ "${CHUNKFS_SANITIZED:-0}" = 1 ]; then
	test_skip "$MOUNT_TITLE" 'sanitized build; the suite ran on the plain build'\''s mount (it takes minutes)'
	test_done
fi
if [ ! -f "$PJDFSTEST_SRC/configure.ac" ]; then
	test_skip "$MOUNT_TITLE" "no pjdfstest source in $PJDFSTEST_SRC (../shared/pjdfstest, see README)"
	test_done
fi
test_at_end "chunkfs_unmount_at_end '$MNT'"

test_expect_success 'pjdfstest builds, or is found built, outside the repository' '
	pjdfstest_build >pjdfstest.dir &&
	test -x "$(cat pjdfstest.dir)/pjdfstest"
'

# allow_other: pjdfstest makes most of its calls as other users; default_permissions (chunkfs's
# default too): the kernel checks modes and owners as on any local file system.
test_expect_success 'pjdfstest runs to its end on a mount that stays writable; chunkfs exits 0' '
	"$CHUNKCTL" mkfs --chunks 16 --size 64M --threshold 1M "$V" >/dev/null &&
	mount_chunkfs "$V" "$MNT" -o allow_other,default_permissions &&
	pjdfstest_run "$(cat pjdfstest.dir)" "$MNT" pjdfstest.log &&
	echo after >"$MNT/after-pjdfstest" && test "$(cat "$MNT/after-pjdfstest")" = after &&
	unmount_chunkfs_exit0 "$MNT"
'

test_expect_success "$MOUNT_TITLE" '
	pjdfstest_failures "$(cat pjdfstest.dir)" pjdfstest.log >failures &&
	pjdfstest_compare failures "$EXPECT/known-failures"
'

test_expect_success 'chunkctl check --all finds the volume clean after the suite' '
	"$CHUNKCTL" -V "$V" check --all
'

test_done
