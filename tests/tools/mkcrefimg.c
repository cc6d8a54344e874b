/* mkcrefimg: place inodes and blocks of a fresh ext2/3/4 image (made by mke2fs) in chosen
 * block groups, so that the cref tests know every cross-chunk reference in advance.
 *
 * Usage: mkcrefimg IMAGE SPEC   (SPEC "-" is stdin). One object per line:
 *   dir PATH igroup=G [blocks=...] [tree=G] [map=extents|blocks]   directory (default: 1 block in G)
 *   file PATH igroup=G [blocks=...] [tree=G] [map=extents|blocks] [size=BYTES]
 *   inline PATH igroup=G text=WORD       regular file with inline data (needs -O inline_data)
 *   inlinedir PATH igroup=G              directory with inline data (needs -O inline_data)
 *   fifo PATH igroup=G                   a special file
 *   symlink PATH igroup=G target=TEXT    a fast symlink
 *   link PATH TARGET                     another name for TARGET's inode
 * blocks=L:G:N[,L:G:N...] maps logical blocks L..L+N-1 to N contiguous blocks taken from
 * group G. tree=G puts the extent leaf (depth-1 tree) or the indirect block in group G;
 * without it at most 4 extents / 12 direct blocks fit. Under bigalloc every run starts a
 * cluster, so give runs logical starts that are multiples of the cluster ratio.
 * '#' starts a comment.
 * Prints "PATH ino=N" for each object created. */
#include <ext2fs/ext2fs.h>
#include <ext2fs/ext3_extents.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RUNS 64

struct run {
	uint32_t lblk, group, count;
	blk64_t pblk;
};

struct object {
	char kind[16], path[512], target[512], text[64];
	long igroup, tree;
	int extents; /* -1: the file system's default */
	unsigned long long size;
	struct run runs[MAX_RUNS];
	int n_runs;
};

static ext2_filsys fs;
static const char *spec_name;
static int lineno;

__attribute__((format(printf, 2, 3), noreturn))
static void die(errcode_t err, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mkcrefimg: %s:%d: ", spec_name, lineno);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (err)
		fprintf(stderr, ": %s", error_message(err));
	fputc('\n', stderr);
	exit(1);
}

#define check(err, ...) do { errcode_t _e = (err); if (_e) die(_e, __VA_ARGS__); } while (0)

static void parse_runs(struct object *o, char *v)
{
	for (char *tok = strtok(v, ","); tok; tok = strtok(NULL, ",")) {
		struct run *r = &o->runs[o->n_runs];

		if (o->n_runs >= MAX_RUNS || sscanf(tok, "%u:%u:%u", &r->lblk, &r->group, &r->count) != 3 ||
		    r->count == 0)
			die(0, "bad block run '%s' (want LBLK:GROUP:COUNT)", tok);
		o->n_runs++;
	}
}

static void parse_line(char *line, struct object *o)
{
	char *save = NULL, *tok;

	*o = (struct object){ .igroup = -1, .tree = -1, .extents = -1 };
	tok = strtok_r(line, " \t", &save);
	snprintf(o->kind, sizeof(o->kind), "%s", tok);
	tok = strtok_r(NULL, " \t", &save);
	if (!tok || tok[0] != '/')
		die(0, "'%s' needs an absolute PATH", o->kind);
	snprintf(o->path, sizeof(o->path), "%s", tok);
	while ((tok = strtok_r(NULL, " \t", &save))) {
		char *eq = strchr(tok, '=');

		if (!eq) {
			snprintf(o->target, sizeof(o->target), "%s", tok);
			continue;
		}
		*eq++ = '\0';
		if (strcmp(tok, "igroup") == 0)
			o->igroup = strtol(eq, NULL, 0);
		else if (strcmp(tok, "tree") == 0)
			o->tree = strtol(eq, NULL, 0);
		else if (strcmp(tok, "blocks") == 0)
			parse_runs(o, eq);
		else if (strcmp(tok, "map") == 0)
			o->extents = strcmp(eq, "extents") == 0;
		else if (strcmp(tok, "size") == 0)
			o->size = strtoull(eq, NULL, 0);
		else if (strcmp(tok, "text") == 0)
			snprintf(o->text, sizeof(o->text), "%s", eq);
		else if (strcmp(tok, "target") == 0)
			snprintf(o->target, sizeof(o->target), "%s", eq);
		else
			die(0, "unknown key '%s'", tok);
	}
}

