#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'demo' run: what user events are for, shown with perf.
cd /tmp || exit 1

# show COMMAND...: print a command as typed, then run it.
show() {
	echo
	echo "\$ $*"
	"$@"
}

. /harness/files.sh

# keep PATTERN: the lines that matter, and how many others were left out.
keep() {
	awk -v pat="$1" '$0 ~ pat { print; next } { n++ }
		END { if (n) printf "    ... and %d other lines (samples, syscalls)\n", n }'
}

cat <<'TEXT'
== 1. An instrumented program ==
demo/phases.c marks its phases with text user events and reports its result
as a binary one, with the kernel's samples/perf_uevent/uevent.h:
    uevent_text("phase 1: generate");
    uevent_binary(EV_RESULT, &r, sizeof(r));
While nobody records the program, each costs one load (of uevent_on, a
field of the thread's rseq area that the kernel keeps current, where the C
library registers an area that covers it: glibc 2.41 and later; this
guest's glibc 2.36 does not, so each is a call that returns at once);
while perf does, one call:
    prctl(PR_TASK_PERF_UEVENT, type, size, data, 0);
TEXT
show perf record -q -F 1000 -- phases
echo
echo "\$ perf script"
perf script 2>/dev/null | keep 'uevent:'

echo
echo "== 2. The same under perf trace: the marks among the system calls =="
show perf trace -e prctl,write -- phases

cat <<'TEXT'

== 3. A shell script, marked with 'perf uevent', recorded system-wide ==
A system-wide session takes user events only when asked (--uevents): any
process could write into it, and it would tell every thread that it is
watched.
TEXT
cat >job.sh <<'SCRIPT'
perf uevent "job: count files"
find / -xdev -type f 2>/dev/null | wc -l >/dev/null
perf uevent "job: checksum"
cat /bin/busybox | md5sum >/dev/null
perf uevent "job: done"
SCRIPT
echo "\$ cat job.sh"
cat job.sh
show perf record -q -a --uevents -o job.data -- sh job.sh
echo
echo "\$ perf script -i job.data"
perf script -i job.data 2>/dev/null | keep 'uevent:'

cat <<'TEXT'

== 4. One phase at a time: perf report --uevent-phase ==
A phase of a thread lasts from a text user event of its own that matches a
pattern to its next user event. The profile of each of the program's phases:
TEXT
for phase in 'phase 1*' 'phase 2*'; do
	echo
	echo "\$ perf report --uevent-phase '$phase' --stdio -q --sort sym"
	perf report --uevent-phase "$phase" --stdio -q --sort sym 2>/dev/null |
		grep -v '^$' | head -n 4
done

cat <<'TEXT'

== 5. The phases in the Firefox Profiler ==
perf script report gecko makes each user event a marker on its thread's
track, spanning the time to the thread's next one, above the samples.
TEXT
show perf script report gecko --save-only phases.json
echo "The markers of phases.json, read back:"
python3 - <<'PY'
import json
for thread in json.load(open("phases.json"))["threads"]:
    schema = thread["markers"]["schema"]
    for m in thread["markers"]["data"]:
        name = thread["stringTable"][m[schema["name"]]]
        start, end = m[schema["startTime"]], m[schema["endTime"]]
        span = "%8.3f ms" % (end - start) if end is not None else "instant"
        print("    %s/%d %-20s %s" % (thread["name"], thread["tid"], name, span))
PY
export_file phases.json

cat <<'TEXT'

== 6. A tiny JIT, named with no map file ==
demo/jit.c writes a loop's machine code into a page at run time and, before
running it, names it with a JIT note (a user event of registered type 1):
    uevent_jit_load(page, size, "hot_loop (tier 1)");
Then it "recompiles" the loop at the same address under another name. perf
names each sample after the function that was there at its time.
TEXT
show perf record -q -F 1000 -o jit.data -- jit
echo
echo "\$ perf script -i jit.data"
perf script -i jit.data 2>/dev/null | keep 'jit (load|unload)'
echo
echo "\$ perf report -i jit.data --stdio -q --sort dso,sym"
perf report -i jit.data --stdio -q --sort dso,sym 2>/dev/null | grep -v '^$' | head -n 4
echo
echo "\$ ls /tmp/perf-*.map /tmp/jit-*.dump"
ls /tmp/perf-*.map /tmp/jit-*.dump 2>&1 | sed 's/^/    /'
