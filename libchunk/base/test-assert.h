/* The tiny assert helper of libchunk's unit tests: prints "ok N - what" / "not ok N - what". */
#pragma once
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static int test_n, test_failed;

#define CHECK(cond, ...) do { \
	int test_ok_ = !!(cond); \
	test_n++; \
	if (test_ok_) { printf("ok %d - ", test_n); } \
	else { test_failed++; printf("not ok %d - ", test_n); } \
	printf(__VA_ARGS__); \
	if (!test_ok_) printf(" [%s:%d: %s]", __FILE__, __LINE__, #cond); \
	putchar('\n'); \
} while (0)

static inline int test_exit(void)
{
	return test_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Each of the N chunk images of the volume in DIR (DIR/chunk-NNNN.img) passes e2fsck -fn. */
static inline void test_chunks_e2fsck_clean(const char *dir, unsigned n)
{
	char cmd[4200];

	for (unsigned id = 0; id < n; id++) {
		snprintf(cmd, sizeof(cmd), "e2fsck -fn '%s/chunk-%04u.img' >/dev/null 2>&1", dir, id);
		CHECK(system(cmd) == 0, "chunk %u is e2fsck-clean", id);
	}
}

/* Removes the test's temp dir DIR; false (the test fails) if it cannot. */
static inline bool test_remove_dir(const char *dir)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0;
}

/* Runs a shell command made like printf; its system() status. */
static inline int __attribute__((format(printf, 1, 2))) test_sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}
