/* Every on-disk record: round trip, bad magic, bad CRC, truncated, wrong version. */
#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/macro.h"
#include "libchunk/format/record.h"
#include "libchunk/base/test-assert.h"

typedef int (*decode_fn)(const void *buf, size_t len, void *rec);

/* Damage an encoded record four ways; each must be refused with its own error. */
static void check_damage(const char *what, const void *buf, size_t len, decode_fn decode, void *rec,
			 void (*done)(void *))
{
	_cleanup_free_ uint8_t *b = malloc(len);
	uint16_t v;

	memcpy(b, buf, len);
	b[0] ^= 0x01;
	CHECK(decode(b, len, rec) == -EBADMSG, "%s: bad magic is refused", what);
	if (done) done(rec);
	memcpy(b, buf, len);
	b[len / 2 + 1] ^= 0x10;
	CHECK(decode(b, len, rec) == -EILSEQ, "%s: a flipped bit fails the CRC", what);
	if (done) done(rec);
	memcpy(b, buf, len);
	CHECK(decode(b, len - 1, rec) == -EMSGSIZE, "%s: truncated by one byte is refused", what);
	if (done) done(rec);
	CHECK(decode(b, 10, rec) == -EMSGSIZE, "%s: shorter than a header is refused", what);
	if (done) done(rec);
	v = htole16(2);
	memcpy(b + 4, &v, 2);
	CHECK(decode(b, len, rec) == -EPROTONOSUPPORT, "%s: version 2 is refused", what);
	if (done) done(rec);
}

static void test_chunk(void)
{
	uuid_t members[3];
	struct record_chunk a = { .id = 2, .nchunks = 3, .flags = RECORD_CHUNK_EXT4, .threshold = 65536,
				  .created = 1764000000, .members = members }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	uuid_generate(a.volume);
	for (int i = 0; i < 3; i++)
		uuid_generate(members[i]);
	CHECK(record_chunk_encode(&a, &buf, &len) == 0 && len == 16 + 40 + 48 + 4, "chunk: encodes to %zu bytes", len);
	CHECK(record_chunk_decode(buf, len, &b) == 0, "chunk: decodes");
	CHECK(b.id == 2 && b.nchunks == 3 && b.threshold == 65536 && b.created == 1764000000 &&
	      uuid_compare(a.volume, b.volume) == 0 && memcmp(b.members, members, sizeof(members)) == 0,
	      "chunk: round trip keeps every field");
	record_chunk_done(&b);
	check_damage("chunk", buf, len, (decode_fn)record_chunk_decode, &b, (void (*)(void *))record_chunk_done);
}

static void test_state(void)
{
	struct record_state a = { .state = 2, .last_result = 4, .last_check = 1700000000, .last_repair = 1700000100,
				  .last_repair_result = 1, .errors_found = 7, .errors_fixed = 6,
				  .seq = 41, .witness = 40 }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	CHECK(record_state_encode(&a, &buf, &len) == 0 && len == RECORD_STATE_SIZE, "state: is %d bytes", RECORD_STATE_SIZE);
	CHECK(record_state_decode(buf, len, &b) == 0 && b.state == a.state && b.last_result == a.last_result &&
	      b.last_check == a.last_check && b.last_repair == a.last_repair && b.last_repair_result == a.last_repair_result &&
	      b.errors_found == a.errors_found && b.errors_fixed == a.errors_fixed && b.seq == a.seq &&
	      b.witness == a.witness, "state: round trip");
	check_damage("state", buf, len, (decode_fn)record_state_decode, &b, NULL);
}

