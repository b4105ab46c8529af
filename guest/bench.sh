#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'bench' run (make bench): every row of the design's performance table,
# one "BENCH key=value ..." line each, for scripts/bench-report.py. Each
# mechanism is measured while its session really records, and the session's
# output is counted afterwards: 'got' is what arrived, 'lost' what perf's
# own accounting says was lost.
cd /tmp || exit 1
T=/sys/kernel/tracing
B=/usr/local/bin/uevent-bench
reps=7
sizes="16 256 4096"
# harness.bench=quick (make bench BENCH=quick): only the rows that the
# emitter's targets compare (floor, nobody, flight, user_events,
# trace_marker, tracepoint), to iterate on the emitter; no profiles.
quick=
grep -q 'harness\.bench=quick' /proc/cmdline && quick=1
# TCG runs arm64 code about four times slower than x86_64 code.
scale=1
[ "$(uname -m)" = aarch64 ] && scale=4

# calls SIZE [DIVISOR]: calls per repetition for a payload size; all the
# repetitions' records fit in the recorded rows' buffers, so a reader that
# falls behind loses nothing.
calls() {
	case $1 in
	4096) n=1000 ;;
	256) n=20000 ;;
	*) n=50000 ;;
	esac
	echo $((n / scale / ${2:-1}))
}

# stat FILE TYPE: how many TYPE records (UEVENT, SAMPLE, LOST...) perf
# report counted in FILE.
stat() {
	perf report --stats -i "$1" 2>/dev/null |
		awk -v t="$2" '$1 == t && $2 == "events:" { n = $3 } END { print n + 0 }'
}

# count FILE PATTERN: "DISTINCT COPIES": how many distinct records whose
# perf script line matches PATTERN FILE holds (their times, in ns, tell
# them apart), and how many extra copies of them it has. A field list
# shows user events only if it names 'uevent'.
count() {
	perf script --ns -F time,event,uevent -i "$1" 2>/dev/null | grep -e "$2" >lines
	all=$(wc -l <lines)
	distinct=$(sort -u lines | wc -l)
	echo "$distinct $((all - distinct))"
}

# lost FILE: how many records perf lost while writing FILE (the sum of
# its PERF_RECORD_LOST records' counts).
lost() {
	[ "$(stat "$1" LOST)" = 0 ] && { echo 0; return; }
	perf script --show-lost-events --no-show-uevent-events -i "$1" 2>/dev/null |
		awk '/PERF_RECORD_LOST/ { for (i = 1; i < NF; i++) if ($i == "lost") s += $(i + 1) }
			END { print s + 0 }'
}

# report CASE MECH SIZE CALLS REPS OUTPUT GOT LOST: one BENCH line.
report() {
	ns=$(awk '$1 == "ns" { printf "%s%s", sep, $3; sep = "," }' "$6")
	floor=$(awk '$1 == "floor" { printf "%s%s", sep, $3; sep = "," }' "$6")
	rate=$(awk '$1 == "rate" { r = $3 } END { print r + 0 }' "$6")
	echo "BENCH case=$1 mech=$2 size=$3 calls=$4 reps=$5 ns=$ns floor=${floor:--} rate=$rate got=$7 lost=$8"
}

# bare CASE MECH SIZE: a run that no perf session records; if it fails,
# why (the benchmark's message).
bare() {
	n=$(calls "$3")
	$B "$2" "$3" "$n" $reps >run.out 2>run.err ||
		{ echo "BENCH-FAIL case=$1 mech=$2 size=$3 why=$(tail -n 1 run.err)"; return; }
	report "$1" "$2" "$3" "$n" $reps run.out - 0
}

# recorded CASE MECH SIZE EVENT PATTERN CALLS [REPS [RATE]]: a run under
# 'perf record -e EVENT' ($mmap: its buffer option), and how many records
# matching PATTERN reached perf.data. Sets last_lost and last_rate.
recorded() {
	r=${7:-$reps}
	last_lost=-
	perf record -q $mmap -e "$4" -o rec.data -- $B "$2" "$3" "$6" "$r" $8 >run.out 2>rec.err ||
		{ echo "BENCH-FAIL case=$1 mech=$2 size=$3"; cat rec.err; return; }
	last_lost=$(lost rec.data)
	last_rate=$(awk '$1 == "rate" { printf "%d", $3 }' run.out)
	set -- "$1" "$2" "$3" "$6" "$r" $(count rec.data "$5")
	report "$1" "$2" "$3" "$4" "$5" run.out "$6" "$last_lost"
	echo "BENCH-DUP case=$1 size=$3 copies=$7"
	rm -f rec.data
}

