// SPDX-License-Identifier: GPL-2.0
/*
 * uevent-loop [N]: a quick reading of what one call costs, in ns/call,
 * for a bare prctl(PR_GET_DUMPABLE), for prctl(PR_TASK_PERF_UEVENT) of
 * 16 bytes with nobody observing, and with a perf event on this thread
 * observing (its buffer mapped read-only, so it overwrites and nothing is
 * lost or read back). Medians of 5 runs of N calls. Not the benchmark
 * (make bench is): a first figure.
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef PR_TASK_PERF_UEVENT
#define PR_TASK_PERF_UEVENT 0x55455654
#endif

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median ns per call of 5 runs of n calls of prctl(option, a2, a3, a4). */
static double per_call(long n, int option, unsigned long a2, unsigned long a3,
		       const void *a4)
{
	double t[5];

	for (int r = 0; r < 5; r++) {
		double t0 = now();

		for (long i = 0; i < n; i++)
			if (prctl(option, a2, a3, a4, 0) < 0) {
				perror("prctl");
				exit(1);
			}
		t[r] = (now() - t0) / n;
	}
	qsort(t, 5, sizeof(t[0]), cmp);
	return t[2];
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_DUMMY,
		.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME,
		.sample_id_all = 1,
		.exclude_kernel = 1,
		.uevent = 1,
	};
	char payload[16] = "0123456789abcde";
	double floor, idle, observed;
	int fd;

	floor = per_call(n, PR_GET_DUMPABLE, 0, 0, NULL);
	idle = per_call(n, PR_TASK_PERF_UEVENT, 0, sizeof(payload), payload);
	fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0 || mmap(NULL, 65 * sysconf(_SC_PAGESIZE), PROT_READ,
			   MAP_SHARED, fd, 0) == MAP_FAILED) {
		perror("perf_event_open/mmap");
		return 1;
	}
	observed = per_call(n, PR_TASK_PERF_UEVENT, 0, sizeof(payload), payload);
	printf("prctl(PR_GET_DUMPABLE)        %8.1f ns/call\n", floor);
	printf("uevent 16 B, nobody listening %8.1f ns/call  %.2f x floor\n",
	       idle, idle / floor);
	printf("uevent 16 B, observed         %8.1f ns/call  %.2f x floor\n",
	       observed, observed / floor);
	return 0;
}
