// SPDX-License-Identifier: GPL-2.0
/*
 * The registered user event types as applications get them
 * (samples/perf_uevent/uevent.h) and as perf decodes them
 * (tools/perf/util/uevent-types.h) must be one convention: the same
 * numbers, the same sizes and offsets. scripts/series-check.sh compiles
 * this at the series' head for each ABI the guests run; an assertion that
 * fails is the difference.
 */
#include <stddef.h>
#include "uevent.h"		/* samples/perf_uevent */
#include "uevent-types.h"	/* tools/perf/util */

#define SAME(a, b)	_Static_assert((a) == (b), #a " != " #b)
#define FIELD(s, p, f)							\
	SAME(offsetof(struct s, f), offsetof(struct p, f));		\
	SAME(sizeof(((struct s *)0)->f), sizeof(((struct p *)0)->f))

SAME(UEVENT_TYPE_TEXT, PERF_UEVENT_TYPE_TEXT);
SAME(UEVENT_TYPE_JIT, PERF_UEVENT_TYPE_JIT);
SAME(UEVENT_TYPE_CLOCK, PERF_UEVENT_TYPE_CLOCK);
SAME(UEVENT_TYPE_APP, PERF_UEVENT_TYPE_APP);
SAME(UEVENT_JIT_LOAD, PERF_UEVENT_JIT_LOAD);
SAME(UEVENT_JIT_UNLOAD, PERF_UEVENT_JIT_UNLOAD);
SAME(UEVENT_CLOCK_APP, PERF_UEVENT_CLOCK_APP);

/* The fixed parts: 24 bytes before a JIT note's name, 16 for a clock. */
SAME(sizeof(struct uevent_jit_note), 24);
SAME(sizeof(struct uevent_jit_note), offsetof(struct perf_uevent_jit, name));
FIELD(uevent_jit_note, perf_uevent_jit, op);
FIELD(uevent_jit_note, perf_uevent_jit, flags);
FIELD(uevent_jit_note, perf_uevent_jit, name_len);
FIELD(uevent_jit_note, perf_uevent_jit, reserved);
FIELD(uevent_jit_note, perf_uevent_jit, start);
FIELD(uevent_jit_note, perf_uevent_jit, size);

SAME(sizeof(struct uevent_clock_note), 16);
SAME(sizeof(struct uevent_clock_note), sizeof(struct perf_uevent_clock));
FIELD(uevent_clock_note, perf_uevent_clock, clockid);
FIELD(uevent_clock_note, perf_uevent_clock, flags);
FIELD(uevent_clock_note, perf_uevent_clock, value);
