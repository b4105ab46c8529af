#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The readers of user events under perf's reference count checking
# (REFCNT_CHECKING=1: every get of a thread, map or dso is a new pointer,
# so a pointer compare that should be perf's RC_CHK_EQUAL() fails, and a
# put too many or too few is reported) and AddressSanitizer with
# UndefinedBehaviorSanitizer: a host perf built so reads every perf.data
# file that the guests recorded (scripts/xendian.sh collects them: user
# events of every kind, JIT notes, clock pairs, malformed ones, both byte
# orders, files and pipes) with perf script, perf report, perf inject and
# the JSON converter. Each reading must exit 0 and report nothing. Prints
# one 'ok'/'not ok' line per reading; details in build/logs/sanitized.log.
# (-Wno-maybe-uninitialized: gcc 12 under ASan warns wrongly in
# util/time-utils.c, which is not the series'.)
. "$(dirname "$0")/lib.sh"

out=$build/host-sanitized/perf
log=$build/logs/sanitized.log
work=$build/host-sanitized/work
mkdir -p "$out" "$build/logs"
rm -rf "$work"
mkdir -p "$work"
: >"$log"
fails=0

stage "perf, sanitized: build"
make -C "$linux/tools/perf" O="$out" -j"$JOBS" REFCNT_CHECKING=1 \
	EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Wno-maybe-uninitialized" \
	BUILD_BPF_SKEL=0 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_JVMTI=1 NO_SDT=1 \
	NO_LIBBABELTRACE=1 NO_LIBUNWIND=1 NO_SHELLCHECK=1 NO_LIBPFM4=1 \
	NO_CAPSTONE=1 NO_LIBLLVM=1 NO_DEMANGLE=1 NO_RUST=1 CC="ccache gcc" \
	>>"$log" 2>&1 || die "the sanitized perf build failed" "$log"
done_stage

stage "perf, sanitized: readings"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
# perf trace's replay leaks at exit what 7.3 allocates for it and never
# frees there, outside the series: each thread's thread_trace (replay
# sets no priv destructor) and the raw_syscalls evsels' private data.
# Suppressed by their allocating functions; a thread reference left
# without its put is a leak of thread__get() and still reported.
printf 'leak:thread__trace\nleak:evsel__init_raw_syscall_tp\n' >"$work/lsan.supp"
export LSAN_OPTIONS=suppressions=$work/lsan.supp
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export PERF_CONFIG=/dev/null
perf=$out/perf
# reading NAME FILE ARGS...: perf ARGS on FILE (a pipe-mode stream from
# standard input), for 300 s at most; any exit but 0, or any sanitizer
# report, fails it.
reading() {
	local name=$1 f=$2 rc
	shift 2
	local in=(-i "$f")
	[[ $f != *.pipe.data ]] || in=(-i -)
	echo "=== $name: perf $*" >>"$log"
	timeout -k 5 300 "$perf" "$@" "${in[@]}" <"$f" >"$work/out" 2>"$work/err"
	rc=$?
	cat "$work/err" >>"$log"
	if [ $rc = 0 ] && ! grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:|REFCNT' "$work/err"; then
		result 0 "sanitized perf: $name"
	else
		result 1 "sanitized perf: $name" "exit $rc, $(grep -m1 -E 'ERROR|runtime error|REFCNT' "$work/err")"
	fi
}
n=0
for f in "$build"/xendian/*.data; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	b=${f##*/}
	reading "$b script" "$f" script
	reading "$b script -F" "$f" script -F comm,pid,tid,cpu,time,event,ip,sym,uevent
	reading "$b script --uevent-hex -D" "$f" script --uevent-hex -D
	reading "$b report" "$f" report --stdio --sort comm,dso,sym
	reading "$b report --stats" "$f" report --stats
	# From a file of the other byte order perf inject writes only a pipe.
	o=$work/inject.data
	[[ $b != s390x.* ]] || o=-
	reading "$b inject" "$f" inject -o "$o"
	[[ $f == *.pipe.data ]] ||
		reading "$b data convert --to-json" "$f" data convert --force --to-json "$work/out.json"
done
[ $n -gt 0 ] || result 1 "sanitized perf: the guests' perf.data files" "none in $build/xendian"
# perf trace's replay (a recording of 'perf uevent prctl names' in the
# x86_64 guest): the prctl that wrote the user event keeps its line
# whole, its user event on the next line. Its thread is the one being
# printed only by perf's comparison of references (RC_CHK_EQUAL), not by
# their pointers, which reference count checking makes differ.
t=$build/xendian/x86_64.trace
if [ -f "$t" ]; then
	reading "x86_64.trace trace" "$t" trace -o "$work/trace.out"
	awk '/prctl\(option: TASK_PERF_UEVENT, size: 11, .*\) += 0$/ {
		getline next_line
		if (next_line ~ / uevent: "prctl names"$/)
			whole = 1
	} END { exit !whole }' "$work/trace.out" &&
		! grep -q 'prctl(.* \.\.\.$\|continued\]: prctl' "$work/trace.out"
	result $? "sanitized perf: perf trace -i keeps the prctl line whole" \
		"$(grep -m2 -e prctl -e uevent: "$work/trace.out" | tr '\n' '|')"
else
	result 1 "sanitized perf: perf trace -i" "no x86_64.trace in $build/xendian"
fi
done_stage "$fails failed"
exit 0
