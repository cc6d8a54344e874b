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

# A name with a newline and an escape sequence that would clear the screen.
test_expect_success 'every error names a file with control characters as ls shows it, on one line, no escape sent' '
	"$CHUNKCTL" mkfs --chunks 2 --size 4M nv >/dev/null &&
	bad=$(printf ":/a\nb\033[2J") && host=$(printf "/nonexistent\nx\033[2J") &&
	want="'"'"':/a'"'"'\$'"'"'\\n'"'"''"'"'b'"'"'\$'"'"'\\033'"'"''"'"'[2J'"'"'" &&
	for args in cat rm stat ls lost "cp here" "mv :/c" "ln :/c"; do
		set -- $args && cmd=$1 && shift &&
		rc=0 && "$CHUNKCTL" -V nv $cmd "$bad" "$@" >out 2>err || rc=$?
		test $rc -ne 0 || die "$cmd: exit 0"
		test $(wc -l <err) = 1 || die "$cmd: $(cat -A err)"
		! grep -q "$(printf "\033")" err || die "$cmd sent an escape: $(cat -A err)"
		{ grep -qF "chunkctl: $want: " err || grep -qF "chunkctl: $want -> " err; } || die "$cmd: $(cat err), not $want"
	done &&
	expect_status 1 "$CHUNKCTL" -V nv cp "$host" :/ 2>err &&
	test "$(cat err)" = "chunkctl: '"'"'/nonexistent'"'"'\$'"'"'\n'"'"''"'"'x'"'"'\$'"'"'\033'"'"''"'"'[2J'"'"': No such file or directory" &&
	expect_status 1 "$CHUNKCTL" -V "$(printf "no\nvol")" df 2>err &&
	test $(wc -l <err) -ge 1 && ! grep -q "^vol" err && grep -qF "no\$'"'"'\\n'"'"'vol: cannot open volume" err
'

test_done
