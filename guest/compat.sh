#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'compat' run, on a stock Debian kernel that has no user events: the
# mainline perf must work there as on any kernel. One TAP line per check:
# - perf record of an instrumented program records its samples and no user
#   event, says nothing about user events, and says why under -v;
# - perf record --uevents warns that the kernel has none, and records;
# - perf test "user events": every test skips, with its reason;
# - the perf.data files that the patched guests recorded (/stock, from
#   scripts/stock.sh) read as the host's perf reads them: every user event;
# - the user event kselftests (64-bit and ia32) skip.
cd /tmp || exit 1
n=0
check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "# ok $n compat: $2"
	else
		echo "# not ok $n compat: $2"
		[ -z "${3:-}" ] || sed 's/^/#   /' "$3" | head -n 20
	fi
}
echo "HARNESS-BEGIN compat at $(cut -d' ' -f1 /proc/uptime) s"
echo "# $(cat /proc/version)"

# An instrumented program, recorded as a user would: samples, no user
# event, and not a word about user events but under -v.
prog=/usr/local/bin/phases
for v in "" -v; do
	rm -f p.data
	perf record $v -o p.data -- "$prog" >p.out 2>p.err
	rc=$?
	samples=$(perf report -i p.data --stats 2>/dev/null | awk '$1 == "SAMPLE" { print $3; exit }')
	uev=$(perf script -i p.data -F uevent 2>/dev/null | grep -c .)
	said=$(grep -ci 'user event' p.err)
	if [ -z "$v" ]; then
		check "$([ $rc = 0 ] && [ "${samples:-0}" -gt 0 ] && [ "$uev" = 0 ] &&
			[ "$said" = 0 ]; echo $?)" \
			"perf record: exit $rc, ${samples:-no} samples, $uev user events, $said lines about them" p.err
	else
		grep -q 'does not support user events (attr.uevent)' p.err
		check $? "perf record -v: says why it records no user events" p.err
	fi
done

# --uevents asks for them: a warning that names what the kernel lacks,
# and the recording goes on.
rm -f u.data
perf record --uevents -o u.data -- "$prog" >u.out 2>u.err
rc=$?
samples=$(perf report -i u.data --stats 2>/dev/null | awk '$1 == "SAMPLE" { print $3; exit }')
grep -q 'No user events in this kernel' u.err
check "$([ $? = 0 ] && [ $rc = 0 ] && [ "${samples:-0}" -gt 0 ]; echo $?)" \
	"perf record --uevents: warns and records (exit $rc, ${samples:-no} samples)" u.err

# perf test: each user event test that needs the kernel's support skips
# and says why; the others (the clock map's unit test) pass (-vv prints
# each test's output between start and end lines above its result).
perf test -vv "user events" >t.out 2>&1
cat t.out
set -- $(awk '/^---- start ----$/ { out = 1; why = ""; next }
	/^---- end\(/ { out = 0; next }
	out && NF && !/^test child forked/ { why = $0; next }
	/^ *[0-9.]+: .* : (Ok|FAILED!|Skip.*)$/ { n++
		if (/: Skip \(.+\)$/ || (/: Skip$/ && why != "")) k++
		if (/: Ok$/) ok++
		why = "" }
	END { print n + 0, k + 0, ok + 0 }' t.out)
check "$([ "$2" -gt 0 ] && [ $(($2 + $3)) = "$1" ]; echo $?)" \
	"perf test \"user events\": of $1 tests, $2 skip with a reason, $3 pass (need no user events), none fails" t.out

# The files the patched x86_64 and s390x guests recorded: perf script
# shows what the host's perf showed (every user event), perf report reads
# them and counts each user event.
fields=comm,pid,tid,cpu,time,period,event,ip,uevent
for f in /stock/*.data; do
	[ -f "$f" ] || { check 1 "perf.data files of the patched guests in /stock"; break; }
	name=${f##*/}
	in=$f
	case $name in *.pipe.data) in=- ;; esac
	perf script -i "$in" -F "$fields" <"$f" >"$name.script" 2>"$name.err"
	want=$(grep -c ' uevent: ' "$f.script.x86_64")
	cmp -s "$name.script" "$f.script.x86_64"
	check "$([ $? = 0 ] && [ "$want" -gt 0 ]; echo $?)" \
		"perf script $name: the host's reading, $want user events" "$name.err"
	perf report -i "$in" --stats <"$f" >"$name.stats" 2>"$name.err"
	rc=$?
	got=$(awk '$1 == "UEVENT" { print $3; exit }' "$name.stats")
	perf report -i "$in" --stdio --sort comm <"$f" >"$name.report" 2>>"$name.err"
	check "$([ $rc = 0 ] && [ "$got" = "$want" ] && grep -q cpu-clock "$name.report"; echo $?)" \
		"perf report $name: the samples and ${got:-no} of $want user events" "$name.err"
done

# The user event kselftests skip where the kernel has no user events:
# each of the 3 programs runs, and every case in it skips with a reason.
for bits in 64 32; do
	[ -d /kselftest$bits ] || continue
	(cd /kselftest$bits && ./run_kselftest.sh -t perf_events:uevent \
		-t perf_events:uevent_stress -t perf_events:uevent_rseq) >k$bits.out 2>&1
	cat k$bits.out
	progs=$(grep -c '^ok [0-9]* selftests: perf_events: ' k$bits.out)
	cases=$(grep -cE '^# (not )?ok [0-9]+ ' k$bits.out)
	skips=$(grep -cE '^# ok [0-9]+ .* # SKIP .+' k$bits.out)
	check "$([ "$progs" = 3 ] && [ "$cases" -gt 0 ] && [ "$skips" = "$cases" ]; echo $?)" \
		"kselftest-$bits: $progs of the 3 user event programs ran, $skips of their $cases cases skip with a reason" \
		k$bits.out
done
echo "HARNESS-END compat at $(cut -d' ' -f1 /proc/uptime) s"
