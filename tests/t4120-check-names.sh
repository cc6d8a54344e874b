#!/bin/bash
# The report names the files that lost data by path. A file that continues into another chunk
# carries a parent hint in its head record (the directory whose entry named it), kept by a
# rename; the report uses it once the directory agrees, and a stale hint falls back to reading
# the chunk's directories. Either way the path is the file's path now. The report is compared
# whole with tests/expect/t4120/.
. "$(dirname "$0")/test-lib.sh"

V=$TRASH/vol

# ino VOLPATH: the ext2 inode of a volume path's head, as chunkctl stat prints it
ino() { "$CHUNKCTL" -V "$V" stat "$1" | sed -n 's/.*Inode: [0-9]* (chunk [0-9]*, inode \([0-9]*\),.*/\1/p'; }
# cont VOLPATH: "CHUNK INODE" of its first continuation
cont() { "$CHUNKCTL" -V "$V" stat "$1" | awk '$1 == "continuation" { print $3, $5; exit }'; }
hint() { "$CHUNKFAULT" "$V/chunk-0000.img" parent-hint "$(ino "$1")"; }

test_expect_success 'setup: files in /a that continue into other chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 8K "$V" >/dev/null &&
	mkdir -p src/a && for i in 1 2 3 4 5; do head -c 40000 /dev/urandom >src/a/f$i; done &&
	cp_in_name_order "$V" src/a :/a && "$CHUNKCTL" -V "$V" mkdir :/b :/c &&
	test -n "$(cont :/a/f1)"
'

test_expect_success 'a copied file names its directory in its head record' '
	test "$(hint :/a/f1)" = "$(ino :/a)" && test "$(hint :/a/f5)" = "$(ino :/a)"
'

test_expect_success 'a rename moves the hint to the new directory' '
	"$CHUNKCTL" -V "$V" mv :/a/f3 :/b/f3 && "$CHUNKCTL" -V "$V" mv :/a/f4 :/b/f4 &&
	test "$(hint :/b/f3)" = "$(ino :/b)" && test "$(hint :/b/f4)" = "$(ino :/b)"
'

test_expect_success 'a file that lost data is named by its path, through a valid hint or a stale one' '
	"$CHUNKCTL" -V "$V" ln :/b/f3 :/c/f3 && "$CHUNKCTL" -V "$V" rm :/b/f3 &&
	test "$(hint :/c/f3)" = "$(ino :/b)" &&
	set -- $(cont :/c/f3) && c3=$1 i3=$2 && set -- $(cont :/b/f4) && c4=$1 i4=$2 &&
	"$CHUNKFAULT" "$V/chunk-000$c3.img" zero-inode "$i3" >/dev/null &&
	"$CHUNKFAULT" "$V/chunk-000$c4.img" zero-inode "$i4" >/dev/null &&
	{ rc=0; "$CHUNKCTL" -V "$V" repair $(echo "$c3 $c4" | tr " " "\n" | sort -u) >out 2>&1 || rc=$?; } &&
	test $rc -eq 1 && test_cmp_output "$EXPECT/repair" out &&
	expect_status 0 "$CHUNKCTL" -V "$V" check --all >/dev/null
'

test_done
