# tests/lib-corrupt.sh: the corruption campaign (issue 19), shared by tests/t4360-corrupt-campaign.sh
# (a fixed-seed slice) and bench/corrupt.sh (the long run). Sourced; needs CHUNKCTL and CHUNKFAULT.
#
# corrupt_prepare DIR HOSTTREE SIZE THRESHOLD: DIR/pristine, a volume of 16 chunks of SIZE holding
# HOSTTREE at :/tree; DIR/sums, the sha256 of every file; DIR/map, every file and directory with
# the chunks and inodes of its chain ("path<TAB>type<TAB>chunk,chunk<TAB>chunk:ino chunk:ino");
# DIR/foreign, a volume of the same shape that is another volume.
# corrupt_trial DIR SEED WAY [K]: one trial in DIR/trial: copy the pristine volume, damage chunk K
# (drawn from SEED when not given, among the chunks WAY can damage) in the way WAY, `repair K`
# once, then judge it (below). Prints one line "result WAY K CHANGED UNNAMED MOVED-UNNAMED
# NONCONV REFUSED" (the counts of each goal broken) and, before it, a line per defect
# found ("DEFECT GOAL: ..."); returns 0 when the trial broke no goal.
#
# A trial's goals:
#   changed   no file whose chain has no part in K differs or is missing, unless its data is
#             found whole in :/lost+found (moved, not changed); and no file whose bytes past the
#             end of a cut image the report names reads without error with other bytes: they
#             read as EIO (marked lost), never as the zeros the image was given back;
#   unnamed   every file that differs, is missing or cannot be read is named by the repair's
#             report (--json: files_lost, or the path of a finding, or its full volume path in a
#             finding's text); counted apart when the file's data is in :/lost+found whole
#             (moved-unnamed: nothing is lost, but the admin is not told where it went);
#   nonconv   a second `repair K` exits 0, K is e2fsck -fn clean, `check --all` exits 0 (its
#             e2fsck -fn of every chunk included);
#   refused   (foreign only) `repair K` of a chunk of another volume exits 8 and no image changes.
# Damage to a file's data in place (the way data-block, and zero-range and bit-flips where they hit
# data) is silent by nature, ext4 keeping no checksum of file data: the files whose data blocks
# it hit may differ unnamed (corrupt_silent); every other file is judged as always. A truncated
# image is not excused: the repair sees the image is short, and must name what was past its end
# and mark those bytes lost, so that they read as EIO.

CORRUPT_WAYS="itable-cont itable-random inode-bitmap block-bitmap superblock group-desc dir-block
root-inode chunkfs-inode cont-dir-inode index-dir-inode peers-inode zero-cont-inode zero-head-inode
clri-random flip-cont repoint-cont flip-head shorten-range head-chunk claim-conts del-index
index-garbage peers-garbage data-block freeb set-links truncate zero-range bit-flips foreign"

corrupt_img() { printf '%s/chunk-%04d.img' "$1" "$2"; }
corrupt_inodes_in() { # K TYPE: the inodes of chunk K holding a part of a TYPE of the tree
	awk -F'\t' -v k="$1" -v t="$2" '$2 == t { n = split($4, p, " "); for (i = 1; i <= n; i++) if (p[i] ~ ("^" k ":")) print substr(p[i], length(k) + 2) }' "$CORRUPT_DIR/map" | sort -un
}
corrupt_index_peers() { # IMG: the peers IMG's index has an entry for
	debugfs -R "ls -p /.chunkfs/index" "$1" 2>/dev/null | awk -F/ '$6 ~ /^[0-9][0-9][0-9][0-9]$/ { print $6 }' 
}

# corrupt_copy_in VOL HOSTTREE: HOSTTREE into VOL as :/tree (a caller that needs the same
# placement on every machine defines its own, copying in name order).
declare -F corrupt_copy_in >/dev/null ||
corrupt_copy_in() { "$CHUNKCTL" -V "$1" cp -r "$2" :/tree; }