static void test_head(void)
{
	struct chunk_ref conts[2] = { { 3, 12, 0xdeadbeef }, { 7, 99, 1 } };
	struct record_range ranges[3] = { { 0, 4096, 0 }, { 4096, 1 << 20, 1 }, { 1 << 20, 5 << 20, 2 } };
	struct record_head a = { .gen = 42, .kind = REF_FILE, .ncont = 2, .nranges = 3, .parent = 4711, .conts = conts,
				 .ranges = ranges }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	CHECK(record_head_encode(&a, &buf, &len) == 0, "head: encodes");
	CHECK(record_head_decode(buf, len, &b) == 0 && b.gen == 42 && b.ncont == 2 && b.nranges == 3 &&
	      b.conts[1].chunk == 7 && b.conts[0].gen == 0xdeadbeef && b.ranges[2].end == 5 << 20 &&
	      b.ranges[1].holder == 1 && b.parent == 4711, "head: round trip (the parent hint too)");
	record_head_done(&b);
	check_damage("head", buf, len, (decode_fn)record_head_decode, &b, (void (*)(void *))record_head_done);

	ranges[1].start = 100; /* overlaps range 0 */
	free(buf);
	buf = NULL;
	record_head_encode(&a, &buf, &len);
	CHECK(record_head_decode(buf, len, &b) == -EBADMSG, "head: overlapping ranges are refused");
	ranges[1].start = 4096;
	ranges[1].holder = 3; /* no third continuation */
	free(buf);
	buf = NULL;
	record_head_encode(&a, &buf, &len);
	CHECK(record_head_decode(buf, len, &b) == -EBADMSG, "head: a range held by a missing continuation is refused");
}

static void test_cont(void)
{
	struct record_range ranges[2] = { { 8192, 16384, 0 }, { 65536, 70000, 0 } };
	struct record_cont a = { .kind = REF_FILE, .gen = 5, .head = { 0, 2, 1 }, .prev = { 0, 2, 1 },
				 .next = { CHUNK_NONE, 0, 0 }, .nranges = 2, .ranges = ranges }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	CHECK(record_cont_encode(&a, &buf, &len) == 0 && len == 16 + 48 + 32 + 4, "cont: encodes to %zu bytes", len);
	CHECK(record_cont_decode(buf, len, &b) == 0 && b.gen == 5 && b.head.ino == 2 && b.next.chunk == CHUNK_NONE &&
	      b.nranges == 2 && b.ranges[1].end == 70000, "cont: round trip");
	record_cont_done(&b);
	check_damage("cont", buf, len, (decode_fn)record_cont_decode, &b, (void (*)(void *))record_cont_done);
	free(buf);
	buf = NULL;
	a.flags = CONT_FLAG_RELEASED;
	CHECK(record_cont_encode(&a, &buf, &len) == 0 && record_cont_decode(buf, len, &b) == 0 &&
	      b.flags == CONT_FLAG_RELEASED && b.gen == 5, "cont: the released flag round trips");
	record_cont_done(&b);
	free(buf);
	buf = NULL;
	a.flags = 2;
	CHECK(record_cont_encode(&a, &buf, &len) == 0 && record_cont_decode(buf, len, &b) == -EBADMSG,
	      "cont: an unknown flag bit is refused");
}

/* Field by field: the structs' padding is not part of what was encoded. */
static bool same_refs(const struct index_ref *a, const struct index_ref *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].kind != b[i].kind || a[i].dir != b[i].dir || a[i].local_ino != b[i].local_ino ||
		    a[i].local_gen != b[i].local_gen || a[i].peer_ino != b[i].peer_ino || a[i].peer_gen != b[i].peer_gen)
			return false;
	return true;
}

static void test_index(void)
{
	struct index_ref refs[3] = { { REF_FILE, REF_OUT, 12, 1, 40, 2 }, { REF_DIR, REF_OUT, 13, 1, 41, 2 },
				     { REF_FILE, REF_IN, 20, 5, 7, 9 } };
	struct record_index a = { .chunk = 1, .peer = 4, .count = 3, .refs = refs }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	CHECK(record_index_encode(&a, &buf, &len) == 0 && len == 16 + 8 + 60 + 4, "index: encodes to %zu bytes", len);
	CHECK(record_index_decode(buf, len, &b) == 0 && b.count == 3 && b.peer == 4 && same_refs(b.refs, refs, 3),
	      "index: round trip");
	record_index_done(&b);
	check_damage("index", buf, len, (decode_fn)record_index_decode, &b, (void (*)(void *))record_index_done);
	refs[2] = refs[0];
	free(buf);
	buf = NULL;
	record_index_encode(&a, &buf, &len);
	CHECK(record_index_decode(buf, len, &b) == -EBADMSG, "index: unsorted or duplicate references are refused");
}

