#!/bin/bash
# chunkctl status --json is JSON whatever the volume's path holds: quotes, backslashes,
# newlines, bytes that are not UTF-8. Real parsers (python3's, jq) read it and give the path
# back byte for byte: a string when it is UTF-8, else the array of its bytes. Offline (-V):
# through the daemon a volume's name is the word of its [volume:NAME] section, which
# chunkscrubd keeps to letters, digits, '_', '-' and '.'.
. "$(dirname "$0")/test-lib.sh"

# the volume's "name", as bytes, from the status JSON on stdin
json_name() {
	python3 -c 'import json, sys
n = json.load(sys.stdin)["volumes"][0]["name"]
sys.stdout.buffer.write(bytes(n) if isinstance(n, list) else n.encode())'
}
# parses_as_status FILE: python3 and jq both read FILE, and it has the documented keys
parses_as_status() {
	python3 -m json.tool "$1" >/dev/null &&
	jq . "$1" >/dev/null &&
	test "$(jq -c "keys_unsorted, (.volumes[] | keys_unsorted), (.volumes[].chunks[] | keys_unsorted)" "$1" | sort -u)" = \
		"$(printf "%s\n" "[\"chunk\",\"state\",\"last_check\",\"last_result\",\"refs\",\"job\",\"losses\"]" \
			"[\"name\",\"chunks\"]" "[\"volumes\"]")" &&
	test "$(jq ".volumes[0].chunks | length" "$1")" = 2
}

test_expect_success 'offline, a volume under a directory named with a quote, a backslash and a newline' '
	dir=$(printf "we\"ird\\\\dir\\nname") &&
	test "$(printf %s "$dir" | wc -l)" = 1 &&
	mkdir "$dir" && "$CHUNKCTL" mkfs --chunks 2 --size 8M "$dir/vol" >/dev/null &&
	"$CHUNKCTL" -V "$dir/vol" status --json >s.json 2>/dev/null &&
	cat s.json &&
	parses_as_status s.json &&
	printf %s "$dir/vol" >want &&
	json_name <s.json >got && cmp want got &&
	jq -j ".volumes[0].name" s.json >got && cmp want got
'

test_expect_success 'offline, a path that is not UTF-8 comes back as its bytes' '
	dir=$(printf "bad\\377byte") &&
	mkdir "$dir" && "$CHUNKCTL" mkfs --chunks 2 --size 8M "$dir/vol" >/dev/null &&
	"$CHUNKCTL" -V "$dir/vol" status --json >b.json 2>/dev/null &&
	cat b.json &&
	parses_as_status b.json &&
	test "$(jq -r ".volumes[0].name | type" b.json)" = array &&
	printf %s "$dir/vol" >want &&
	json_name <b.json >got && cmp want got
'

test_done
