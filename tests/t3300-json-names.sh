#!/bin/bash
# Every --json output of the file, check and cref commands is JSON that python3 and jq both
# read, on a volume and on images whose names hold a quote, a backslash, a newline, control
# bytes and bytes that are not UTF-8; and every such name comes back exactly: a string when
# the name is UTF-8, else an array of its byte values (libchunk/base/json-text.h).
. "$(dirname "$0")/test-lib.sh"

if ! command -v jq >/dev/null; then
	test_skip 'JSON on hostile names' 'jq is not installed (scripts/install-deps installs it)'
	test_done
fi

BAD=$(printf 'a"b\\c\nd\001e\037f\377g')     # not UTF-8
UTF=$(printf 'q"\\\n\001\037\303\251')       # UTF-8, ends in e-acute
V=$TRASH/$(printf 'v"\\\n\001\037\377')      # the volume's directory: not UTF-8
export BAD UTF V

parses() { # parses FILE: one JSON document, for python3 and for jq
	python3 -m json.tool "$1" >/dev/null || die "python3 cannot parse $1"
	jq . "$1" >/dev/null || die "jq cannot parse $1"
}

# name_is FILE EXPR NAME: the value EXPR picks from the document d is NAME, as a string when
# NAME is UTF-8, else as its bytes. names_include FILE EXPR NAME: EXPR is a list holding NAME.
name_check() {
	NAME=$4 python3 - "$@" <<-'EOF' || die "$2: $3 does not give back the name"
	import json, os, sys
	mode, path, expr = sys.argv[1:4]
	d = json.load(open(path, encoding="utf-8"))
	want = os.environb[b"NAME"]
	try:
	    want.decode("utf-8")
	    as_string = True
	except UnicodeDecodeError:
	    as_string = False
	def same(v):
	    if as_string:
	        return isinstance(v, str) and v.encode("utf-8") == want
	    return isinstance(v, list) and all(isinstance(b, int) for b in v) and bytes(v) == want
	got = eval(expr, {"d": d})
	ok = same(got) if mode == "is" else any(same(v) for v in got)
	sys.exit(0 if ok else f"{got!r} is not {want!r}")
	EOF
}
name_is() { name_check is "$@"; }
names_include() { name_check include "$@"; }

test_expect_success 'setup: a volume named with hostile bytes, hostile file names across chunks' '
	mkdir -p "src/$UTF" &&
	head -c 40000 /dev/urandom >"src/$UTF/$BAD" &&
	head -c 20000 /dev/urandom >"src/$UTF/$UTF" &&
	"$CHUNKCTL" mkfs --chunks 4 --size 16M --threshold 8K "$V" >/dev/null &&
	"$CHUNKCTL" -V "$V" cp -r src :/src
'

test_expect_success 'mkfs --json: parses, the volume path comes back with the UUID volume.conf holds' '
	"$CHUNKCTL" mkfs --chunks 2 --size 8M --json "$V.2" >mkfs.json &&
	parses mkfs.json && name_is mkfs.json "d[\"volume\"]" "$V.2" &&
	jq -e ".chunks == 2" mkfs.json >/dev/null &&
	grep -q "$(jq -r .uuid mkfs.json)" "$V.2/volume.conf"
'

test_expect_success 'stat --json: parses, and the path given comes back, without its colon' '
	for p in ":/src/$UTF/$BAD" ":/src/$UTF/$UTF" ":/src/$UTF"; do
		"$CHUNKCTL" -V "$V" stat --json "$p" >st.json &&
		parses st.json && name_is st.json "d[\"files\"][0][\"path\"]" "${p#:}" || return 1
	done &&
	"$CHUNKCTL" -V "$V" stat --json ":/src/$UTF/$BAD" >st.json &&
	jq -e ".files[0] | .continuations >= 1 and .chain[1].role == \"continuation\"" st.json
'

test_expect_success 'stat --json of several paths: one document, the files in the order given' '
	"$CHUNKCTL" -V "$V" stat --json ":/src/$UTF/$BAD" ":/src/$UTF/$UTF" >st2.json &&
	parses st2.json &&
	jq -s -e "length == 1 and (.[0].files | length) == 2" st2.json &&
	name_is st2.json "d[\"files\"][1][\"path\"]" "/src/$UTF/$UTF"
'

