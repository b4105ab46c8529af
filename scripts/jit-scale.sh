#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# JIT notes at scale, on the host: perf report on a generated JIT run whose
# functions are named by JIT user events, against the same run named by a
# perf-PID.map (scripts/jit-scale.py, scripts/jit-gen.py), with the x86_64
# guest's perf. Writes build/bench/jit-scale.md and a plot, jit-scale.png.
# JIT_SCALE: the numbers of functions (1000 10000 100000); REPS: runs of
# each report (5). A missed target is a result, not a failure; reports that
# name the samples differently are.
. "$(dirname "$0")/lib.sh"

out=$build/bench
perf=$build/x86_64/perf/perf
log=$build/logs/jit-scale.log
mkdir -p "$out" "$build/logs"
[ -x "$perf" ] || "$top/scripts/perf.sh" x86_64 || die "no x86_64 perf"
stage "JIT notes at scale: ${JIT_SCALE:=1000 10000 100000} functions"
# The generated runs and their reports, kept where a failure names them.
tmp=$out/jit-scale.work
rm -rf "$tmp"
mkdir -p "$tmp"
# shellcheck disable=SC2086 # the sizes are words
python3 "$top/scripts/jit-scale.py" "$perf" "$tmp" "$out/jit-scale" $JIT_SCALE 2>&1 |
	tee "$log"
rc=${PIPESTATUS[0]}
[ "$rc" = 0 ] || [ "$rc" = 2 ] || die "perf report on the generated runs failed" "$log"
gnuplot "$out/jit-scale.gp" 2>"$build/logs/jit-scale-plot.log" ||
	die "gnuplot failed" "$build/logs/jit-scale-plot.log"
rm -rf "$tmp"
cat "$out/jit-scale.md"
done_stage "$out/jit-scale.md, $out/jit-scale.png"
