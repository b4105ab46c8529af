// SPDX-License-Identifier: GPL-2.0
/*
 * uevent-watch CMD [ARG...]: run CMD with a perf event on it (and its
 * children) that asks for user events, then print the PERF_RECORD_UEVENTs
 * it wrote, in time order. A minimal stand-in for 'perf record' + 'perf
 * script' that shows the raw ABI at work.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGES 16
#define MAX_RECS 4096

struct rec {
	uint32_t pid, tid, cpu, type, size;
	uint64_t time;
	uint8_t *data;
};

static struct rec recs[MAX_RECS];
static int nrecs;

static void drain(uint8_t *base, long page)
{
	struct perf_event_mmap_page *pc = (void *)base;
	uint8_t *data = base + page;
	uint64_t size = (uint64_t)PAGES * page;
	uint64_t head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);

	for (uint64_t tail = pc->data_tail; tail < head;) {
		struct perf_event_header h;
		uint8_t *buf;

		for (size_t i = 0; i < sizeof(h); i++)
			((uint8_t *)&h)[i] = data[(tail + i) % size];
		buf = malloc(h.size);
		for (size_t i = 0; i < h.size; i++)
			buf[i] = data[(tail + i) % size];
		tail += h.size;
		if (h.type == PERF_RECORD_UEVENT && nrecs < MAX_RECS) {
			struct rec *r = &recs[nrecs++];
			uint32_t aligned;
			uint8_t *id;

			memcpy(&r->type, buf + 8, 4);
			memcpy(&r->size, buf + 12, 4);
			aligned = (r->size + 7) & ~7u;
			id = buf + 16 + aligned;	/* sample_id: tid, time, cpu */
			memcpy(&r->pid, id, 4);
			memcpy(&r->tid, id + 4, 4);
			memcpy(&r->time, id + 8, 8);
			memcpy(&r->cpu, id + 16, 4);
			r->data = buf + 16;
		} else {
			free(buf);
		}
	}
}

static int by_time(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;

	return x->time < y->time ? -1 : x->time > y->time;
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	uint8_t *maps[64];
	int go[2], status;
	pid_t child;
	char c;

	if (argc < 2 || ncpus > 64) {
		fprintf(stderr, "usage: uevent-watch CMD [ARG...]\n");
		return 2;
	}
	if (pipe(go))
		return 1;
	child = fork();
	if (child == 0) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	for (int cpu = 0; cpu < ncpus; cpu++) {
		struct perf_event_attr attr = {
			.size = sizeof(attr),
			.type = PERF_TYPE_SOFTWARE,
			.config = PERF_COUNT_SW_DUMMY,
			.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
				       PERF_SAMPLE_CPU,
			.sample_id_all = 1,
			.inherit = 1,
			.exclude_kernel = 1,
			.uevent = 1,
		};
		int fd = syscall(__NR_perf_event_open, &attr, child, cpu, -1, 0);

		if (fd < 0) {
			perror("perf_event_open(attr.uevent)");
			return 1;
		}
		maps[cpu] = mmap(NULL, (PAGES + 1) * page, PROT_READ | PROT_WRITE,
				 MAP_SHARED, fd, 0);
		if (maps[cpu] == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
	}
	close(go[0]);
	if (write(go[1], "g", 1) != 1 || waitpid(child, &status, 0) != child)
		return 1;
	for (int cpu = 0; cpu < ncpus; cpu++)
		drain(maps[cpu], page);
	qsort(recs, nrecs, sizeof(recs[0]), by_time);
	for (int i = 0; i < nrecs; i++) {
		struct rec *r = &recs[i];

		printf("%6u/%-6u [%03u] %6llu.%06llu: uevent ", r->pid, r->tid,
		       r->cpu, (unsigned long long)(r->time / 1000000000),
		       (unsigned long long)(r->time % 1000000000 / 1000));
		if (r->type == 0) {
			printf("\"");
			for (uint32_t j = 0; j < r->size; j++)
				printf(isprint(r->data[j]) ? "%c" : "\\x%02x",
				       r->data[j]);
			printf("\"\n");
		} else {
			printf("type %#x size %u:", r->type, r->size);
			for (uint32_t j = 0; j < r->size && j < 32; j++)
				printf(" %02x", r->data[j]);
			printf("%s\n", r->size > 32 ? " ..." : "");
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