echo "BENCH-INFO machine=$(uname -m) kernel=$(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
icount=$(sed -n 's/.*harness\.icount=\([0-9]*\).*/\1/p' /proc/cmdline)
# Under -icount with sleep=off the guest's clock stands still while every
# CPU idles with no timer pending. Two runs stopped for good right after
# the unobserved rows (their perf record had exited; qemu spun at 100%);
# two with a task that woke every few seconds went through. The ticker
# keeps a timer pending; it wakes between the repetitions' loops or costs
# one of them a few microseconds.
ticker=
if [ -n "$icount" ]; then
	while :; do sleep 5; done &
	ticker=$!
fi
echo "BENCH-INFO clock=${icount:+icount}${icount:-host} quick=${quick:-0}"
bare floor floor 0
# The zero-syscall checks with nobody listening, ns per check:
# rseq::uevent_on, and the enable bit of a user event nobody traces.
[ -n "$quick" ] || bare word word 0
[ -n "$quick" ] || bare user_events_bit user_events_bit 0
for s in $sizes; do
	bare nobody uevent "$s"
done

# Unobserved: another process is recorded with attr.uevent, this one not.
if [ -z "$quick" ]; then
mkfifo ready
perf record -q -e dummy -o other.data -- sh -c 'echo $$ >/tmp/ready; exec sleep 100000' 2>/dev/null &
rec=$!
read -r sleeper <ready
for s in $sizes; do
	bare unobserved uevent "$s"
done
kill "$sleeper"
wait "$rec"
echo "BENCH-INFO unobserved_leak=$(stat other.data UEVENT)"
fi

# A buffer that holds every repetition's records, so that nothing is lost
# however slowly perf record drains it (the throughput rows below use
# perf's default buffer).
mmap="-m 64M"
for s in $sizes; do
	[ -n "$quick" ] || recorded observed uevent "$s" dummy uevent: "$(calls "$s")"
done

# The same with nothing draining the buffer while the calls run: perf
# record --overwrite reads it at the end (a flight recorder), as nothing
# reads the ftrace buffer of the trace_marker rows. On a 2-core host a
# reader's work slows the caller's emulated CPU (and the floor timed
# beside it), in proportion to the bytes it moves; so the rows that the
# targets compare all run this way: user_events and the uprobe below too.
# 'header': the same calls through samples/perf_uevent/uevent.h, which
# checks the C library's rseq area before each (glibc 2.36 here registers
# 32 bytes, which do not cover uevent_on: then it calls).
mmap="--overwrite -m 128M"
for s in $sizes; do
	recorded flight uevent "$s" dummy uevent: "$(calls "$s")"
	[ -n "$quick" ] || recorded header header "$s" dummy uevent: "$(calls "$s")"
done

for s in $sizes; do
	echo "u:uevent_bench_$s __rel_loc char[] data" >>$T/dynamic_events
	recorded user_events user_events "$s" "user_events:uevent_bench_$s" ": " "$(calls "$s")"
done

# ftrace_row CASE MECH: MECH's calls with ftrace writing into its buffer,
# which nothing reads during the run; what arrived is what the buffer
# holds and overwrote.
ftrace_row() {
	for s in $sizes; do
		echo >$T/trace
		n=$(calls "$s")
		$B "$2" "$s" "$n" $reps >run.out || { echo "BENCH-FAIL case=$1 size=$s"; continue; }
		got=$(cat $T/per_cpu/cpu*/stats |
			awk '$1 == "entries:" || $1 == "overrun:" { s += $2 } END { print s }')
		report "$1" "$2" "$s" "$n" $reps run.out "$got" 0
	done
}
echo 1 >$T/tracing_on
ftrace_row trace_marker trace_marker
# How much of a 4096-byte marker the ring buffer keeps (it truncates).
echo "BENCH-INFO trace_marker_4096_kept=$(grep -m1 -o 'tracing_mark_write: [a-z]*' $T/trace | awk '{ print length($2) }')"
# The user event with ftrace listening on its tracepoint, perf_uevent:uevent,
# and no perf session: into the same buffer.
echo 1 >$T/events/perf_uevent/uevent/enable
ftrace_row tracepoint uevent
echo 0 >$T/events/perf_uevent/uevent/enable
echo >$T/trace