corrupt_prepare() { # DIR HOSTTREE SIZE THRESHOLD
	local dir=$1 tree=$2
	mkdir -p "$dir" || return 1
	"$CHUNKCTL" mkfs --chunks 16 --size "$3" --threshold "$4" "$dir/pristine" >/dev/null &&
	corrupt_copy_in "$dir/pristine" "$tree" &&
	"$CHUNKCTL" mkfs --chunks 16 --size "$3" --threshold "$4" "$dir/foreign" >/dev/null || return 1
	(cd "$tree" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
		sed 's|  \./|  /tree/|' >"$dir/sums" || return 1
	# The volume's copy must read as the host's, else every trial would blame the repair.
	corrupt_sums_of "$dir/pristine" "$dir/check" >"$dir/sums.vol" 2>/dev/null &&
	cmp -s "$dir/sums" "$dir/sums.vol" || { echo "the volume's copy of $tree differs from it" >&2; return 1; }
	(cd "$tree" && find . -mindepth 1 | LC_ALL=C sort | sed 's|^\.|:/tree|') |
		xargs -d '\n' "$CHUNKCTL" -V "$dir/pristine" stat --json |
		jq -r '.files[] | [.path, .type, ([.chain[].chunk] | unique | map(tostring) | join(",")),
			([.chain[] | "\(.chunk):\(.local_ino)"] | join(" "))] | @tsv' >"$dir/map" || return 1
	[ "$(wc -l <"$dir/map")" -eq "$(cd "$tree" && find . -mindepth 1 | wc -l)" ] ||
		{ echo "stat did not describe every path of the tree" >&2; return 1; }
}

# corrupt_sums_of VOL WORK: "sha256  /tree/PATH" of every file of VOL's :/tree that reads whole.
corrupt_sums_of() {
	rm -rf "$2" && mkdir -p "$2" || return 1
	"$CHUNKCTL" -V "$1" cp -r :/tree "$2/tree" 2>"$2.err" || :
	[ -d "$2/tree" ] || return 0
	# A file cp could not read whole is left out: it counts as missing.
	grep -o "^chunkctl: :/tree/[^:]*" "$2.err" | sed 's|^chunkctl: :||' | sort -u >"$2.unread"
	(cd "$2" && find tree -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum) | sed 's|  tree/|  /tree/|' |
		awk -v unread="$2.unread" 'BEGIN { while ((getline l <unread) > 0) bad[l] = 1 }
			{ p = $0; sub(/^[0-9a-f]+  /, "", p); if (!(p in bad)) print }'
}

# corrupt_chunks_for WAY VOL: the chunks WAY can damage in VOL (one a line).
corrupt_chunks_for() {
	local k img
	for k in $(seq 0 15); do
		img=$(corrupt_img "$2" "$k")
		case $1 in
		itable-cont|zero-cont-inode|flip-cont) [ -n "$("$CHUNKFAULT" "$img" list-conts 2>/dev/null | head -1)" ] ;;
		repoint-cont) [ "$("$CHUNKFAULT" "$img" list-conts 2>/dev/null | wc -l)" -ge 2 ] ;;
		zero-head-inode|flip-head|head-chunk) [ -n "$("$CHUNKFAULT" "$img" list-heads 2>/dev/null | head -1)" ] ;;
		shorten-range) [ -n "$("$CHUNKFAULT" "$img" list-heads ranged 2>/dev/null | head -1)" ] ;;
		claim-conts) [ "$("$CHUNKFAULT" "$img" list-heads 2>/dev/null | wc -l)" -ge 2 ] ;;
		del-index|index-garbage) [ -n "$(corrupt_index_peers "$img")" ] ;;
		dir-block) [ -n "$(corrupt_inodes_in "$k" directory)" ] ;;
		data-block) [ -n "$(corrupt_inodes_in "$k" file)" ] ;;
		*) true ;;
		esac && echo "$k"
	done
}