/* Splits PATH into the parent's inode and the last name. */
static ext2_ino_t parent_of(const char *path, char *name, size_t n)
{
	char dir[512];
	const char *slash = strrchr(path, '/');
	ext2_ino_t ino;

	snprintf(name, n, "%s", slash + 1);
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if (dir[0] == '\0')
		return EXT2_ROOT_INO;
	check(ext2fs_namei(fs, EXT2_ROOT_INO, EXT2_ROOT_INO, dir, &ino), "parent of %s", path);
	return ino;
}

static ext2_ino_t inode_in_group(long group, int mode, const char *path)
{
	ext2_ino_t ino;

	if (group < 0 || group >= (long)fs->group_desc_count)
		die(0, "%s: igroup= missing or outside the file system", path);
	check(ext2fs_new_inode(fs, (ext2_ino_t)group * fs->super->s_inodes_per_group + 1, mode, NULL, &ino),
	      "no free inode for %s", path);
	if ((long)((ino - 1) / fs->super->s_inodes_per_group) != group)
		die(0, "%s: its group is full", path);
	return ino;
}

static blk64_t blocks_in_group(uint32_t group, uint32_t count, const char *path)
{
	blk64_t first, last, blk;

	if (group >= fs->group_desc_count)
		die(0, "%s: a block group outside the file system", path);
	first = ext2fs_group_first_block2(fs, group);
	last = ext2fs_group_last_block2(fs, group);
	check(ext2fs_get_free_blocks2(fs, first, last + 1, count, fs->block_map, &blk),
	      "no room for %s's blocks", path);
	if (blk < first || blk + count - 1 > last)
		die(0, "%s: no contiguous run that large in its group", path);
	/* one call per cluster: that is what the group's free count is kept in under bigalloc */
	for (blk64_t b = blk; b < blk + count; b += EXT2FS_CLUSTER_RATIO(fs))
		ext2fs_block_alloc_stats2(fs, b, +1);
	return blk;
}

static void write_block(blk64_t blk, const void *buf, const char *path)
{
	check(io_channel_write_blk64(fs->io, blk, 1, buf), "writing a block of %s", path);
}

static void map_extents(struct object *o, ext2_ino_t ino, struct ext2_inode *inode, blk64_t *tree_blocks)
{
	struct ext3_extent_header *root = (struct ext3_extent_header *)inode->i_block, *eh = root;
	char *leaf = NULL;
	struct ext3_extent *ex;

	inode->i_flags |= EXT4_EXTENTS_FL;
	root->eh_magic = ext2fs_cpu_to_le16(EXT3_EXT_MAGIC);
	root->eh_max = ext2fs_cpu_to_le16(4);
	if (o->tree >= 0) {
		struct ext3_extent_idx *ix = (struct ext3_extent_idx *)(root + 1);
		blk64_t lb = blocks_in_group((uint32_t)o->tree, 1, o->path);

		leaf = calloc(1, fs->blocksize);
		root->eh_entries = ext2fs_cpu_to_le16(1);
		root->eh_depth = ext2fs_cpu_to_le16(1);
		ix->ei_block = 0;
		ix->ei_leaf = ext2fs_cpu_to_le32((uint32_t)lb);
		ix->ei_leaf_hi = ext2fs_cpu_to_le16((uint16_t)(lb >> 32));
		eh = (struct ext3_extent_header *)leaf;
		eh->eh_magic = ext2fs_cpu_to_le16(EXT3_EXT_MAGIC);
		eh->eh_max = ext2fs_cpu_to_le16((fs->blocksize - sizeof(*eh)) / sizeof(*ex));
		*tree_blocks = lb;
	} else if (o->n_runs > 4) {
		die(0, "%s: more than 4 extents need tree=G", o->path);
	}
	eh->eh_entries = ext2fs_cpu_to_le16(o->n_runs);
	ex = (struct ext3_extent *)(eh + 1);
	for (int i = 0; i < o->n_runs; i++) {
		ex[i].ee_block = ext2fs_cpu_to_le32(o->runs[i].lblk);
		ex[i].ee_len = ext2fs_cpu_to_le16((uint16_t)o->runs[i].count);
		ex[i].ee_start = ext2fs_cpu_to_le32((uint32_t)o->runs[i].pblk);
		ex[i].ee_start_hi = ext2fs_cpu_to_le16((uint16_t)(o->runs[i].pblk >> 32));
	}
	if (leaf) {
		if (ext2fs_has_feature_metadata_csum(fs->super))
			check(ext2fs_extent_block_csum_set(fs, ino, eh), "checksum of %s's extent block", o->path);
		write_block(*tree_blocks, leaf, o->path);
		free(leaf);
	}
}

