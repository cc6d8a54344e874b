#!/bin/bash
# A real tree copied into a 16-chunk volume with a small threshold: files and directories span
# chunks; everything comes back byte for byte; every chunk stays e2fsck-clean; the index agrees
# with the records. A small volume made step by step shows ls, stat, df and refs, compared
# whole with tests/expect/t3000/.
. "$(dirname "$0")/test-lib.sh"

V=$TRASH/vol
TREE=$TRASH/tree

# The tree: a real one plus the awkward cases. /usr/include is the C library's headers and the
# kernel's (libc6-dev, linux-libc-dev, which build-essential brings): every machine that builds
# chunkfs has them, though not the same files; nothing below names a file other packages add.
make_tree() {
	mkdir -p "$TREE"
	cp -a /usr/include "$TREE/include"
	mkdir -p "$TREE/special/links" "$TREE/special/other"
	: >"$TREE/special/empty"
	printf 'hello\n' >"$TREE/special/links/a"
	ln "$TREE/special/links/a" "$TREE/special/links/b"
	ln "$TREE/special/links/a" "$TREE/special/other/c"
	ln -s ../links/a "$TREE/special/other/sym"
	ln -s "$(printf 'x%.0s' $(seq 1 300))" "$TREE/special/longsym"
	truncate -s 30M "$TREE/special/sparse"
	printf 'middle' | dd of="$TREE/special/sparse" bs=1 seek=12000000 conv=notrunc 2>/dev/null
	printf 'end' | dd of="$TREE/special/sparse" bs=1 seek=31457277 conv=notrunc 2>/dev/null
	head -c 40000000 /dev/urandom >"$TREE/special/bigger-than-a-chunk"
	chmod 0751 "$TREE/special/other"
	chmod 4755 "$TREE/special/links/a"
}

# Host directory sizes differ by file system: sizes are compared for everything but directories.
listing() {
	(cd "$1" && find . \( -type d -printf '%p d %m %U %G\n' \) -o -printf '%p %y %m %U %G %s %l\n' | LC_ALL=C sort)
}

test_expect_success 'mkfs makes a 16-chunk volume whose chunks e2fsck passes' '
	"$CHUNKCTL" mkfs --chunks 16 --size 32M --threshold 16K "$V" >uuid &&
	test_cmp_output "$EXPECT/mkfs" uuid &&
	test -f "$V/volume.conf" && test -f "$V/chunk-0015.img" &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'cp -r copies a real tree with links, holes and a file larger than a chunk' '
	make_tree &&
	"$CHUNKCTL" -V "$V" cp -r "$TREE" :/
'

test_expect_success 'every chunk is e2fsck -fn clean after the copy' '
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'files and directories span chunks' '
	for k in $(seq 0 15); do "$CHUNKCTL" -V "$V" refs $k; done >refs.all &&
	files=$(grep -c "^  file out" refs.all) && dirs=$(grep -c "^  dir  out" refs.all) &&
	echo "file continuations: $files, directory continuations: $dirs" &&
	test "$files" -gt 1000 && test "$dirs" -ge 5
'

test_expect_success 'copying back gives the same tree, byte for byte, with modes and owners' '
	"$CHUNKCTL" -V "$V" cp -r :/tree "$TRASH/back" &&
	diff -r --no-dereference "$TREE" "$TRASH/back" &&
	listing "$TREE" >want && listing "$TRASH/back" >got && diff want got
'

test_expect_success 'hard links come back as hard links' '
	test "$(stat -c %i "$TRASH/back/special/links/a")" = "$(stat -c %i "$TRASH/back/special/other/c")" &&
	test "$(stat -c %h "$TRASH/back/special/links/a")" = 3
'

test_expect_success 'a file larger than a chunk spans several continuations' '
	"$CHUNKCTL" -V "$V" stat --json :/tree/special/bigger-than-a-chunk >st.json &&
	jq -e ".files[0].continuations >= 2" st.json &&
	"$CHUNKCTL" -V "$V" cat :/tree/special/bigger-than-a-chunk | cmp - "$TREE/special/bigger-than-a-chunk"
'

test_expect_success 'a sparse file keeps its holes' '
	cmp "$TREE/special/sparse" "$TRASH/back/special/sparse" &&
	test "$(du -k "$TRASH/back/special/sparse" | cut -f1)" -lt 1024
'

test_expect_success 'refs of every chunk agrees with a scan of its continuation records' '
	for k in $(seq 0 15); do
		img=$(printf "%s/chunk-%04d.img" "$V" $k)
		"$CHUNKCTL" -V "$V" refs $k | grep "^  " | LC_ALL=C sort >idx.$k &&
		chunkscan "$img" $k | LC_ALL=C sort >scan.$k &&
		diff idx.$k scan.$k || return 1
	done
'

test_expect_success 'every reference is listed by both of its chunks' '
	cat idx.* | awk "{ if (\$2 == \"out\") print \$1, \"in\", \$7, \$8, \$9, \"<-\", \$3, \$4, \$5;
		else print \$1, \$2, \$3, \$4, \$5, \$6, \$7, \$8, \$9 }" |
		LC_ALL=C sort >both &&
	test "$(uniq -c both | awk "\$1 != 2" | wc -l)" = 0
'

head_chunk() { "$CHUNKCTL" -V "$V" stat --json "$1" | jq .files[0].chunk; }