# Every draw is made in the shell itself: bash reseeds RANDOM in each subshell ($(...), a pipe),
# which would make a trial differ from run to run.
corrupt_pick() { # VAR LIST...: VAR is one of LIST, drawn with RANDOM
	local var=$1
	shift
	[ $# -gt 0 ] || { echo "nothing to pick from for $var" >&2; return 1; }
	shift $((RANDOM % $#)) && printf -v "$var" %s "$1"
}
corrupt_pick2() { # VAR1 VAR2 LIST...: two different ones of LIST (at least two are given)
	local v1=$1 v2=$2
	shift 2
	local -a all=("$@")
	local i=$((RANDOM % $#)) j=$((RANDOM % ($# - 1)))
	[ "$j" -lt "$i" ] || j=$((j + 1))
	printf -v "$v1" %s "${all[i]}" && printf -v "$v2" %s "${all[j]}"
}

# corrupt_block_of IMG WHAT: the first block of an inode table ("itable"), bitmap ("bbitmap",
# "ibitmap") or group descriptors ("gdt") of group 0, and "itable" also its last.
corrupt_group0() {
	dumpe2fs "$1" 2>/dev/null | awk -v what="$2" '
		/^Group 1:/ { exit }
		what == "itable" && /Inode table at/ { split($4, r, "-"); print r[1], r[2] }
		what == "bbitmap" && /Block bitmap at/ { print $4 }
		what == "ibitmap" && /Inode bitmap at/ { print $4 }
		what == "gdt" && /Group descriptors at/ { split($NF, r, "-"); print r[1] }'
}

corrupt_dd_block() { # IMG BLOCK SOURCE: overwrite 4 KiB block BLOCK from SOURCE (/dev/zero, /dev/urandom-like file)
	dd if="$3" of="$1" bs=4096 seek="$2" count=1 conv=notrunc status=none
}

# corrupt_garbage FILE BYTES: BYTES drawn from RANDOM, so that a trial is the same every run.
corrupt_garbage() {
	awk -v n="$2" -v s="$RANDOM" 'BEGIN { srand(s); for (i = 0; i < n; i++) printf "%c", int(rand() * 255) + 1 }' >"$1"
}

# corrupt_silent VOL K BLOCK...: the files of which BLOCKs of chunk K held data (not metadata) go
# to VOL.silent. ext4 keeps no checksum of file data, so no check can see new bytes there: such
# a file may differ unnamed without a defect of the repair.
corrupt_silent() {
	local vol=$1 k=$2 ino blk
	shift 2
	debugfs -R "icheck $*" "$(corrupt_img "$CORRUPT_DIR/pristine" "$k")" 2>/dev/null | awk 'NR > 1 && $2 ~ /^[0-9]+$/ { print $2, $1 }' |
		while read -r ino blk; do
			debugfs -R "blocks <$ino>" "$(corrupt_img "$CORRUPT_DIR/pristine" "$k")" 2>/dev/null | tr ' ' '\n' | grep -qx "$blk" &&
				awk -F'\t' -v p="$k:$ino" '$2 == "file" && (" " $4 " ") ~ (" " p " ") { print $1 }' "$CORRUPT_DIR/map"
		done | sort -u >>"$vol.silent"
}

# corrupt_damage VOL K WAY: damage chunk K of VOL; prints what it did.
corrupt_damage() {
	local vol=$1 k=$2 way=$3 img ino other n blk first last size pct off len i flips
	img=$(corrupt_img "$vol" "$k")
	case $way in
	itable-cont)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-conts | cut -d' ' -f1) &&
		"$CHUNKFAULT" "$img" zero-itable-block "$ino" ;;
	itable-random)
		read -r first last < <(corrupt_group0 "$img" itable)
		blk=$((first + RANDOM % (last - first + 1)))
		corrupt_dd_block "$img" "$blk" /dev/zero && echo "zeroed inode-table block $blk" ;;
	inode-bitmap|block-bitmap|group-desc)
		blk=$(corrupt_group0 "$img" "$(case $way in inode-bitmap) echo ibitmap ;; block-bitmap) echo bbitmap ;; *) echo gdt ;; esac)")
		corrupt_dd_block "$img" "$blk" /dev/zero && echo "zeroed block $blk ($way)" ;;
	superblock)
		"$CHUNKFAULT" "$img" wipe-super ;;
	dir-block)
		corrupt_pick ino $(corrupt_inodes_in "$k" directory) &&
		"$CHUNKFAULT" "$img" corrupt-dir "$ino" ;;
	root-inode) debugfs -w -R "clri <2>" "$img" 2>/dev/null && echo "cleared the root inode" ;;
	chunkfs-inode|cont-dir-inode|index-dir-inode|peers-inode)
		other=$(case $way in chunkfs-inode) echo /.chunkfs ;; cont-dir-inode) echo /.chunkfs/cont ;;
			index-dir-inode) echo /.chunkfs/index ;; *) echo /.chunkfs/peers ;; esac)
		debugfs -w -R "clri $other" "$img" 2>/dev/null && echo "cleared the inode of $other" ;;
	zero-cont-inode)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-conts | cut -d' ' -f1) &&
		"$CHUNKFAULT" "$img" zero-inode "$ino" ;;
	zero-head-inode)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-heads) &&
		"$CHUNKFAULT" "$img" zero-inode "$ino" ;;
	clri-random)
		n=$(debugfs -R "stats" "$img" 2>/dev/null | awk '/^Inode count:/ { print $3 }')
		ino=$(( 12 + RANDOM % 200 ))
		[ "$ino" -le "${n:-0}" ] || ino=12
		debugfs -w -R "clri <$ino>" "$img" 2>/dev/null && echo "cleared inode $ino" ;;
	flip-cont)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-conts | cut -d' ' -f1) &&
		"$CHUNKFAULT" "$img" flip-cont "$ino" ;;
	repoint-cont)
		corrupt_pick2 ino other $("$CHUNKFAULT" "$img" list-conts | cut -d' ' -f1) &&
		"$CHUNKFAULT" "$img" repoint-cont "$ino" "$other" ;;
	flip-head)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-heads) &&
		"$CHUNKFAULT" "$img" flip-head "$ino" ;;
	shorten-range)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-heads ranged) &&
		"$CHUNKFAULT" "$img" shorten-range "$ino" $((1 + RANDOM % 4096)) ;;
	head-chunk)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-heads) &&
		corrupt_pick other 102 "$k" $((RANDOM % 16)) &&
		"$CHUNKFAULT" "$img" head-chunk "$ino" "$other" ;;
	claim-conts)
		corrupt_pick2 ino other $("$CHUNKFAULT" "$img" list-heads) &&
		"$CHUNKFAULT" "$img" claim-conts "$ino" "$other" ;;
	del-index)
		corrupt_pick other $(corrupt_index_peers "$img") &&
		"$CHUNKFAULT" "$img" del-index $((10#$other)) ;;
	index-garbage|peers-garbage)
		if [ "$way" = peers-garbage ]; then other=/.chunkfs/peers
		else corrupt_pick other $(corrupt_index_peers "$img") && other=/.chunkfs/index/$other; fi
		blk=$(debugfs -R "blocks $other" "$img" 2>/dev/null | awk '{ print $1 }')
		[ -n "$blk" ] || { echo "no block in $other"; return 0; }
		corrupt_garbage "$vol.garbage" $((16 + RANDOM % 200)) &&
		dd if="$vol.garbage" of="$img" bs=1 seek=$((blk * 4096 + RANDOM % 64)) conv=notrunc status=none &&
		echo "garbage in block $blk of $other" ;;
	data-block)
		corrupt_pick ino $(corrupt_inodes_in "$k" file) || return
		blk=$(debugfs -R "blocks <$ino>" "$img" 2>/dev/null | awk '{ print $1 }')
		[ -n "$blk" ] || { echo "inode $ino holds no block"; return 0; }
		corrupt_garbage "$vol.garbage" 4096 && corrupt_dd_block "$img" "$blk" "$vol.garbage" &&
		corrupt_silent "$vol" "$k" "$blk" &&
		echo "garbage in block $blk of inode $ino ($(tr '\n' ' ' <"$vol.silent"))" ;;
	freeb)
		blk=$(debugfs -R "blocks /.chunkfs/cont" "$img" 2>/dev/null | awk '{ print $1 }')
		debugfs -w -R "freeb ${blk:-6}" "$img" 2>/dev/null && echo "freed block ${blk:-6} in the bitmap" ;;
	set-links)
		corrupt_pick ino $("$CHUNKFAULT" "$img" list-conts | cut -d' ' -f1) $("$CHUNKFAULT" "$img" list-heads) 2
		debugfs -w -R "set_inode_field <$ino> links_count 0" "$img" 2>/dev/null && echo "links_count of inode $ino set to 0" ;;
	truncate)
		# A cut to nothing leaves no file system to repair: that chunk is unavailable, not
		# damaged (refused with 8 and left as it is: tests/t3120), so the draw is redone.
		size=$(du -B1 --apparent-size "$img" | cut -f1)
		pct=$((RANDOM % 100))
		[ "$pct" -gt 0 ] || pct=$((1 + RANDOM % 99))
		size=$(( (size / 100) * pct / 4096 * 4096 ))
		"$CHUNKFAULT" "$img" truncate "$size" && echo "cut to $size bytes" ;;
	zero-range)
		size=$(debugfs -R "stats" "$img" 2>/dev/null | awk '/^Block count:/ { b = $3 } /^Free blocks:/ { f = $3 } END { print b - f }')
		off=$(( (RANDOM * 32768 + RANDOM) % (${size:-64} * 4096) ))
		len=$(( 512 + RANDOM % 65536 ))
		dd if=/dev/zero of="$img" bs=1 seek="$off" count="$len" conv=notrunc status=none &&
		corrupt_silent "$vol" "$k" $(seq $((off / 4096)) $(((off + len - 1) / 4096))) &&
		echo "zeroed $len bytes at $off" ;;
	bit-flips)
		size=$(debugfs -R "stats" "$img" 2>/dev/null | awk '/^Block count:/ { b = $3 } /^Free blocks:/ { f = $3 } END { print b - f }')
		n=$((1 + RANDOM % 16))
		flips=
		for ((i = 0; i < n; i++)); do
			flips+="$(( (RANDOM * 32768 + RANDOM) % (${size:-64} * 4096) )) $((1 << (RANDOM % 8)))"$'\n'
		done
		corrupt_silent "$vol" "$k" $(printf %s "$flips" | awk '{ print int($1 / 4096) }') &&
		printf %s "$flips" | python3 -c '
