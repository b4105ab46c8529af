#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'check' run: every test suite the guest has, each between
# HARNESS-BEGIN/HARNESS-END lines that scripts/verdict.py reads.

suite() {
	name=$1
	shift
	echo "HARNESS-BEGIN $name"
	"$@"
	echo "HARNESS-END $name rc=$?"
}

for bits in 64 32; do
	[ -d /kselftest$bits ] || continue
	(cd /kselftest$bits && suite kselftest-$bits ./run_kselftest.sh)
done
exit 0