# A header of the C library with continuations, whose head is in another chunk than DIR's.
header_outside() {
	local f
	for f in $(cd "$TREE/include" && find . -maxdepth 1 -type f -size +16k | LC_ALL=C sort); do
		f=${f#./}
		"$CHUNKCTL" -V "$V" stat --json ":/tree/include/$f" |
			jq -e --argjson dir "$(head_chunk "$1")" ".files[0] | .chunk != \$dir and .continuations > 0" >/dev/null &&
			{ echo "$f"; return 0; }
	done
	die "no header of /usr/include continues outside chunk $(head_chunk "$1")"
}

test_expect_success 'a rename across chunks keeps the content and every chunk clean' '
	"$CHUNKCTL" -V "$V" mkdir :/elsewhere &&
	h=$(header_outside :/elsewhere) &&
	echo "$h: head in chunk $(head_chunk ":/tree/include/$h"), /elsewhere in chunk $(head_chunk :/elsewhere)" &&
	"$CHUNKCTL" -V "$V" mv ":/tree/include/$h" :/elsewhere/moved.h &&
	"$CHUNKCTL" -V "$V" mv :/tree/include/linux :/elsewhere/linux-moved &&
	"$CHUNKCTL" -V "$V" cat :/elsewhere/moved.h | cmp - "$TREE/include/$h" &&
	"$CHUNKCTL" -V "$V" cp -r :/elsewhere/linux-moved "$TRASH/linux-back" &&
	diff -r --no-dereference "$TREE/include/linux" "$TRASH/linux-back" &&
	expect_status 1 "$CHUNKCTL" -V "$V" cat ":/tree/include/$h" 2>err &&
	grep -q "No such file" err &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'a directory cannot be moved into itself' '
	expect_status 1 "$CHUNKCTL" -V "$V" mv :/elsewhere :/elsewhere/linux-moved/x 2>err &&
	grep -q "Invalid argument" err
'

test_expect_success 'a hard link into a directory of another chunk works both ways' '
	"$CHUNKCTL" -V "$V" ln :/tree/special/links/a :/elsewhere/link-to-a &&
	"$CHUNKCTL" -V "$V" stat --json :/elsewhere/link-to-a | jq -e ".files[0].nlink == 4" &&
	"$CHUNKCTL" -V "$V" rm :/tree/special/links/a &&
	"$CHUNKCTL" -V "$V" cat :/elsewhere/link-to-a | cmp - "$TREE/special/links/a" &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'rm -r removes a tree and its continuations, leaving every chunk clean' '
	before=$(cat idx.* | wc -l) &&
	"$CHUNKCTL" -V "$V" rm -r :/tree/include &&
	expect_status 1 "$CHUNKCTL" -V "$V" ls :/tree/include 2>/dev/null &&
	after=$(for k in $(seq 0 15); do "$CHUNKCTL" -V "$V" refs $k | grep "^  "; done | wc -l) &&
	echo "references before $before, after $after" && test "$after" -lt $((before / 4)) &&
	e2fsck_clean "$V"/chunk-*.img
'

test_expect_success 'df shows every chunk of the volume clean' '
	"$CHUNKCTL" -V "$V" df --json >df.json &&
	jq -e "(.chunks | length) == 16 and ([.chunks[].state] | unique) == [\"clean\"]" df.json
'

# A volume whose every inode and placement is known, made command by command: /many takes
# more inodes than chunk 0 has and continues into chunks 1 and 2; /d, made then, is headed in
# chunk 2 and holds a file continued into chunk 3, an empty file, a symlink, a hole.
test_expect_success 'setup: a small volume whose directories and a file span chunks' '
	"$CHUNKCTL" mkfs --chunks 4 --size 8M --threshold 8K small >/dev/null &&
	mkdir -p host/many && (cd host/many && seq 1 1100 | xargs touch) &&
	seq 1 6000 >host/numbers && printf "hello\n" >host/hello &&
	: >host/empty && ln -s numbers host/sym && truncate -s 20000 host/sparse &&
	cp_in_name_order small host/many :/many && "$CHUNKCTL" -V small mkdir :/d &&
	"$CHUNKCTL" -V small cp host/empty host/hello host/numbers host/sparse host/sym :/d/ &&
	"$CHUNKCTL" -V small ln :/d/numbers :/many/numbers-again
'

test_expect_success 'ls, df and refs of the small volume print what they always have' '
	{ "$CHUNKCTL" -V small ls :/ && "$CHUNKCTL" -V small ls :/d; } >ls.out &&
	test_cmp_output "$EXPECT/ls" ls.out &&
	"$CHUNKCTL" -V small df >df.out && test_cmp_output "$EXPECT/df" df.out &&
	"$CHUNKCTL" -V small df --json >df.json && test_cmp_json "$EXPECT/df.json" df.json &&
	for k in 0 1 2 3; do "$CHUNKCTL" -V small refs $k; done >refs.out &&
	test_cmp_output "$EXPECT/refs" refs.out &&
	"$CHUNKCTL" -V small refs --json 0 >refs.json && test_cmp_json "$EXPECT/refs-0.json" refs.json
'

# Owners are the host files' (cp keeps them): the expected ones are root's.
if [ "$(id -u)" = 0 ]; then
test_expect_success 'ls -l and stat of the small volume print what they always have' '
	"$CHUNKCTL" -V small ls -l :/d >ls-l.out && test_cmp_output "$EXPECT/ls-l" ls-l.out &&
	"$CHUNKCTL" -V small stat :/d/numbers :/many :/d/sym >stat.out && test_cmp_output "$EXPECT/stat" stat.out &&
	"$CHUNKCTL" -V small stat --json :/d/numbers >stat.json && test_cmp_json "$EXPECT/stat.json" stat.json
'
else
test_skip 'ls -l and stat of the small volume print what they always have' 'the expected owners are root'"'"'s'
fi

test_done