# No call allocates: the kernel allocations made in the benchmark's own
# context (kmem tracepoints, every one recorded, interrupts that land in it
# included) by a run of 1 observed 4096-byte call and by a run of 20001;
# counts that differ by far less than the 20000 calls mean none per call.
# allocs CALLS
allocs() {
	perf record -q -c 1 -e dummy -e kmem:kmalloc -e kmem:kmem_cache_alloc \
		-e kmem:mm_page_alloc -o alloc.data -- $B uevent 4096 "$1" 1 >/dev/null 2>&1 ||
		{ echo fail; return; }
	echo "$(perf script -F event -i alloc.data 2>/dev/null | grep -c 'kmem:')"
	rm -f alloc.data
}
echo "BENCH-INFO kmem_allocs_1_call=$(allocs 1) kmem_allocs_20001_calls=$(allocs 20001)"

[ -z "$quick" ] || exit 0

# A uprobe traps and steps the probed instruction out of line: slow, so
# fewer calls. Recorded in overwrite mode, as the rows above.
if perf probe -q -x $B -a ubench:point=bench_probe_point; then
	recorded uprobe uprobe 16 ubench:point ": " $(($(calls 16) / 10))
	perf probe -q -d ubench:point
else
	echo "BENCH-FAIL case=uprobe mech=uprobe size=16"
fi

# Throughput: one thread flat out under perf record with its default
# buffer; if anything was lost, paced at 80%, 60%... of that rate until
# nothing is. Then a burst of 1M events.
mmap=
pace=
for frac in 8 6 4 2 0; do
	recorded throughput uevent 16 dummy uevent: 100000 1 $pace
	[ "$last_lost" = 0 ] && break
	[ -n "$flat" ] || flat=$last_rate
	pace=$((flat * frac / 10))
	[ "$pace" -gt 0 ] || break
done
recorded burst uevent 16 dummy uevent: 1000000 1

# Where the time goes: cpu-clock samples (asked every 10 us) of the calls alone
# (an unreachable RATE: no floor calls in between), the user event
# recorded as in the flight rows by the profiling session itself, and
# trace_marker, user_events and the uprobe recorded as in their rows; the
# kernel symbols with the most samples.
# profile NAME EVENT MECH SIZE CALLS REPS
profile() {
	name=$1
	ev=$2
	shift 2
	perf record -q --overwrite -m 64M -e cpu-clock -c 10000 $ev -o prof.data -- \
		$B "$@" 1000000000000 >/dev/null 2>prof.err ||
		{ echo "BENCH-FAIL case=profile-$name"; cat prof.err; return; }
	echo "BENCH-PROFILE $name $(perf script -F event -i prof.data 2>/dev/null |
		grep -c cpu-clock) samples"
	perf report -i prof.data --stdio --sort sym 2>/dev/null |
		awk -v n="$name" '/^ *[0-9.]+%/ && c++ < 12 { $1 = $1; print "BENCH-PROFILE " n " " $0 }'
	rm -f prof.data
}
# 30 times a row's calls: under the instruction clock the x86_64 guest's
# cpu-clock fires only every few ms, whatever the period asks. The buffer
# keeps the last 64 MB of records and samples, which at 4096 bytes on
# x86_64 is about a tenth of a second: a few dozen samples.
for s in $sizes; do
	n=$(($(calls "$s") * 30))
	profile "uevent-$s" "" uevent "$s" $n 1
	profile "trace_marker-$s" "" trace_marker "$s" $n 1
	profile "user_events-$s" "-e user_events:uevent_bench_$s" user_events "$s" $n 1
done
if perf probe -q -x $B -a ubench:point=bench_probe_point; then
	profile uprobe-16 "-e ubench:point" uprobe 16 $(($(calls 16) * 3)) 1
	perf probe -q -d ubench:point
fi
[ -z "$ticker" ] || kill "$ticker"
exit 0