import sys
with open(sys.argv[1], "r+b") as f:
    for line in sys.stdin:
        off, bit = map(int, line.split())
        f.seek(off); b = f.read(1)[0]; f.seek(off); f.write(bytes([b ^ bit]))
' "$img" && echo "flipped $n bits" ;;
	foreign)
		cp --sparse=always "$(corrupt_img "$CORRUPT_DIR/foreign" "$k")" "$img" && echo "chunk $k of another volume in the slot" ;;
	*) echo "unknown damage way $way" >&2; return 2 ;;
	esac
}

# corrupt_named REPORT.json: every volume path the repair's report names, one a line.
corrupt_named() {
	jq -r '.chunks[] | (.files_lost[]?, (.findings[]? | .path // empty)) | strings' "$1" 2>/dev/null
	jq -r '.chunks[].findings[]? | .problem, .done | strings' "$1" 2>/dev/null | grep -o '/tree/[^ ,;:()]*'
}

corrupt_sha_images() { (cd "$1" && sha256sum chunk-*.img); }

corrupt_trial() { # DIR SEED WAY [K]
	local dir=$1 seed=$2 way=$3 k=${4:-} t=$1/trial rc changed=0 unnamed=0 movedun=0 nonconv=0 refused=0 f p sum type chunks moved
	local -a ks
	RANDOM=$seed
	if [ -z "$k" ]; then
		mapfile -t ks < <(corrupt_chunks_for "$way" "$dir/pristine")
		corrupt_pick k "${ks[@]}" || return 1
	fi
	rm -rf "$t" "$t".* && cp -r --sparse=always "$dir/pristine" "$t" || return 1
	rm -f "$t.silent"
	corrupt_damage "$t" "$k" "$way" >"$t.how" 2>&1 || { echo "damage $way of chunk $k failed: $(cat "$t.how")"; return 1; }
	echo "trial seed $seed: $way of chunk $k: $(tr '\n' ' ' <"$t.how")"
	if [ "$way" = foreign ]; then
		corrupt_sha_images "$t" >"$t.before"
		rc=0 && "$CHUNKCTL" -V "$t" repair --json "$k" >"$t.repair" 2>"$t.repair.err" || rc=$?
		corrupt_sha_images "$t" >"$t.after"
		[ "$rc" -eq 8 ] || { echo "DEFECT refused: repair of a foreign chunk $k exited $rc, not 8"; refused=1; }
		cmp -s "$t.before" "$t.after" ||
			{ echo "DEFECT refused: repair of a foreign chunk $k wrote $(diff "$t.before" "$t.after" | grep -c '^>') image(s)"; refused=1; }
		# With its own chunk back, the volume is as it was: nothing marked DAMAGED.
		cp --sparse=always "$(corrupt_img "$dir/pristine" "$k")" "$(corrupt_img "$t" "$k")"
		rc=0 && "$CHUNKCTL" -V "$t" check --all >"$t.checkall" 2>&1 || rc=$?
		[ "$rc" -eq 0 ] || { echo "DEFECT nonconv: with chunk $k back, check --all exited $rc"; nonconv=1; }
		echo "result $way $k $changed $unnamed $movedun $nonconv $refused"
		return $((nonconv + refused > 0))
	fi
	rc=0 && "$CHUNKCTL" -V "$t" repair --json "$k" >"$t.repair" 2>"$t.repair.err" || rc=$?
	echo "repair $k exited $rc"
	corrupt_named "$t.repair" | sort -u >"$t.named"
	corrupt_sums_of "$t" "$t.out" >"$t.sums"
	# What /lost+found holds, by content: a file moved there whole is moved, not changed.
	rm -rf "$t.lf" && "$CHUNKCTL" -V "$t" cp -r :/lost+found "$t.lf" 2>/dev/null || :
	if [ -d "$t.lf" ]; then (cd "$t.lf" && find . -type f -print0 | xargs -0 -r sha256sum) | cut -d' ' -f1 | sort -u >"$t.lfsums"
	else : >"$t.lfsums"; fi
	# Files that differ, are missing or did not read whole: "sum|path", each path against its own
	# sum (a join on the sum alone passed a changed file whose bytes another file also has).
	LC_ALL=C comm -23 <(sed 's/  /|/' "$dir/sums" | LC_ALL=C sort) <(sed 's/  /|/' "$t.sums" | LC_ALL=C sort) >"$t.bad"
	while IFS='|' read -r sum p; do
		IFS=$'\t' read -r _ type chunks _ < <(awk -F'\t' -v p="$p" '$1 == p' "$dir/map")
		grep -qxF -- "$p" "$t.silent" 2>/dev/null && continue
		moved=no
		grep -qxF -- "$sum" "$t.lfsums" && moved=yes
		if grep -qxF -- "$p" "$t.named"; then :
		elif [ $moved = yes ]; then
			echo "DEFECT moved-unnamed: $p (chunks $chunks) is in /lost+found whole, the report does not name it"
			movedun=$((movedun + 1))
		else
			echo "DEFECT unnamed: $p (chunks $chunks) differs or is missing, the report does not name it"
			unnamed=$((unnamed + 1))
		fi
		case ",$chunks," in *",$k,"*) continue ;; esac
		[ $moved = no ] || continue
		echo "DEFECT changed: $p, whose data is in chunk(s) $chunks only, differs or is missing"
		changed=$((changed + 1))
	done <"$t.bad"
	# Bytes past a cut that the report names are marked lost: their file does not read whole
	# with other bytes (the zeros the image was given back there).
	while read -r p; do
		sum=$(awk -v p="$p" '{ q = $0; sub(/^[0-9a-f]+  /, "", q) } q == p { print $1 }' "$t.sums")
		[ -n "$sum" ] && ! grep -qxF -- "$sum  $p" "$dir/sums" || continue
		echo "DEFECT changed: $p, whose bytes past the cut the report names, reads without error, not as EIO"
		changed=$((changed + 1))
	done < <(jq -r '.chunks[].findings[]? | select((.problem // "") | test("past the end the image was cut at")) |
		.path // empty' "$t.repair" 2>/dev/null | sort -u)
	rc=0 && "$CHUNKCTL" -V "$t" repair "$k" >"$t.repair2" 2>&1 || rc=$?
	[ "$rc" -eq 0 ] || { echo "DEFECT nonconv: a second repair $k exited $rc"; nonconv=1; }
	# K by e2fsck itself; every chunk by check --all, which runs e2fsck -fn on each.
	f=$(corrupt_img "$t" "$k")
	e2fsck -fn "$f" >"$t.e2fsck" 2>&1 || { echo "DEFECT nonconv: e2fsck -fn finds errors in $(basename "$f")"; nonconv=1; }
	rc=0 && "$CHUNKCTL" -V "$t" check --all >"$t.checkall" 2>&1 || rc=$?
	[ "$rc" -eq 0 ] || { echo "DEFECT nonconv: check --all exited $rc"; nonconv=1; }
	echo "result $way $k $changed $unnamed $movedun $nonconv $refused"
	[ $((changed + unnamed + movedun + nonconv + refused)) -eq 0 ]
}