test_expect_success 'ls, stat and lost --json write a volume path alike: from the root, without the colon' '
	"$CHUNKCTL" -V "$V" ls -R --json ":/src" >ls.json &&
	parses ls.json &&
	name_is ls.json "d[\"listings\"][0][\"path\"]" "/src" &&
	names_include ls.json "[l[\"path\"] for l in d[\"listings\"]]" "/src/$UTF" &&
	"$CHUNKCTL" -V "$V" ls --json >root.json &&
	test "$(jq -c "[.listings[].path]" root.json)" = "[\"/\"]" &&
	"$CHUNKCTL" -V "$V" lost --json ":/src/$UTF/$BAD" >lost.json &&
	parses lost.json && name_is lost.json "d[\"files\"][0][\"path\"]" "/src/$UTF/$BAD"
'

test_expect_success 'df --json: parses, and the chunk paths come back' '
	"$CHUNKCTL" -V "$V" df --json >df.json &&
	parses df.json &&
	for k in 0 1 2 3; do
		name_is df.json "d[\"chunks\"][$k][\"path\"]" "$V/chunk-000$k.img" || return 1
	done
'

test_expect_success 'refs --json: parses for every chunk, the counts add up' '
	for k in 0 1 2 3; do
		"$CHUNKCTL" -V "$V" refs --json $k >refs.json &&
		parses refs.json &&
		jq -e ".chunk == $k and .total == ([.peers[].count] | add // 0)" refs.json >/dev/null || return 1
	done
'

test_expect_success 'cref --volume --json: parses, and the volume path comes back' '
	"$CHUNKCTL" cref --volume "$V" --json >cv.json &&
	parses cv.json && name_is cv.json "d[\"volume\"]" "$V" &&
	jq -e ".index_agrees and .intra_file_refs >= 2" cv.json
'

test_expect_success 'check --all --json: one document; the volume and chunk paths come back' '
	"$CHUNKCTL" -V "$V" check --all --json >check.json &&
	parses check.json &&
	name_is check.json "d[\"volume\"]" "$V" &&
	name_is check.json "d[\"chunks\"][2][\"path\"]" "$V/chunk-0002.img" &&
	jq -e ".result == 0 and (.chunks | length) == 4" check.json
'

test_expect_success 'check and repair --json of a damaged continuation name the hostile file' '
	"$CHUNKCTL" -V "$V" stat --json ":/src/$UTF/$BAD" >st.json &&
	k=$(jq -r ".files[0].chain[1].chunk" st.json) && ino=$(jq -r ".files[0].chain[1].local_ino" st.json) &&
	"$CHUNKFAULT" "$V/chunk-000$k.img" zero-inode "$ino" >/dev/null &&
	expect_status 4 "$CHUNKCTL" -V "$V" check --json "$k" >c.json &&
	parses c.json &&
	names_include c.json "[f[\"path\"] for f in d[\"chunks\"][0][\"findings\"]]" "/src/$UTF/$BAD" &&
	expect_status 1 "$CHUNKCTL" -V "$V" repair --json "$k" >r.json &&
	parses r.json &&
	name_is r.json "d[\"volume\"]" "$V" &&
	name_is r.json "d[\"chunks\"][0][\"path\"]" "$V/chunk-000$k.img" &&
	names_include r.json "d[\"chunks\"][0][\"files_lost\"]" "/src/$UTF/$BAD"
'

test_expect_success 'cref --json on ext4 images with hostile names: parses, the image path comes back' '
	mkdir -p "tree/$UTF" && echo a >"tree/$BAD" && echo b >"tree/$UTF/$UTF" &&
	for img in "$TRASH/$BAD.img" "$TRASH/$UTF.img"; do
		mke2fs -q -F -t ext4 -b 1024 -N 64 -d tree "$img" 4M &&
		"$CHUNKCTL" cref --chunk-size 1M --adjacency --json "$img" >cref.json &&
		parses cref.json && name_is cref.json "d[\"path\"]" "$img" &&
		jq -e ".files == 2 and .directories >= 3" cref.json >/dev/null &&
		"$CHUNKCTL" cref --sweep 1M,2M --json "$img" >sweep.json &&
		parses sweep.json && names_include sweep.json "[r[\"path\"] for r in d]" "$img" &&
		jq -e "length == 2" sweep.json >/dev/null || return 1
	done
'

test_done
