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
#define EV_RESULT 0x52455355u	/* "RESU": 0x10000 and up are applications' */

struct result {
	uint32_t items;
	uint32_t checksum;
	uint64_t total;
};

#define ITEMS	(1u << 16)
#define ROUNDS	128

/* Each phase in a function of its own, so that a profile tells them apart. */
static __attribute__((noinline)) void generate(uint32_t *data, uint32_t seed)
{
	for (uint32_t i = 0; i < ITEMS; i++)
		data[i] = (i + seed) * 2654435761u;
}

static __attribute__((noinline)) void sum(const uint32_t *data, struct result *r)
{
	for (uint32_t i = 0; i < ITEMS; i++) {
		r->total += data[i] >> 16;
		r->checksum ^= data[i];
	}
	r->items += ITEMS;
}

int main(void)
{
	struct result r = { 0 };
	static uint32_t data[ITEMS];

	uevent_text("phase 1: generate");
	for (uint32_t round = 0; round < ROUNDS; round++)
		generate(data, round);
	uevent_text("phase 2: sum");
	for (uint32_t round = 0; round < ROUNDS; round++)
		sum(data, &r);
	uevent_binary(EV_RESULT, &r, sizeof(r));
	uevent_text("phase 3: done");
	printf("phases: %u items, total %llu\n", r.items,
	       (unsigned long long)r.total);
	return 0;
}
