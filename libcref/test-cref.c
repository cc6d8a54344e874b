/* Unit tests of cref's arithmetic: chunk mapping, the counting rules, the pair table, the
 * disk models and the JSON report. No file system involved (tests/t5*-cref*.sh do that). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "libcref/cref.h"
#include "libchunk/base/test-assert.h"

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9 * fmax(1, fabs(b));
}

/* 1 KiB blocks, first data block 1, 1024 blocks and 16 inodes per group, 16 groups. */
static struct cref_geometry small_fs(uint32_t groups_per_chunk)
{
	return (struct cref_geometry){
		.first_data_block = 1, .blocks_count = 16385, .blocks_per_group = 1024,
		.inodes_per_group = 16, .inodes_count = 256, .groups = 16,
		.groups_per_chunk = groups_per_chunk, .block_size = 1024,
	};
}

static uint64_t group_block(uint32_t group, uint32_t i)
{
	return 1 + (uint64_t)group * 1024 + i;
}

static uint32_t group_inode(uint32_t group, uint32_t i)
{
	return group * 16 + 1 + i;
}

static void test_geometry(void)
{
	struct cref_geometry g = small_fs(2);

	CHECK(cref_groups_per_chunk(1 << 20, 1 << 20) == 1, "a chunk of one group's size is one group");
	CHECK(cref_groups_per_chunk(1000, 1 << 20) == 1, "a chunk smaller than a group is still one group");
	CHECK(cref_groups_per_chunk((5 << 20) / 2, 1 << 20) == 2, "2.5 groups round down to 2");
	CHECK(cref_groups_per_chunk(1ULL << 30, 128ULL << 20) == 8, "1G of 128M groups is 8 groups");
	CHECK(cref_geometry_chunks(&g) == 8, "16 groups make 8 chunks of 2");
	g.groups = 17;
	CHECK(cref_geometry_chunks(&g) == 9, "a short last chunk counts");
	g.groups = 16;
	CHECK(cref_geometry_chunk_bytes(&g) == 2 << 20, "chunk bytes are whole groups");
	CHECK(cref_chunk_of_block(&g, 1) == 0 && cref_chunk_of_block(&g, 2048) == 0 &&
	   cref_chunk_of_block(&g, 2049) == 1, "blocks map past the first data block");
	CHECK(cref_chunk_of_inode(&g, 1) == 0 && cref_chunk_of_inode(&g, 32) == 0 &&
	   cref_chunk_of_inode(&g, 33) == 1, "inode 33 starts the second chunk");
	CHECK(!cref_geometry_block_valid(&g, 0) && !cref_geometry_block_valid(&g, 16385) &&
	   cref_geometry_block_valid(&g, 16384), "block 0 and past the end are invalid");
}

static void test_intra_file(void)
{
	struct cref_geometry g = small_fs(1);
	struct cref_counter all, data;

	CHECK(cref_counter_init(&all, &g, CREF_RULE_ALL) == 0 && cref_counter_init(&data, &g, CREF_RULE_DATA_ONLY) == 0,
	   "counters initialise");
	/* inode in group 3; data in groups 3 (twice) and 5; an indirect block in group 7 */
	for (int k = 0; k < 2; k++) {
		struct cref_counter *c = k ? &data : &all;
		cref_counter_file_begin(c, group_inode(3, 4));
		cref_counter_file_blocks(c, group_block(3, 100), 2, true);
		cref_counter_file_blocks(c, group_block(5, 0), 1, true);
		cref_counter_file_blocks(c, group_block(3, 300), 1, true);
		cref_counter_file_blocks(c, group_block(7, 9), 1, false);
		cref_counter_file_end(c);
	}
	CHECK(all.intra_file_refs == 2, "all: inode 3 + data 3,5 + tree 7 is 2 references");
	CHECK(cref_pair_table_get(&all.pairs, 3, 5) == 1 && cref_pair_table_get(&all.pairs, 7, 3) == 1,
	   "all: the references run from the inode's chunk");
	CHECK(data.intra_file_refs == 1, "data-only: data in 3,5 is 1 reference, the tree block ignored");

	/* inode in group 2, data only in group 9: data-only sees one chunk, so none */
	cref_counter_file_begin(&all, group_inode(2, 0));
	cref_counter_file_blocks(&all, group_block(9, 0), 10, true);
	cref_counter_file_end(&all);
	cref_counter_file_begin(&data, group_inode(2, 0));
	cref_counter_file_blocks(&data, group_block(9, 0), 10, true);
	cref_counter_file_end(&data);
	CHECK(all.intra_file_refs == 3 && data.intra_file_refs == 1, "an inode away from its data counts under all only");

	/* one extent across groups 10..12 touches all three */
	cref_counter_file_begin(&all, group_inode(10, 0));
	cref_counter_file_blocks(&all, group_block(10, 1000), 2000, true);
	cref_counter_file_end(&all);
	CHECK(all.intra_file_refs == 5, "an extent spanning three groups adds two");
	CHECK(cref_counter_file_blocks(&all, 16380, 10, true) < 0, "a range past the end is refused");
	CHECK(all.chunk_refs[3] == 2 && all.chunk_refs[10] == 2, "per-chunk counts have both ends");
	cref_counter_done(&all);
	cref_counter_done(&data);
}

