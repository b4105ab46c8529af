// SPDX-License-Identifier: GPL-2.0
/*
 * uevent-bench MECH SIZE N REPS [RATE]: time N calls of one way of putting
 * SIZE bytes on the trace, REPS times over, and print the ns per call of
 * each repetition. 'make bench' (guest/bench.sh) runs it inside the session
 * that records the mechanism, and checks afterwards that every event
 * arrived.
 *
 * MECH is one of:
 *   floor         prctl(PR_GET_DUMPABLE): a bare prctl round trip
 *   uevent        prctl(PR_TASK_PERF_UEVENT, 0, SIZE, buf, 0)
 *   user_events   writev() of the user event uevent_bench_SIZE, which must
 *                 exist ("u:uevent_bench_SIZE __rel_loc char[] data" in
 *                 tracefs dynamic_events: a variable-size payload, as the
 *                 uevent one); registered here, and written only while its
 *                 enable bit is set, as its users do
 *   trace_marker  write() of SIZE bytes to tracefs trace_marker
 *   uprobe        a call of bench_probe_point(buf, SIZE), where the caller
 *                 places a uprobe
 *   header        uevent_binary(0, buf, SIZE), samples/perf_uevent/uevent.h:
 *                 its check of the C library's rseq area (which before
 *                 glibc 2.41 does not cover uevent_on: then the call)
 *   word          the check alone of rseq::uevent_on, in an area of 36
 *                 bytes registered here, which nobody may observe:
 *                 if (rs.uevent_on) prctl(...). The C library's area is
 *                 turned off for that (the program runs itself again
 *                 with GLIBC_TUNABLES=glibc.pthread.rseq=0).
 *   user_events_bit
 *                 the same check on the enable bit of the user event
 *                 uevent_bench_SIZE, registered here, which nobody may trace
 *
 * A check is one load, too quick to time alone: a call of word or
 * user_events_bit makes CHECKS of them in a tight loop (a volatile load
 * each), and their figures are per check.
 *
 * With RATE (calls per second), the calls are paced instead of made flat
 * out, and the rate reached is printed too.
 *
 * Output per repetition: "ns REP NS_PER_CALL", "rate REP CALLS_PER_SECOND"
 * and, without RATE, "floor REP NS_PER_CALL" of N floor calls made in
 * between; then "calls TOTAL", the calls (checks) of MECH made (N is
 * rounded down to a multiple of 10 without RATE). Exit status 1 and a
 * message on any failed call.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/user_events.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "uevent.h"

#define TRACEFS "/sys/kernel/tracing/"
#define CHUNKS 10
#define CHECKS 1000

static char payload[65536];
static int fd = -1;
static struct iovec iov[3];
static int write_index;
static uint32_t rel_loc;	/* payload size << 16 | offset after the field */
/* Set by the kernel while a session has the user event enabled. */
static volatile uint32_t enabled;
/*
 * This thread's rseq area, as the kernel lays it out (uapi linux/rseq.h):
 * uevent_on, at offset 32, is set by the kernel while a session observes us.
 */
