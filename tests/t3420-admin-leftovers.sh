#!/bin/bash
# What issue 22 left over: a chunk that cannot be read is shown with its size unknown or
# stat(2)'s, never 0.
. "$(dirname "$0")/test-lib.sh"
. "$SRC/tests/lib-daemon.sh"

nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

test_expect_success 'df shows a chunk it cannot read with its image size or "-", never 0; --json says null' '
	chmod 711 "$TRASH" &&
	"$CHUNKCTL" mkfs --chunks 3 --size 4M sv >/dev/null &&
	expect_status 1 nobody "$CHUNKCTL" -V sv df --bytes >out 2>/dev/null && cat out &&
	test $(grep -cE "^ +[012] +4194304 +- +- +- +- +- +unreadable +- " out) = 3 &&
	grep -E "^total +12582912 +- +- +- +- +-$" out &&
	expect_status 1 nobody "$CHUNKCTL" -V sv df --json >out.json 2>/dev/null &&
	test "$(jq -c "[.chunks[] | [.bytes, .used, .free, .inodes, .inodes_free, .refs]] | unique" out.json)" = \
		"[[4194304,null,null,null,null,null]]" &&
	test "$(jq -c "[.bytes, .used, .free]" out.json)" = "[12582912,null,null]" &&
	dd if=/dev/zero of=sv/chunk-0001.img bs=1k seek=1 count=2 conv=notrunc 2>/dev/null && rm sv/chunk-0002.img &&
	expect_status 1 "$CHUNKCTL" -V sv df --bytes >out 2>/dev/null && cat out &&
	grep -E "^ +0 +4194304 +[0-9]+ +[0-9]+ +[0-9]+% .* clean " out &&
	grep -E "^ +1 +4194304 +- +- +- +- +- +damaged +- " out &&
	grep -E "^ +2 +- +- +- +- +- +- +missing +- " out &&
	expect_status 4 "$CHUNKCTL" -V sv status --json >st.json 2>/dev/null &&
	test "$(jq -c "[.volumes[].chunks[].refs]" st.json)" = "[0,null,null]"
'

test_done