static void test_peers(void)
{
	struct peer_count peers[2] = { { 1, 10 }, { 9, 3 } };
	struct record_peers a = { .chunk = 0, .npeers = 2, .peers = peers }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	CHECK(record_peers_encode(&a, &buf, &len) == 0, "peers: encodes");
	CHECK(record_peers_decode(buf, len, &b) == 0 && b.npeers == 2 && b.peers[1].peer == 9 && b.peers[1].refs == 3,
	      "peers: round trip");
	record_peers_done(&b);
	check_damage("peers", buf, len, (decode_fn)record_peers_decode, &b, (void (*)(void *))record_peers_done);
}

/* The name of a continuation in /.chunkfs/cont: "%04u-%08x-%08x" of its head. */
static void test_cont_name(void)
{
	static const struct chunk_ref refs[] = {
		{ .chunk = 0, .ino = 0, .gen = 0 }, { .chunk = 7, .ino = 0x13, .gen = 0xd8a1b0b3 },
		{ .chunk = 4095, .ino = 0xffffffff, .gen = 0x0000abcd }, { .chunk = 9999, .ino = 12, .gen = 1 },
		{ .chunk = 10000, .ino = 0x1234, .gen = 0xfedcba98 }, { .chunk = 65535, .ino = 1, .gen = 2 },
	};
	int ok = 1;

	for (size_t i = 0; i < ELEMENTSOF(refs); i++) {
		char got[32], want[32];
		memset(got, 'x', sizeof(got));
		chunk_cont_name(&refs[i], got);
		snprintf(want, sizeof(want), "%04u-%08x-%08x", refs[i].chunk, refs[i].ino, refs[i].gen);
		if (strcmp(got, want) != 0) {
			printf("# %s, not %s\n", got, want);
			ok = 0;
		}
	}
	CHECK(ok, "continuation names are CCCC-IIIIIIII-GGGGGGGG of the head, for chunks 0 to 65535");
}

static void test_losses(void)
{
	char longname[600];
	struct loss_entry e[40];
	struct record_losses a = { .seq = 7, .last = 1764000000, .count = 41, .nentries = 40, .entries = e }, b;
	_cleanup_free_ void *buf = NULL;
	size_t len;

	memset(longname, 'x', sizeof(longname) - 1);
	longname[0] = '/';
	longname[sizeof(longname) - 1] = 0;
	for (int i = 0; i < 40; i++)
		e[i] = (struct loss_entry) { .kind = LOSS_DATA, .ino = (1ull << 32) | (uint64_t)(12 + i), .bytes = 4096,
					     .path = i == 2 ? NULL : i == 3 ? (char *)"/a/b\nc" : longname };
	e[1].kind = LOSS_MOVED;
	e[1].moved_to = (char *)"/lost+found/chunk1/x";
	CHECK(record_losses_encode(&a, &buf, &len) == 0 && len <= LOSSES_RECORD_MAX, "losses: encodes to %zu bytes", len);
	CHECK(record_losses_decode(buf, len, &b) == 0, "losses: decodes");
	CHECK(b.seq == 7 && b.last == 1764000000 && b.count == 41, "losses: seq, time and count survive");
	CHECK(b.nentries > 3 && b.nentries < 40, "losses: %u of 40 entries kept, as many as fit", b.nentries);
	CHECK(b.entries[1].kind == LOSS_MOVED && strcmp(b.entries[1].moved_to, "/lost+found/chunk1/x") == 0 &&
	      b.entries[0].moved_to == NULL && b.entries[2].path == NULL && strcmp(b.entries[3].path, "/a/b\nc") == 0 &&
	      strcmp(b.entries[0].path, longname) == 0 && b.entries[0].ino == ((1ull << 32) | 12) && b.entries[0].bytes == 4096,
	      "losses: entries round trip, a missing path too");
	record_losses_done(&b);
	check_damage("losses", buf, len, (decode_fn)record_losses_decode, &b, (void (*)(void *))record_losses_done);
}

