#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# perf.data across byte orders: the files that the x86_64 and s390x guests
# recorded (guest/xendian.sh, a file and a pipe-mode stream each) read on
# this machine by the perf of the other byte order and by their own (the
# s390x perf under qemu-user). For each file, both readings must agree on
# perf script's fields (no symbols: those depend on the reader's machine),
# on the payloads in hex and on perf script -D's decoded records (an
# application's payload is the writer's bytes, never swapped; the fields
# of the registered binary types, JIT notes and clock pairs, are swapped
# with the record's, so their hex is left out). perf inject of a file by
# the perf of the other byte order writes a pipe in that order (to a file
# it refuses, with a message): its reading of the result's user events
# must be the file's. In a copy of each file, a
# user event whose size field exceeds its record must be skipped by both
# with a message that names its offset, the others shown. The
# perf_uevent:uevent tracepoint's recordings (privileged, system-wide)
# must be decoded the same by both. Prints one
# 'ok'/'not ok' line per check; details in build/logs/xendian.log.
. "$(dirname "$0")/lib.sh"

out=$build/xendian
log=$build/logs/xendian.log
rm -rf "$out"
mkdir -p "$out"
: >"$log"
fails=0

# reader ARCH ARGS...: the ARCH perf, run on this machine, for 120 s at
# most (a reading takes a second or two).
sr=$build/s390x/sysroot
reader() {
	local arch=$1
	shift
	case $arch in
	x86_64) timeout -k 5 120 "$build/x86_64/perf/perf" "$@" ;;
	s390x) QEMU_LD_PREFIX=/usr/s390x-linux-gnu \
		LD_LIBRARY_PATH=$sr/usr/lib/s390x-linux-gnu:$sr/lib/s390x-linux-gnu \
		timeout -k 5 120 qemu-s390x-static "$build/s390x/perf/perf" "$@" ;;
	esac
}
# view VIEW ARCH FILE: what the ARCH perf shows of FILE (a pipe-mode
# stream from standard input).
fields=comm,pid,tid,cpu,time,period,event,ip,uevent
declare -A label=([script]="-F $fields" [hex]="--uevent-hex" [dump]="-D (the records)")
view() {
	local in=(-i "$3")
	[[ $3 != *.pipe.data ]] || in=(-i -)
	case $1 in
	script) reader "$2" script "${in[@]}" -F "$fields" ;;
	hex) reader "$2" script "${in[@]}" -F "$fields" --uevent-hex |
		grep -v 'type 0x[12] size' ;;
	dump) reader "$2" script "${in[@]}" -D | grep 'PERF_RECORD_' |
		grep -v -e '^problem processing' -e 'type 0x[12] size' ;;
	esac <"$3" 2>>"$log"
}

