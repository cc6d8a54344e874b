/* The tiny assert helper of libchunk's unit tests: prints "ok N - what" / "not ok N - what". */
#pragma once
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
