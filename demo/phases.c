// SPDX-License-Identifier: GPL-2.0
/*
 * An instrumented program: it marks its phases with text user events and
 * reports a result as a binary one, with prctl(PR_TASK_PERF_UEVENT) through
 * the kernel's samples/perf_uevent/uevent.h. It runs the same whether
 * anybody records it or not; when nobody does, a mark costs one load.
 */
#include <stdint.h>
#include <stdio.h>
#include "uevent.h"

/* Our binary record type: an application-chosen number. */
#define EV_RESULT 0x5245u	/* "RE" */

struct result {
	uint32_t items;
	uint32_t checksum;
	uint64_t total;
};

int main(void)
{
	struct result r = { 0 };
	static uint32_t data[1 << 16];

	uevent_text("phase 1: generate");
	for (uint32_t i = 0; i < 1 << 16; i++)
		data[i] = i * 2654435761u;
	uevent_text("phase 2: sum");
	for (uint32_t i = 0; i < 1 << 16; i++) {
		r.total += data[i] >> 16;
		r.checksum ^= data[i];
	}
	r.items = 1 << 16;
	uevent_binary(EV_RESULT, &r, sizeof(r));
	uevent_text("phase 3: done");
	printf("phases: %u items, total %llu\n", r.items,
	       (unsigned long long)r.total);
	return 0;
}
