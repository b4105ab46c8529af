#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Record the perf.data files that the host reads with the perf of the other
# byte order (scripts/xendian.sh): user events of every kind (text, binary
# with a payload whose bytes look like a record header, JIT notes and clock
# pairs, malformed ones among them) among samples, with sample_id on; a
# file and a pipe-mode stream; and the perf_uevent:uevent tracepoint of
# the same calls, recorded system-wide. Prints them for the host, and a
# TAP line for each.
. /harness/files.sh
cd /tmp || exit 1
workload='perf uevent "text: one"
printf "\027\000\000\000\000\000\040\000\377\376" | perf uevent --type 0x10001
perf test -w uevent_jit 20
perf uevent --log warning "text: a log line"
perf uevent "text: last"'
n=0
for f in file pipe; do
	n=$((n + 1))
	out=$(uname -m).$f.data
	o=$out in=$out
	[ $f = pipe ] && o=- in=-
	if perf record -q -e cpu-clock -c 1000000 --sample-cpu -o "$o" \
		-- sh -c "$workload" >"$out.stdout" 2>"$out.err" &&
	   { [ $f = file ] || mv "$out.stdout" "$out"; } &&
	   [ "$(perf script -i "$in" <"$out" 2>/dev/null | grep -c ' uevent: ')" -ge 4 ]; then
		export_file "$out"
		echo "# ok $n xendian: $out recorded"
	else
		cat "$out.err"
		echo "# not ok $n xendian: $out recorded"
	fi
done
# perf trace's replay of a recording with a user event, for the host's
# perf built with reference count checking (scripts/sanitized.sh).
if [ "$(uname -m)" = x86_64 ]; then
	if perf trace record -q -o x86_64.trace -- perf uevent prctl names \
		>trace.out 2>trace.err; then
		export_file x86_64.trace
		echo "# ok 3 xendian: x86_64.trace recorded"
	else
		cat trace.out trace.err
		echo "# not ok 3 xendian: x86_64.trace recorded"
	fi
fi
# The tracepoint's payload is the writer's bytes, as the user event's is:
# the notes' and pairs' fields in its byte order.
tp=$(uname -m).tp
if perf record -q -e perf_uevent:uevent -a -o "$tp" -- \
	sh -c 'perf uevent "tp: text"; perf test -w uevent_jit 20' >tp.out 2>tp.err &&
   [ "$(perf script -i "$tp" 2>/dev/null | grep -c 'perf_uevent:uevent: jit ')" -ge 2 ]; then
	export_file "$tp"
	echo "# ok 4 xendian: $tp recorded"
else
	cat tp.out tp.err
	echo "# not ok 4 xendian: $tp recorded"
fi
