#!/bin/bash
# The same volume on ext2 chunks (indirect-mapped files, no extents, no checksums).
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
	"$CHUNKCTL" -V vol stat --json :/src/big | grep -Eq "\"continuations\": [1-9]"
'

test_done