static void map_blocks(struct object *o, struct ext2_inode *inode, blk64_t *tree_blocks)
{
	uint32_t per_block = fs->blocksize / 4;
	__u32 *ind = NULL;

	for (int i = 0; i < o->n_runs; i++) {
		for (uint32_t k = 0; k < o->runs[i].count; k++) {
			uint32_t l = o->runs[i].lblk + k;
			blk64_t p = o->runs[i].pblk + k;

			if (l < EXT2_NDIR_BLOCKS) {
				inode->i_block[l] = (__u32)p;
				continue;
			}
			if (l >= EXT2_NDIR_BLOCKS + per_block)
				die(0, "%s: mkcrefimg maps single indirect blocks only", o->path);
			if (!ind) {
				if (o->tree < 0)
					die(0, "%s: blocks past 12 need tree=G for the indirect block", o->path);
				ind = calloc(1, fs->blocksize);
				*tree_blocks = blocks_in_group((uint32_t)o->tree, 1, o->path);
				inode->i_block[EXT2_IND_BLOCK] = (__u32)*tree_blocks;
			}
			ind[l - EXT2_NDIR_BLOCKS] = ext2fs_cpu_to_le32((__u32)p);
		}
	}
	if (ind) {
		write_block(*tree_blocks, ind, o->path);
		free(ind);
	}
}

static void fill_dir_blocks(struct object *o, ext2_ino_t ino, ext2_ino_t parent)
{
	for (int i = 0; i < o->n_runs; i++) {
		for (uint32_t k = 0; k < o->runs[i].count; k++) {
			char *buf;
			bool first = o->runs[i].lblk + k == 0;

			check(ext2fs_new_dir_block(fs, first ? ino : 0, first ? parent : 0, &buf),
			      "directory block of %s", o->path);
			check(ext2fs_write_dir_block4(fs, o->runs[i].pblk + k, buf, 0, ino),
			      "writing directory block of %s", o->path);
			ext2fs_free_mem(&buf);
		}
	}
}

static void bump_links(ext2_ino_t ino)
{
	struct ext2_inode inode;

	check(ext2fs_read_inode(fs, ino, &inode), "inode of %s", "parent");
	inode.i_links_count++;
	check(ext2fs_write_inode(fs, ino, &inode), "inode of %s", "parent");
}

/* A file or directory with its blocks where the spec says. */
static ext2_ino_t make_mapped(struct object *o, bool is_dir)
{
	struct ext2_inode inode = {};
	char name[256];
	ext2_ino_t parent = parent_of(o->path, name, sizeof(name)), ino;
	blk64_t tree = 0;
	uint64_t end = 0, nclusters = 0;
	int extents = o->extents >= 0 ? o->extents : ext2fs_has_feature_extents(fs->super);

	if (is_dir && o->n_runs == 0) {
		o->runs[0] = (struct run){ .lblk = 0, .group = (uint32_t)o->igroup, .count = 1 };
		o->n_runs = 1;
	}
	ino = inode_in_group(o->igroup, is_dir ? LINUX_S_IFDIR : LINUX_S_IFREG, o->path);
	ext2fs_inode_alloc_stats2(fs, ino, +1, is_dir);
	for (int i = 0; i < o->n_runs; i++) {
		o->runs[i].pblk = blocks_in_group(o->runs[i].group, o->runs[i].count, o->path);
		nclusters += (o->runs[i].count + EXT2FS_CLUSTER_RATIO(fs) - 1) / EXT2FS_CLUSTER_RATIO(fs);
		if ((uint64_t)o->runs[i].lblk + o->runs[i].count > end)
			end = (uint64_t)o->runs[i].lblk + o->runs[i].count;
	}
	inode.i_mode = (is_dir ? LINUX_S_IFDIR | 0755 : LINUX_S_IFREG | 0644);
	inode.i_links_count = is_dir ? 2 : 1;
	inode.i_atime = inode.i_ctime = inode.i_mtime = fs->now ? fs->now : 1700000000;
	if (extents)
		map_extents(o, ino, &inode, &tree);
	else
		map_blocks(o, &inode, &tree);
	if (tree)
		nclusters++;
	check(ext2fs_iblk_set(fs, &inode, nclusters), "block count of %s", o->path);
	check(ext2fs_inode_size_set(fs, &inode, o->size ? o->size : end * fs->blocksize), "size of %s", o->path);
	check(ext2fs_write_new_inode(fs, ino, &inode), "writing inode of %s", o->path);
	if (is_dir)
		fill_dir_blocks(o, ino, parent);
	check(ext2fs_link(fs, parent, name, ino, is_dir ? EXT2_FT_DIR : EXT2_FT_REG_FILE), "linking %s", o->path);
	if (is_dir)
		bump_links(parent);
	return ino;
}