# arches FILE: FILE's name, native (the machine that wrote it, its name's
# first part) and other (the machine of the other byte order).
arches() {
	name=${1##*/}
	native=${name%%.*}
	other=x86_64
	[ "$native" = x86_64 ] && other=s390x
}
# uev FILE: the user event lines of a perf script reading, without cpu.
uev() {
	grep ' uevent: ' "$1" | sed 's/ \[[0-9]*\] / /'
}
for writer in x86_64 s390x; do
	glog=$build/logs/guest-$writer-main-check.log
	python3 "$top/scripts/guest-files.py" "$glog" "$out" >>"$log" 2>&1 ||
		result 1 "the $writer guest's perf.data files" "damaged or missing in $glog"
done
for f in "$out"/*.data; do
	[ -f "$f" ] || { result 1 "perf.data files from the guests" "none in $out"; break; }
	arches "$f"
	# The native reading must show what the workload wrote, or two empty
	# readings would agree.
	view script "$native" "$f" >"$f.script.$native"
	missing=
	for want in '"text: one"' 'type 0x10001 size 10: 17 00 00 00 00 00 20 00 ff fe' \
		'jit load 0x' 'jit unload 0x' 'clock CLOCK_MONOTONIC ' 'clock app+1 "app1" ' \
		'log warning "text: a log line"' '"text: last"' ' cpu-clock: '; do
		grep -qF -- "$want" "$f.script.$native" || missing+=" '$want'"
	done
	result "$([ -z "$missing" ]; echo $?)" "$name: the $native perf reads what the workload wrote" \
		"no$missing"
	for v in script hex dump; do
		[ $v = script ] || view $v "$native" "$f" >"$f.$v.$native"
		view $v "$other" "$f" >"$f.$v.$other"
		what="$name: perf script ${label[$v]}: the $other perf's reading is the $native perf's"
		if [ -s "$f.$v.$native" ] && cmp -s "$f.$v.$native" "$f.$v.$other"; then
			result 0 "$what"
		else
			diff "$f.$v.$native" "$f.$v.$other" | head -n 20 >>"$log"
			result 1 "$what" "they differ, see $log"
		fi
	done
	[[ $name == *.file.data ]] || continue
	# perf inject by the perf of the other byte order writes the reader's
	# order, registered payloads included: its reading of the result must
	# show the user events as the writer's perf shows the file. Written
	# as a pipe, the only output it takes from a file of the other byte
	# order (checked below), which loses the samples' cpu, left out of
	# the comparison.
	what="$name: perf inject by the $other perf: its reading of the user events is the file's"
	if reader "$other" inject -i "$f" -o - >"$f.inject" 2>>"$log" &&
	   reader "$other" script -i - -F "$fields" <"$f.inject" >"$f.inject.$other" 2>>"$log" &&
	   [ -n "$(uev "$f.inject.$other")" ] &&
	   [ "$(uev "$f.script.$native")" = "$(uev "$f.inject.$other")" ]; then
		result 0 "$what"
	else
		diff <(uev "$f.script.$native") <(uev "$f.inject.$other") 2>&1 | head -n 20 >>"$log"
		result 1 "$what" "they differ, see $log"
	fi
	# A user event's size field (after the 8-byte header and the type)
	# made 0xffffffff, which reads the same in both byte orders.
	off=$(reader "$native" script -i "$f" -D 2>/dev/null |
		sed -n 's/^\(0x[0-9a-f]*\)[@ ].*: event: 23$/\1/p' | head -n 1)
	cp "$f" "$f.bad"
	[ -n "$off" ] && printf '\377\377\377\377' |
		dd of="$f.bad" bs=1 seek=$((off + 12)) conv=notrunc 2>/dev/null
	n=$(grep -c ' uevent: ' "$f.script.$native")
	for r in "$native" "$other"; do
		reader "$r" script -i "$f.bad" -F "$fields" >"$f.bad.$r" 2>"$f.bad.$r.err"
		rc=$?
		cat "$f.bad.$r.err" >>"$log"
		got=$(grep -c ' uevent: ' "$f.bad.$r")
		if [ -n "$off" ] && [ $rc = 0 ] && [ "$got" = $((n - 1)) ] &&
		   grep -q "offset $off: .*skipping" "$f.bad.$r.err"; then
			result 0 "$name with an oversized size field: the $r perf skips it with a message"
		else
			result 1 "$name with an oversized size field: the $r perf skips it with a message" \
				"exit $rc, $got of $((n - 1)) other user events, message: $(head -c 200 "$f.bad.$r.err")"
		fi
	done
	# The same user event renumbered 30, a record type no perf knows:
	# both perfs skip it with a warning, the writer's order's perf inject
	# passes it on, and the other's, which cannot swap it, drops it.
	cp "$f" "$f.unknown"
	[ -n "$off" ] && if [ "$(head -c 8 "$f")" = PERFILE2 ]; then
		printf '\036\000\000\000'
	else
		printf '\000\000\000\036'
	fi | dd of="$f.unknown" bs=1 seek=$((off)) conv=notrunc 2>/dev/null
	for r in "$native" "$other"; do
		u=$f.unknown.$r
		if [ "$r" = "$native" ]; then
			want=1
			reader "$r" inject -i "$f.unknown" -o "$u" 2>"$u.err"
			rc=$?
			reader "$r" script -D -i "$u" >"$u.dump" 2>/dev/null
		else
			want=0
			reader "$r" inject -i "$f.unknown" -o - >"$u" 2>"$u.err"
			rc=$?
			reader "$r" script -D -i - <"$u" >"$u.dump" 2>/dev/null
		fi
		cat "$u.err" >>"$log"
		got=$(grep -c ': event: 30$' "$u.dump")
		kept=$(grep -c ': event: 23$' "$u.dump")
		what="$name with a record type no perf knows: the $r perf's inject"
		what+=" $([ $want = 1 ] && echo passes it on || echo drops it), with a warning"
		if [ -n "$off" ] && [ $rc = 0 ] && [ "$got" = $want ] && [ "$kept" -gt 0 ] &&
		   grep -q "at offset $off: record type 30 is not one this perf knows" "$u.err"; then
			result 0 "$what"
		else
			result 1 "$what" "exit $rc, $got records of type 30 and $kept user events written, message: $(head -c 200 "$u.err")"
		fi
	done
	# To a file, the other byte order's perf inject refuses: it would
	# copy the header's feature sections unswapped.
	what="$name: the $other perf's inject refuses to write a file of it, with a message"
	if ! reader "$other" inject -i "$f" -o "$f.refused" 2>"$f.refused.err" &&
	   grep -q "is of the other byte order: .*write a pipe (-o -)" "$f.refused.err"; then
		result 0 "$what"
	else
		result 1 "$what" "$(head -c 300 "$f.refused.err")"
	fi
done
# The perf_uevent:uevent tracepoint's recordings: each perf decodes the
# payloads (text, JIT notes, clock pairs) as the writer's perf does.
for f in "$out"/*.tp; do
	[ -f "$f" ] || { result 1 "perf_uevent:uevent recordings from the guests" "none in $out"; break; }
	arches "$f"
	for r in "$native" "$other"; do
		reader "$r" script -i "$f" -F comm,tid,time,event,trace >"$f.$r" 2>>"$log"
	done
	what="$name: the $other perf decodes the tracepoint's payloads as the $native perf does"
	if grep -q 'perf_uevent:uevent: jit load 0x' "$f.$native" &&
	   grep -q 'perf_uevent:uevent: clock CLOCK_MONOTONIC ' "$f.$native" &&
	   cmp -s "$f.$native" "$f.$other"; then
		result 0 "$what"
	else
		diff "$f.$native" "$f.$other" 2>&1 | head -n 20 >>"$log"
		result 1 "$what" "no note or pair decoded, or they differ, see $log"
	fi
done
[ $fails = 0 ]
