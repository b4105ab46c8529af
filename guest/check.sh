#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'check' run: every test suite the guest has, each between
# HARNESS-BEGIN/HARNESS-END lines that scripts/verdict.py reads.

# harness.suites=a,b on the kernel command line runs only those suites.
only=$(sed -n 's/.*harness\.suites=\([^ ]*\).*/,\1,/p' /proc/cmdline)

suite() {
	name=$1
	shift
	case $only in
	"" | *,$name,*) ;;
	*) return 0 ;;
	esac
	echo "HARNESS-BEGIN $name at $(cut -d' ' -f1 /proc/uptime) s"
	"$@" 2>&1 | tee "/tmp/$name.out"
	echo "HARNESS-END $name at $(cut -d' ' -f1 /proc/uptime) s"
}

# On arm64 under TCG the hardware watchpoint that sigtrap_threads waits
# for never fires, and its threads spin until the runner's timeout (120 s)
# kills them: a known failure of the base (known-failures) that burns both
# host cores for two minutes per run. 20 s fails it the same way.
[ "$(uname -m)" != aarch64 ] || export TIMEOUT_CAP="sigtrap_threads=20"
# Nothing else observes the tests here: the uevent tests that skip beside
# another attr.uevent session (perf record -a) must run and may fail.
export UEVENT_ALONE=1
for bits in 64 32; do
	[ -d /kselftest$bits ] || continue
	(cd /kselftest$bits && suite kselftest-$bits ./run_kselftest.sh)
done
if command -v perf >/dev/null; then
	# All of perf test on x86_64 (7.5 minutes); on arm64, which TCG runs
	# about four times slower, the user event tests. -v: each failure's
	# output is printed above its result line (scripts/verdict.py shows
	# it), so no failure is run again to see why it failed.
	# The tests that open hardware breakpoints share the CPU's four debug
	# registers: beside each other in perf test's parallel pass one finds
	# them taken ("failed opening event", or 'Breakpoint accounting'
	# counting fewer slots than exist). They run after the rest, one at
	# a time.
	if [ "$(uname -m)" = x86_64 ]; then
		bp=$(perf test list 2>&1 | sed -En \
			's/^ *([0-9]+): (Breakpoint|Watchpoint|Sigtrap).*/\1/p')
		suite perf-test perf test -v --failure-snippet-lines 40 \
			--skip "$(echo $bp | tr ' ' ,)"
		# shellcheck disable=SC2086 # one argument per test number
		suite perf-test-bp perf test -S -v --failure-snippet-lines 40 \
			${bp:-no-breakpoint-test-listed}
	else
		suite perf-test perf test -v --failure-snippet-lines 40 "user events"
	fi
	# The files that the host reads with the perf of the other byte
	# order (scripts/xendian.sh): one little-endian guest, one big.
	case $(uname -m) in
	x86_64 | s390x) suite xendian sh /harness/xendian.sh ;;
	esac
fi
exit 0