static struct {
	__u32 cpu_id_start, cpu_id;
	__u64 rseq_cs;
	__u32 flags, node_id, mm_cid, slice_ctrl;
	volatile __u32 uevent_on;
} __attribute__((aligned(64))) rs;
#define RSEQ_UEVENT_ON_END	36
#define BENCH_RSEQ_SIG		0x53053053
#define NO_GLIBC_RSEQ		"glibc.pthread.rseq=0"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void fail(const char *what)
{
	fprintf(stderr, "uevent-bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Where 'make bench' places its uprobe; kept out of line and in place. */
__attribute__((noinline, used)) int bench_probe_point(const void *buf,
						      size_t size)
{
	asm volatile("" : : "r"(buf), "r"(size) : "memory");
	return 0;
}

static int call_floor(size_t size)
{
	return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) < 0 ? -1 : 0;
}

static int call_uevent(size_t size)
{
	return prctl(PR_TASK_PERF_UEVENT, 0, size, payload, 0);
}

static int call_user_events(size_t size)
{
	if (enabled && writev(fd, iov, 3) < 0)
		return -1;
	return 0;
}

static int call_trace_marker(size_t size)
{
	return write(fd, payload, size) < 0 ? -1 : 0;
}

static int call_uprobe(size_t size)
{
	return bench_probe_point(payload, size);
}

static int call_header(size_t size)
{
	return uevent_binary(UEVENT_TYPE_TEXT, payload, size);
}

/* What a program guarded by rseq::uevent_on does. */
static int call_uevent_if_observed(size_t size)
{
	return rs.uevent_on ? call_uevent(size) : 0;
}

/* CHECKS calls of a one-load guard; inlined into each caller. */
static inline int checks(int (*guarded)(size_t size), size_t size)
{
	int i;

	for (i = 0; i < CHECKS; i++)
		if (guarded(size))
			return -1;
	return 0;
}

static int call_word(size_t size)
{
	return checks(call_uevent_if_observed, size);
}

static int call_user_events_bit(size_t size)
{
	return checks(call_user_events, size);
}

/* Register uevent_bench_SIZE, with its enable bit in 'enabled'. */
static void register_user_event(size_t size)
{
	struct user_reg reg = { .size = sizeof(reg) };
	char name[64];

	snprintf(name, sizeof(name), "uevent_bench_%zu __rel_loc char[] data",
		 size);
	fd = open(TRACEFS "user_events_data", O_WRONLY);
	if (fd < 0)
		fail(TRACEFS "user_events_data");
	reg.enable_bit = 0;
	reg.enable_size = sizeof(enabled);
	reg.enable_addr = (uintptr_t)&enabled;
	reg.name_args = (uintptr_t)name;
	if (ioctl(fd, DIAG_IOCSREG, &reg) < 0)
		fail(name);
	write_index = reg.write_index;
	iov[0].iov_base = &write_index;
	iov[0].iov_len = sizeof(write_index);
	rel_loc = size << 16;
	iov[1].iov_base = &rel_loc;
	iov[1].iov_len = sizeof(rel_loc);
	iov[2].iov_base = payload;
	iov[2].iov_len = size;
}

/* Register uevent_bench_SIZE and wait (10 s at most) for a session. */
static void setup_user_events(size_t size)
{
	int i;

	register_user_event(size);
	for (i = 0; i < 10000 && !enabled; i++)
		usleep(1000);
	if (!enabled) {
		errno = ENODATA;
		fail("no session enabled the user event");
	}
}

/* A check's rows are timed with nobody listening: the call never runs. */
static void setup_check(size_t size, volatile __u32 *check)
{
	if (check == &rs.uevent_on &&
	    syscall(__NR_rseq, &rs, RSEQ_UEVENT_ON_END, 0, BENCH_RSEQ_SIG))
		fail("registering an rseq area");
	if (check == &enabled)
		register_user_event(size);
	if (*check) {
		errno = EBUSY;
		fail("a session listens, the check would call");
	}
}

static const struct mechanism {
	const char *name;
	int (*call)(size_t size);
	long per_call;		/* what one call does: CHECKS checks, or 1 */
} mechanisms[] = {
	{ "floor", call_floor, 1 },
	{ "uevent", call_uevent, 1 },
	{ "user_events", call_user_events, 1 },
	{ "trace_marker", call_trace_marker, 1 },
	{ "uprobe", call_uprobe, 1 },
	{ "header", call_header, 1 },
	{ "word", call_word, CHECKS },
	{ "user_events_bit", call_user_events_bit, CHECKS },
};

int main(int argc, char **argv)
{
	const struct mechanism *m = NULL;
	size_t size;
	long n, n2, reps, r, i, c;
	double rate, t0, t1, tf, tm;

	if (argc < 5 || argc > 6) {
		fprintf(stderr, "usage: uevent-bench MECH SIZE N REPS [RATE]\n");
		return 2;
	}
	for (i = 0; i < (long)(sizeof(mechanisms) / sizeof(mechanisms[0])); i++)
		if (!strcmp(argv[1], mechanisms[i].name))
			m = &mechanisms[i];
	size = strtoul(argv[2], NULL, 0);
	n = atol(argv[3]);
	reps = atol(argv[4]);
	rate = argc > 5 ? atof(argv[5]) : 0;
	if (!m || size > sizeof(payload) || n <= 0 || reps <= 0 || rate < 0) {
		fprintf(stderr, "uevent-bench: bad arguments (see the source's header)\n");
		return 2;
	}
	/* Text ending in a NUL, which user_events checks its strings for. */
	for (i = 0; i + 1 < (long)size; i++)
		payload[i] = 'a' + i % 26;

	if (m->call == call_user_events)
		setup_user_events(size);
	if (m->call == call_trace_marker) {
		fd = open(TRACEFS "trace_marker", O_WRONLY);
		if (fd < 0)
			fail(TRACEFS "trace_marker");
	}
	if (m->call == call_word && !getenv("GLIBC_TUNABLES")) {
		/* Keep glibc from registering its own area first. */
		setenv("GLIBC_TUNABLES", NO_GLIBC_RSEQ, 1);
		execv("/proc/self/exe", argv);
		fail("/proc/self/exe");
	}
	if (m->call == call_word)
		setup_check(size, &rs.uevent_on);
	if (m->call == call_user_events_bit)
		setup_check(size, &enabled);
	/* The check, once, outside the timed loops. */
	if (m->call == call_header && !uevent_enabled()) {
		errno = ENODATA;
		fail("rseq::uevent_on says that nobody listens");
	}

	for (r = 0; r < reps; r++) {
		if (rate) {
			t0 = now();
			for (i = 0; i < n; i++) {
				while (now() < t0 + i * 1e9 / rate)
					;
				if (m->call(size))
					fail(m->name);
			}
			t0 = now() - t0;
			printf("ns %ld %.2f\nrate %ld %.0f\n", r,
			       t0 / n / m->per_call, r, n * m->per_call * 1e9 / t0);
			continue;
		}
		/*
		 * The host's speed drifts: interleave the calls with as many
		 * floor calls, in CHUNKS rounds, so that each figure can be
		 * divided by a floor measured at the same time.
		 */
		tf = tm = 0;
		for (c = 0; c < CHUNKS; c++) {
			t0 = now();
			for (i = 0; i < n / CHUNKS; i++)
				if (call_floor(size))
					fail("floor");
			t1 = now();
			for (i = 0; i < n / CHUNKS; i++)
				if (m->call(size))
					fail(m->name);
			tf += t1 - t0;
			tm += now() - t1;
		}
		n2 = n / CHUNKS * CHUNKS;
		printf("floor %ld %.1f\nns %ld %.2f\nrate %ld %.0f\n", r, tf / n2,
		       r, tm / n2 / m->per_call, r, n2 * m->per_call * 1e9 / tm);
	}
	printf("calls %ld\n", (rate ? n : n / CHUNKS * CHUNKS) * m->per_call * reps);
	return 0;
}
