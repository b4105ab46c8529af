#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make bench: boot the guest in bench mode (guest/bench.sh measures every
# row in one run) and turn its BENCH lines into build/bench/ARCH.md, a data
# file and a plot, ARCH.png (scripts/bench-report.py, gnuplot);
# build/bench/report.md gathers the architectures measured so far.
. "$(dirname "$0")/lib.sh"

arch=${ARCH:-x86_64}
s=$top/scripts
out=$build/bench
log=$build/logs/guest-$arch-main-bench.log
mkdir -p "$out"
# The guest's clock counts instructions (ICOUNT=0: one ns each) unless
# ICOUNT is set empty: then it is the host's, and the figures move with
# whatever else the host runs.
export ICOUNT=${ICOUNT-0}
TIMEOUT=${TIMEOUT:-3600} \
	APPEND="quiet${BENCH:+ harness.bench=$BENCH}${ICOUNT:+ harness.icount=$ICOUNT}" \
	"$s/run-guest.sh" "$arch" bench || exit 1
# The run is a failure if the kernel complained or the guest did not finish.
python3 "$s/verdict.py" "$log" "bench-$arch" "$build/logs/bench-$arch.result" \
	>"$build/logs/bench-$arch.verdict" || {
	cat "$build/logs/bench-$arch.verdict"
	die "the bench guest run failed" "$log"
}
stage "bench: report"
# A quick run's report is kept apart from the full runs' (report.md).
name=$arch${BENCH:+-$BENCH}
python3 "$s/bench-report.py" "$log" "$out/$name"
rc=$?
[ $rc = 0 ] || [ $rc = 2 ] || die "no report from $log"
gnuplot "$out/$name.gp" 2>"$build/logs/bench-plot.log" ||
	die "gnuplot failed" "$build/logs/bench-plot.log"
{
	echo "# make bench: the cost of one user event, and of the alternatives"
	echo
	for a in x86_64 arm64; do
		[ -f "$out/$a.md" ] && cat "$out/$a.md" && echo "Plot: $a.png" && echo
	done
	# make bench's first stage, scripts/jit-scale.sh, on the host
	[ -f "$out/jit-scale.md" ] && cat "$out/jit-scale.md"
} >"$out/report.md"
cat "$out/$name.md"
# A target whose rows were not measured is a broken bench, not a result.
[ $rc = 0 ] || die "a target's rows were not measured (NOT MEASURED above)" "$log"
done_stage "$out/report.md, $out/$name.png"