/* The rename record: fixed size, names of any bytes but '/' and NUL, each refused when empty. */
static void test_rename(void)
{
	struct record_rename a = { .ino = 12, .gen = 0x8badf00d, .spart = 2, .dpart = 14, .sdir = 2,
				   .ddir = (uint64_t)3 << 32 | 17, .target = { 3, 21, 77 } }, b;
	_cleanup_free_ void *buf = NULL, *bad = NULL;
	_cleanup_free_ uint8_t *block = calloc(1, 4096);
	size_t len;

	strcpy(a.sname, "a");
	memset(a.dname, 'x', 255);
	CHECK(record_rename_encode(&a, &buf, &len) == 0 && len == RECORD_RENAME_SIZE, "rename: is %d bytes",
	      RECORD_RENAME_SIZE);
	CHECK(record_rename_decode(buf, len, &b) == 0 && b.ino == 12 && b.gen == 0x8badf00d && b.spart == 2 &&
	      b.dpart == 14 && b.sdir == 2 && b.ddir == a.ddir && b.target.chunk == 3 && b.target.ino == 21 &&
	      b.target.gen == 77 && strcmp(b.sname, "a") == 0 && strcmp(b.dname, a.dname) == 0,
	      "rename: round trip keeps every field, a name of 255 bytes too");
	memcpy(block, buf, len);
	CHECK(record_rename_decode(block, 4096, &b) == 0 && b.ino == 12, "rename: read back from its zero-padded block");
	memset(block, 0, 4096);
	CHECK(record_rename_decode(block, 4096, &b) == -EBADMSG, "rename: a cleared block is no record");
	check_damage("rename", buf, len, (decode_fn)record_rename_decode, &b, NULL);
	a.flags = RENAME_FLAG_EXCHANGE | RENAME_FLAG_FIRST;
	free(buf);
	buf = NULL;
	CHECK(record_rename_encode(&a, &buf, &len) == 0 && record_rename_decode(buf, len, &b) == 0 &&
	      b.flags == (RENAME_FLAG_EXCHANGE | RENAME_FLAG_FIRST), "rename: an exchange's flags round trip");
	a.flags = RENAME_FLAG_FIRST;
	free(bad);
	bad = NULL;
	CHECK(record_rename_encode(&a, &bad, &len) == 0 && record_rename_decode(bad, len, &b) == -EBADMSG,
	      "rename: FIRST without EXCHANGE is no record");
	a.flags = 0x4;
	free(bad);
	bad = NULL;
	CHECK(record_rename_encode(&a, &bad, &len) == 0 && record_rename_decode(bad, len, &b) == -EBADMSG,
	      "rename: a flag this reader does not know makes the record unreadable, not settled wrongly");
	a.flags = RENAME_FLAG_EXCHANGE;
	a.target.chunk = CHUNK_NONE;
	free(bad);
	bad = NULL;
	CHECK(record_rename_encode(&a, &bad, &len) == 0 && record_rename_decode(bad, len, &b) == -EBADMSG,
	      "rename: an exchange with no other inode is no record");
	free(bad);
	bad = NULL;
	a.flags = 0;
	a.sname[0] = '\0';
	CHECK(record_rename_encode(&a, &bad, &len) == -EINVAL, "rename: an empty name is refused");
	strcpy(a.sname, "a/b");
	CHECK(record_rename_encode(&a, &bad, &len) == -EINVAL, "rename: a name with a slash is refused");
}

/* The name record: the part, the directory and a name of 1-255 bytes without '/'. */
static void test_name(void)
{
	struct record_name a = { .ldir = 14, .dir = (uint64_t)3 << 32 | 17 }, b;
	_cleanup_free_ void *buf = NULL, *bad = NULL;
	size_t len;

	memset(a.name, 'n', 255);
	CHECK(record_name_encode(&a, &buf, &len) == 0 && record_name_decode(buf, len, &b) == 0 && b.ldir == 14 &&
	      b.dir == a.dir && strcmp(b.name, a.name) == 0, "name: round trip, a name of 255 bytes too");
	check_damage("name", buf, len, (decode_fn)record_name_decode, &b, NULL);
	strcpy(a.name, "a/b");
	CHECK(record_name_encode(&a, &bad, &len) == -EINVAL, "name: a name with a slash is refused");
	a.name[0] = '\0';
	CHECK(record_name_encode(&a, &bad, &len) == -EINVAL, "name: an empty name is refused");
}

int main(void)
{
	test_name();
	test_cont_name();
	test_chunk();
	test_state();
	test_head();
	test_cont();
	test_index();
	test_peers();
	test_losses();
	test_rename();
	return test_exit();
}
