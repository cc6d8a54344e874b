# The volume the unavailable-peer stories share (t3120, t4150): $V and another volume, "other",
# each of 3 chunks of 8M, holding src/: directory /src/many (1500 entries) starts in chunk K0
# and continues in P; file /src/d/f1 starts in K1 and continues in P. make_peer_volume writes
# "K0=.. K1=.. P=.." to layout and dies when the placement is not that.
make_peer_volume() {
	mkdir -p src/many src/d &&
	(cd src/many && for i in $(seq 1 1500); do echo "file $i" >"$i"; done) &&
	for i in $(seq 1 12); do head -c 30000 /dev/urandom >src/d/f$i; done &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K "$V" >/dev/null &&
	"$CHUNKCTL" mkfs --chunks 3 --size 8M --threshold 8K other >/dev/null &&
	"$CHUNKCTL" -V "$V" cp -r src :/src && "$CHUNKCTL" -V other cp -r src :/src &&
	"$CHUNKCTL" -V "$V" stat --json :/src/many | jq -r '[.files[0].chain[].chunk] | map(tostring) | join(" ")' >dir.chain &&
	"$CHUNKCTL" -V "$V" stat --json :/src/d/f1 | jq -r '[.files[0].chain[].chunk] | map(tostring) | join(" ")' >file.chain &&
	read -r k0 p <dir.chain && read -r k1 p1 <file.chain &&
	{ test "$p" = "$p1" -a "$k0" != "$p" -a "$k1" != "$p" ||
		die "layout: /src/many in chunks $(cat dir.chain), /src/d/f1 in $(cat file.chain)"; } &&
	echo "K0=$k0 K1=$k1 P=$p" >layout
}
