#!/bin/bash
# The same volume on ext2 chunks (indirect-mapped files, no extents, no checksums). A small one
# shows stat and refs, compared whole with tests/expect/t3010/.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'an ext2 volume takes a real tree and gives it back' '
	"$CHUNKCTL" mkfs --type ext2 --chunks 8 --size 16M --threshold 8K vol >/dev/null &&
	dumpe2fs -h vol/chunk-0000.img 2>/dev/null | grep -q "features:.*filetype" &&
	! dumpe2fs -h vol/chunk-0000.img 2>/dev/null | grep -q extent &&
	mkdir src && cp -a /usr/include/linux src/ && head -c 20000000 /dev/urandom >src/big &&
	"$CHUNKCTL" -V vol cp -r src :/ &&
	"$CHUNKCTL" -V vol cp -r :/src back &&
	diff -r --no-dereference src back
'

test_expect_success 'every ext2 chunk is e2fsck -fn clean' '
	e2fsck_clean vol/chunk-*.img
'

test_expect_success 'files span ext2 chunks' '
	"$CHUNKCTL" -V vol stat --json :/src/big | jq -e ".files[0].continuations >= 1"
'

# Owners are the host file's (cp keeps them) and left out: the tests need not run as root.
test_expect_success 'stat and refs of a block-mapped file continued into another chunk print what they always have' '
	"$CHUNKCTL" mkfs --type ext2 --chunks 2 --size 8M --threshold 64K small >/dev/null &&
	seq 1 30000 >numbers && "$CHUNKCTL" -V small cp numbers :/ &&
	"$CHUNKCTL" -V small stat --json :/numbers | jq "del(.files[0].uid, .files[0].gid)" >stat.json &&
	test_cmp_json "$EXPECT/stat.json" stat.json &&
	{ "$CHUNKCTL" -V small refs 0 && "$CHUNKCTL" -V small refs 1; } >refs.out &&
	test_cmp_output "$EXPECT/refs" refs.out
'

test_done