static void test_directories(void)
{
	struct cref_geometry g = small_fs(2);
	struct cref_counter c;

	cref_counter_init(&c, &g, CREF_RULE_ALL);
	/* directory in chunk 0; files in chunks 0, 1, 1, 3; subdirectories in chunks 1 and 0 */
	cref_counter_dir_begin(&c, group_inode(1, 0));
	cref_counter_dir_entry(&c, group_inode(0, 12), false);
	cref_counter_dir_entry(&c, group_inode(2, 0), false);
	cref_counter_dir_entry(&c, group_inode(3, 1), false);
	cref_counter_dir_entry(&c, group_inode(7, 0), false);
	cref_counter_dir_entry(&c, group_inode(2, 5), true);
	cref_counter_dir_entry(&c, group_inode(1, 5), true);
	cref_counter_dir_end(&c);
	CHECK(c.dir_file_refs == 2, "files in chunks 1 and 3 of a directory in chunk 0 are 2 references");
	CHECK(c.dir_subdir_refs == 1, "a subdirectory in chunk 1 is 1, one in chunk 0 none");
	CHECK(cref_pair_table_get(&c.pairs, 0, 1) == 2, "chunk 0-1 carries a file and a subdirectory reference");
	CHECK(cref_counter_dir_entry(&c, 0, false) < 0 && cref_counter_dir_entry(&c, 257, false) < 0,
	   "entries naming impossible inodes are refused");
	CHECK(cref_counter_total(&c) == 3 && cref_counter_busiest(&c) == 0 && c.chunk_refs[0] == 3,
	   "chunk 0 is the busiest with 3");
	cref_counter_done(&c);
}

static void test_pair_table_grows(void)
{
	struct cref_geometry g = small_fs(1);
	struct cref_counter c;
	bool all = true;

	g.groups = 400;
	g.inodes_count = 400 * 16;
	g.blocks_count = 1 + 400 * 1024ULL;
	cref_counter_init(&c, &g, CREF_RULE_ALL);
	for (uint32_t i = 1; i < 400; i++) {
		cref_counter_dir_begin(&c, group_inode(0, 0));
		for (uint32_t j = 0; j <= i % 3; j++)
			cref_counter_dir_entry(&c, group_inode(i, 0), false);
		cref_counter_dir_end(&c);
	}
	for (uint32_t i = 1; i < 400; i++)
		all = all && cref_pair_table_get(&c.pairs, 0, i) == 1;
	CHECK(all && c.pairs.used == 399, "399 pairs survive the table growing");
	CHECK(c.chunk_refs[0] == 399, "the hub chunk counts each once");
	cref_counter_done(&c);
}

static void test_models(void)
{
	struct cref_geometry g = small_fs(8);
	struct cref_model m;
	struct cref_estimate e;
	struct cref_counter c;

	CHECK(cref_model_lookup("hdd-2007", &m) == 0 && near(cref_model_access_ms(&m), 8 + 30000.0 / 7200),
	   "hdd-2007: 8 ms seek + half a 7200 rpm turn");
	CHECK(cref_model_lookup("hdd-2013", &m) == 0 && near(cref_model_access_ms(&m), (8 + 30000.0 / 7200) / 1.2) &&
	   near(m.bandwidth_mb_s, 350), "hdd-2013: access 1.2x faster, bandwidth 5x");
	CHECK(cref_model_lookup("ssd", &m) == 0 && near(cref_model_access_ms(&m), 0.1), "ssd: 0.1 ms, no rotation");
	CHECK(cref_model_lookup("floppy", &m) < 0, "unknown models are refused");

	cref_counter_init(&c, &g, CREF_RULE_ALL);
	cref_counter_file_begin(&c, group_inode(0, 0));
	cref_counter_file_blocks(&c, group_block(8, 0), 1, true);
	cref_counter_file_end(&c);
	cref_counter_add_meta(&c, 0, 7000000);
	cref_counter_add_meta(&c, 1, 14000000);
	m = (struct cref_model){ "test", 9.0, 0, 70 };
	cref_estimate(&c, &m, &e);
	CHECK(near(e.max_refs_s, 0.009) && near(e.avg_refs_s, 0.009), "one reference per chunk costs one access");
	CHECK(near(e.avg_check_s, (0.1 + 0.2) / 2 + 0.009) && near(e.max_check_s, 0.209) && e.worst_chunk == 1,
	   "chunk check = metadata / bandwidth + its references");
	CHECK(near(e.whole_fs_s, 0.3), "the whole file system reads all metadata once");
	cref_counter_done(&c);
}

