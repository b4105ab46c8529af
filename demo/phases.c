// SPDX-License-Identifier: GPL-2.0
/*
 * An instrumented program: it marks its phases with text user events and
 * reports a result as a binary one, with prctl(PR_TASK_PERF_UEVENT). It
 * runs the same whether anybody records it or not.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#ifndef PR_TASK_PERF_UEVENT
#define PR_TASK_PERF_UEVENT 0x55455654
#endif

/* Our binary record type: an application-chosen number. */
#define EV_RESULT 0x5245u	/* "RE" */

struct result {
	uint32_t items;
	uint32_t checksum;
	uint64_t total;
};

static void mark(const char *text)
{
	prctl(PR_TASK_PERF_UEVENT, 0, strlen(text), text, 0);
}

int main(void)
{
	struct result r = { 0 };
	static uint32_t data[1 << 16];

	mark("phase 1: generate");
	for (uint32_t i = 0; i < 1 << 16; i++)
		data[i] = i * 2654435761u;
	mark("phase 2: sum");
	for (uint32_t i = 0; i < 1 << 16; i++) {
		r.total += data[i] >> 16;
		r.checksum ^= data[i];
	}
	r.items = 1 << 16;
	prctl(PR_TASK_PERF_UEVENT, EV_RESULT, sizeof(r), &r, 0);
	mark("phase 3: done");
	printf("phases: %u items, total %llu\n", r.items,
	       (unsigned long long)r.total);
	return 0;
}
