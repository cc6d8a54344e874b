# pjdfstest, the POSIX file system suite ($SHARED/pjdfstest, read-only), for the shell tests:
# built once per source outside the repository, run with prove from inside the file system
# under test, and its failures compared with a list of the known ones, each with its reason.
#
# A known-failures file has one line per failure: a test file, or one subtest of it, then why.
#   tests/chmod/12.t      the whole file may fail (any subtest, a bad plan, an exit status)
#   tests/open/06.t:42    only subtest 42 of it
# Blank lines and lines starting with # are comments.

PJDFSTEST_SRC=${PJDFSTEST_SRC:-$SHARED/pjdfstest/src}
PJDFSTEST_CACHE=${PJDFSTEST_CACHE:-/tmp/chunkfs-pjdfstest}

# pjdfstest_build: build pjdfstest, unless a build of the same source is in the cache, and
# print the folder it is in. Builds of two runs at once wait for each other (flock).
pjdfstest_build() {
	local sum dir
	[ -f "$PJDFSTEST_SRC/configure.ac" ] || die "no pjdfstest source in $PJDFSTEST_SRC"
	sum=$(cd "$PJDFSTEST_SRC" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum)
	dir=$PJDFSTEST_CACHE/${sum:0:16}
	mkdir -p "$PJDFSTEST_CACHE" || die "cannot make $PJDFSTEST_CACHE"
	(
		flock -x 9
		[ -x "$dir/pjdfstest" ] && exit 0
		rm -rf "$dir.tmp" && cp -r "$PJDFSTEST_SRC" "$dir.tmp" && cd "$dir.tmp" &&
			autoreconf -ifs && ./configure && make pjdfstest || exit 1
		mv "$dir.tmp" "$dir"
	) 9>"$PJDFSTEST_CACHE/.lock" >"$TRASH/pjdfstest-build.log" 2>&1 ||
		{ tail -20 "$TRASH/pjdfstest-build.log"; die "cannot build pjdfstest (log: $TRASH/pjdfstest-build.log)"; }
	echo "$dir"
}

# pjdfstest_run PJDFSTEST DIR LOG: run the whole suite from inside DIR, as root, into LOG
# (prove -v of each test file: every subtest, then prove's summary). The suite is CPU-bound, one
# process after another, so PJDFSTEST_JOBS proves (default 2) take the test files from one queue,
# the largest (and slowest) first; pjdfstest's names are random, so the tests do not meet. It
# gives up after PJDFSTEST_TIMEOUT seconds (default 1500), as a hung file system would otherwise
# hang the suite.
pjdfstest_run() {
	local pjd=$1 dir=$2 log jobs=${PJDFSTEST_JOBS:-2} start rc=0 t
	log=$(realpath -m "$3")
	start=$(date +%s)
	rm -rf "$log.d" && mkdir -p "$log.d" || die "cannot make $log.d"
	(cd "$pjd" && ls -S tests/*/*.t) >"$log.d/queue" || die "no tests in $pjd"
	(cd "$dir" && exec timeout -k 30 "${PJDFSTEST_TIMEOUT:-1500}" xargs -P "$jobs" -I{} \
		sh -c 'exec prove -v "$1/$2" >"$3/$(echo "$2" | tr / _).log" 2>&1' sh "$pjd" {} "$log.d") \
		<"$log.d/queue" || rc=$?
	[ $rc -ne 124 ] && [ $rc -ne 137 ] || die "pjdfstest did not finish in ${PJDFSTEST_TIMEOUT:-1500} s"
	while read -r t; do
		grep -qE '^Result: ' "$log.d/$(echo "$t" | tr / _).log" 2>/dev/null || die "pjdfstest did not finish $t"
		cat "$log.d/$(echo "$t" | tr / _).log"
	done < <(LC_ALL=C sort "$log.d/queue") >"$log"
	echo "# pjdfstest: $(awk -F'[=,]' '/^Files=/ { f += $2; t += $4 } END { printf "%d files, %d tests", f, t }' "$log")," \
		"$(($(date +%s) - start)) s with $jobs proves"
}

# pjdfstest_failures PJDFSTEST LOG: one line per failure in LOG, "tests/DIR/NN.t:SUB MESSAGE",
# SUB being a subtest number, or "exit" or "plan" for a file that ended badly. The failures are
# prove's summary; the messages (what pjdfstest tried and got) are the subtests' own lines.
pjdfstest_failures() {
	awk -v root="$1/" '
	function rel(p) { return index(p, root) == 1 ? substr(p, length(root) + 1) : p }
	function add(list,   n, i, r, a, b, k) {
		gsub(/ /, "", list); n = split(list, r, ",")
		for (i = 1; i <= n; i++) {
			if (r[i] == "") continue
			if (split(r[i], a, "-") == 2) { for (k = a[1]; k <= a[2]; k++) fail[file ":" k] = 1 }
			else fail[file ":" r[i]] = 1
		}
	}
	/^\/.*\.t \.+ *$/ { cur = rel($1); next }
	/^not ok [0-9]+/ && !/# TODO/ { msg[cur ":" $3] = $0; next }
	/^\/.*\.t +\(Wstat/ { file = rel($1); next }
	/^  Failed tests?: / { sub(/^  Failed tests?: +/, ""); add($0); infail = 1; next }
	infail && /^ +[0-9]/ { add($0); next }
	/^  Non-zero (exit|wait) status/ { sub(/^ +/, ""); fail[file ":exit"] = 1; msg[file ":exit"] = $0; infail = 0; next }
	/^  Parse errors: / { sub(/^ +/, ""); fail[file ":plan"] = 1; msg[file ":plan"] = $0; infail = 0; next }
	{ infail = 0 }
	END { for (k in fail) print k, (k in msg ? msg[k] : "") }
	' "$2" | LC_ALL=C sort -t: -k1,1 -k2,2n
}

# pjdfstest_compare FAILURES KNOWN: the failures are exactly the known ones. Else it says which
# failures are new, and which known ones now pass (to be taken off the list), and fails.
pjdfstest_compare() {
	awk '
	FNR == NR { if ($0 ~ /^[ \t]*(#|$)/) next; known[$1] = 1; order[++n] = $1; next }
	{
		split($1, a, ":"); seen[a[1]] = 1; seen[$1] = 1
		if (!($1 in known) && !(a[1] in known)) { print "new failure: " $0; nnew++ }
	}
	END {
		for (i = 1; i <= n; i++)
			if (!(order[i] in seen)) { print "now passes, take it off the list: " order[i]; nfixed++ }
		if (nnew + nfixed) printf "%d new failures, %d known ones that now pass\n", nnew, nfixed
		exit nnew + nfixed > 0
	}
	' "$2" "$1"
}