/* KEY of O written as compact JSON ("" if O has no KEY). */
static const char *compact(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return "";
	return json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

/* The report written out and read back, as a script would see it. */
static struct json_object *round_trip(struct json_object *o)
{
	const char *s = json_object_to_json_string_ext(o, JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);

	return s ? json_tokener_parse(s) : NULL;
}

static void test_json(void)
{
	struct cref_geometry g = small_fs(4);
	struct cref_counter c;
	struct cref_stats st = { .device = "/dev/a\"b\\c\n\x01.img", .fs_type = "ext4", .files = 7 };
	struct cref_model m = { "ssd", 0.1, 0, 500 };
	struct cref_report r = { .stats = &st, .models = &m, .n_models = 1, .adjacency = true };
	struct json_object *o, *back;
	const char *device;

	cref_counter_init(&c, &g, CREF_RULE_ALL);
	cref_counter_dir_begin(&c, group_inode(0, 1));
	cref_counter_dir_entry(&c, group_inode(5, 0), true);
	cref_counter_dir_entry(&c, group_inode(13, 0), false);
	cref_counter_dir_end(&c);
	o = cref_report_to_json(&r, &c);
	back = round_trip(o);
	device = json_object_get_string(json_object_object_get(back, "path"));
	CHECK(json_object_is_type(back, json_type_object), "JSON is one object that parses");
	CHECK(device && strcmp(device, st.device) == 0,
	   "the device name comes back as it was given");
	CHECK(strcmp(compact(o, "files"), "7") == 0 && strcmp(compact(o, "chunks"), "4") == 0 &&
	      strcmp(compact(o, "chunk_size_bytes"), "4194304") == 0, "JSON has files, chunks, chunk_size_bytes");
	CHECK(strcmp(compact(o, "dir_file_refs"), "1") == 0 && strcmp(compact(o, "dir_subdir_refs"), "1") == 0 &&
	      strcmp(compact(o, "dir_refs"), "2") == 0 && strcmp(compact(o, "total_refs"), "2") == 0,
	   "JSON has the reference counts");
	CHECK(strcmp(compact(o, "busiest"), "{\"chunk\":0,\"refs\":2,\"peers\":{\"1\":1,\"3\":1}}") == 0,
	   "JSON names the busiest chunk and its peers");
	CHECK(strcmp(compact(o, "per_chunk_refs"), "[2,1,0,1]") == 0 &&
	      strcmp(compact(o, "adjacency"), "[[0,1,1],[0,3,1]]") == 0,
	   "JSON lists per-chunk counts and the adjacency");
	CHECK(strcmp(compact(o, "models"), "[{\"name\":\"ssd\",\"seek_ms\":0.1,\"rotation_rpm\":0,"
			"\"bandwidth_mb_s\":500,\"access_ms\":0.1,\"avg_refs_s\":0.0001,\"max_refs_s\":0.0002,"
			"\"avg_check_s\":0.0001,\"max_check_s\":0.0002,\"chunk\":0,\"whole_fs_s\":0}]") == 0,
	   "estimates keep six significant digits");
	json_object_put(back);
	json_object_put(o);

	st.device = "/dev/\xff";
	o = cref_report_to_json(&r, &c);
	CHECK(strcmp(compact(o, "path"), "[47,100,101,118,47,255]") == 0, "a device name not in UTF-8 is its bytes");
	json_object_put(o);
	cref_counter_done(&c);
}

int main(void)
{
	test_geometry();
	test_intra_file();
	test_directories();
	test_pair_table_grows();
	test_models();
	test_json();
	return test_exit();
}