static ext2_ino_t make_small(struct object *o)
{
	char name[256];
	ext2_ino_t parent = parent_of(o->path, name, sizeof(name)), ino;

	if (strcmp(o->kind, "inlinedir") == 0) {
		ino = inode_in_group(o->igroup, LINUX_S_IFDIR, o->path);
		check(ext2fs_mkdir(fs, parent, ino, name), "making directory %s", o->path);
	} else if (strcmp(o->kind, "symlink") == 0) {
		ino = inode_in_group(o->igroup, LINUX_S_IFLNK, o->path);
		check(ext2fs_symlink(fs, parent, ino, name, o->target), "making symlink %s", o->path);
	} else {
		struct ext2_inode inode = {};
		bool fifo = strcmp(o->kind, "fifo") == 0;

		ino = inode_in_group(o->igroup, fifo ? LINUX_S_IFIFO : LINUX_S_IFREG, o->path);
		ext2fs_inode_alloc_stats2(fs, ino, +1, 0);
		inode.i_mode = fifo ? LINUX_S_IFIFO | 0644 : LINUX_S_IFREG | 0644;
		inode.i_links_count = 1;
		inode.i_atime = inode.i_ctime = inode.i_mtime = 1700000000;
		if (!fifo)
			inode.i_flags = EXT4_INLINE_DATA_FL;
		check(ext2fs_write_new_inode(fs, ino, &inode), "writing inode of %s", o->path);
		if (!fifo) {
			check(ext2fs_inline_data_init(fs, ino), "inline data of %s", o->path);
			check(ext2fs_inline_data_set(fs, ino, &inode, o->text, strlen(o->text)),
			      "inline data of %s", o->path);
		}
		check(ext2fs_link(fs, parent, name, ino, fifo ? EXT2_FT_FIFO : EXT2_FT_REG_FILE), "linking %s",
		      o->path);
	}
	return ino;
}

static ext2_ino_t make_link(struct object *o)
{
	char name[256];
	ext2_ino_t parent = parent_of(o->path, name, sizeof(name)), ino;
	struct ext2_inode inode;

	check(ext2fs_namei(fs, EXT2_ROOT_INO, EXT2_ROOT_INO, o->target, &ino), "link target %s", o->target);
	check(ext2fs_read_inode(fs, ino, &inode), "inode of %s", o->target);
	if (LINUX_S_ISDIR(inode.i_mode))
		die(0, "%s: hard links to directories are not made", o->path);
	check(ext2fs_link(fs, parent, name, ino, EXT2_FT_REG_FILE), "linking %s", o->path);
	inode.i_links_count++;
	check(ext2fs_write_inode(fs, ino, &inode), "inode of %s", o->target);
	return ino;
}

int main(int argc, char **argv)
{
	char line[2048];
	FILE *spec;

	if (argc != 3) {
		fprintf(stderr, "Usage: mkcrefimg IMAGE SPEC (see the top of tests/tools/mkcrefimg.c)\n");
		return 2;
	}
	initialize_ext2_error_table();
	spec_name = argv[2];
	spec = strcmp(argv[2], "-") == 0 ? stdin : fopen(argv[2], "r");
	if (!spec) {
		perror(argv[2]);
		return 1;
	}
	check(ext2fs_open(argv[1], EXT2_FLAG_RW | EXT2_FLAG_64BITS, 0, 0, unix_io_manager, &fs), "opening %s",
	      argv[1]);
	check(ext2fs_read_bitmaps(fs), "bitmaps of %s", argv[1]);
	while (fgets(line, sizeof(line), spec)) {
		struct object o;
		char *hash = strchr(line, '#');
		ext2_ino_t ino;

		lineno++;
		if (hash)
			*hash = '\0';
		line[strcspn(line, "\n")] = '\0';
		if (strspn(line, " \t") == strlen(line))
			continue;
		parse_line(line, &o);
		if (strcmp(o.kind, "dir") == 0 || strcmp(o.kind, "file") == 0)
			ino = make_mapped(&o, strcmp(o.kind, "dir") == 0);
		else if (strcmp(o.kind, "link") == 0)
			ino = make_link(&o);
		else if (strcmp(o.kind, "inline") == 0 || strcmp(o.kind, "inlinedir") == 0 ||
			 strcmp(o.kind, "fifo") == 0 || strcmp(o.kind, "symlink") == 0)
			ino = make_small(&o);
		else
			die(0, "unknown object '%s'", o.kind);
		printf("%s ino=%u\n", o.path, ino);
	}
	check(ext2fs_close_free(&fs), "closing %s", argv[1]);
	return 0;
}
