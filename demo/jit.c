// SPDX-License-Identifier: GPL-2.0
/*
 * A tiny JIT: it writes a loop's machine code into a page at run time and
 * names it with a JIT load note (uevent_jit_load() from the kernel's
 * samples/perf_uevent/uevent.h) before running it. Later it "recompiles"
 * the loop, as a JIT's second tier would: a different function at the
 * same address, under another name. perf names every sample after the
 * function that was there at its time, with no /tmp/perf-PID.map file.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "uevent.h"

#if defined(__x86_64__)
/* unsigned long f(unsigned long n): n rounds of a loop. */
static const unsigned char tier1[] = {
	0x48, 0x89, 0xf8,		/* mov %rdi,%rax */
	0x48, 0xff, 0xc8,		/* 1: dec %rax */
	0x75, 0xfb,			/* jne 1b */
	0xc3,				/* ret */
};
static const unsigned char tier2[] = {
	0x48, 0x89, 0xf8,		/* mov %rdi,%rax */
	0x48, 0x83, 0xe8, 0x01,		/* 1: sub $1,%rax */
	0x75, 0xfa,			/* jne 1b */
	0xc3,				/* ret */
};
#elif defined(__aarch64__)
static const unsigned int tier1[] = {
	0xf1000400,			/* 1: subs x0, x0, #1 */
	0x54ffffe1,			/* b.ne 1b */
	0xd65f03c0,			/* ret */
};
static const unsigned int tier2[] = {
	0xd1000400,			/* 1: sub x0, x0, #1 */
	0xb5ffffe0,			/* cbnz x0, 1b */
	0xd65f03c0,			/* ret */
};
#elif defined(__s390x__)
static const unsigned char tier1[] = {
	0xa7, 0x2b, 0xff, 0xff,		/* 1: aghi %r2,-1 */
	0xa7, 0x74, 0xff, 0xfe,		/* jne 1b */
	0x07, 0xfe,			/* br %r14 */
};
static const unsigned char tier2[] = {
	0xa7, 0x2b, 0xff, 0xff,		/* 1: aghi %r2,-1 */
	0xec, 0x26, 0xff, 0xfe, 0x00, 0x7c,	/* cgijne %r2,0,1b */
	0x07, 0xfe,			/* br %r14 */
};
#else
#error "demo/jit.c has machine code for x86_64, arm64 and s390x only"
#endif

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Put @code in the page, name it, run it for @secs, then unname it. */
static void run(void *page, size_t len, const void *code, size_t size,
		const char *name, double secs)
{
	unsigned long (*fn)(unsigned long) = (unsigned long (*)(unsigned long))page;
	double end;

	mprotect(page, len, PROT_READ | PROT_WRITE);
	memcpy(page, code, size);
	__builtin___clear_cache((char *)page, (char *)page + size);
	mprotect(page, len, PROT_READ | PROT_EXEC);
	uevent_jit_load(page, size, name);
	for (end = seconds() + secs; seconds() < end;)
		fn(100000);
	uevent_jit_unload(page, size);
}

int main(void)
{
	size_t len = sysconf(_SC_PAGESIZE);
	void *page = mmap(NULL, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	run(page, len, tier1, sizeof(tier1), "hot_loop (tier 1)", 0.3);
	run(page, len, tier2, sizeof(tier2), "hot_loop (tier 2)", 0.6);
	printf("jit: both tiers ran at %p\n", page);
	return 0;
}
