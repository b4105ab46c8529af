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
	echo "HARNESS-BEGIN $name"
	"$@" 2>&1 | tee "/tmp/$name.out"
	echo "HARNESS-END $name"
}

# On arm64 under TCG the hardware watchpoint that sigtrap_threads waits
# for never fires, and its threads spin until the runner's timeout (120 s)
# kills them: a known failure of the base (known-failures) that burns both
# host cores for two minutes per run. 20 s fails it the same way.
[ "$(uname -m)" != aarch64 ] || export TIMEOUT_CAP="sigtrap_threads=20"
for bits in 64 32; do
	[ -d /kselftest$bits ] || continue
	(cd /kselftest$bits && suite kselftest-$bits ./run_kselftest.sh)
done
if command -v perf >/dev/null; then
	# All of perf test on x86_64 (7.5 minutes); on arm64, which TCG runs
	# about four times slower, and with harness.perf=uevent (the 6.12
	# backport's guest), the user event tests.
	if [ "$(uname -m)" = x86_64 ] && ! grep -q 'harness\.perf=uevent' /proc/cmdline; then
		suite perf-test perf test
	else
		suite perf-test perf test "user events"
	fi
	# The failures again, verbose, for the log (outside the suite).
	for n in $(sed -n 's/^ *\([0-9.]*\): .*: FAILED!$/\1/p' /tmp/perf-test.out 2>/dev/null); do
		perf test -v "$n" 2>&1 | sed 's/^/# /'
	done
fi
exit 0
