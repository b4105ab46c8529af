#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check: build and boot every target and run every test; a failure in
# one target does not stop the others. Ends with 'N passed, N failed' on
# its own line and exits non-zero on any failure.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
res=$build/results
rm -rf "$res"
mkdir -p "$res"
t0=$(date +%s)
ARCHS=${ARCHS:-x86_64 arm64}

# step NAME CMD...: a build or check step; its failure counts as one
# failed test and is reported with the name.
step() {
	local name=$1
	shift
	if "$@"; then
		return 0
	fi
	echo "0 1 0 0" >"$res/step-$name"
	echo "FAIL step $name" >>"$res/failures"
	return 1
}

# guest ARCH MODE VARIANT: boot, run, judge.
guest() {
	local label=$1-$3-$2
	"$s/run-guest.sh" "$1" "$2" "$3"
	python3 "$s/verdict.py" "$build/logs/guest-$label.log" "$label" \
		"$res/guest-$label" "$top/known-failures" |
		tee "$build/logs/verdict-$label.txt"
	grep '^FAIL' "$build/logs/verdict-$label.txt" | cut -c1-200 >>"$res/failures"
}

step deps "$s/deps.sh" || exit 1
step tree "$s/tree.sh" || { echo "0 passed, 1 failed"; exit 1; }
for arch in $ARCHS; do
	step "kernel-$arch" "$s/kernel.sh" "$arch" || continue
	step "selftests-$arch" "$s/selftests.sh" "$arch" || continue
	step "progs-$arch" "$s/progs.sh" "$arch" || continue
	if [ "$arch" = x86_64 ]; then
		step "perf-$arch" "$s/perf.sh" "$arch" || continue
	fi
	step "initramfs-$arch" "$s/initramfs.sh" "$arch" || continue
	guest "$arch" check main
done

# The debug kernel (x86_64): the kselftests, the stress run among them,
# under KASAN, UBSAN, lockdep, KFENCE and the atomic-sleep checks.
if [ -f "$build/x86_64/initramfs.cpio" ] && [[ " $ARCHS " == *" x86_64 "* ]] &&
   step kernel-x86_64-debug "$s/kernel.sh" x86_64 debug; then
	SUITES=kselftest-64,kselftest-32 guest x86_64 check debug
fi

# The series as a maintainer gets it: applies, bisects, checkpatch, headers.
"$s/series-check.sh" | tee "$build/logs/series-check.txt"
ok=$(grep -c '^ok ' "$build/logs/series-check.txt")
bad=$(grep -c '^not ok ' "$build/logs/series-check.txt")
echo "$ok $bad 0 0" >"$res/step-series"
grep '^not ok ' "$build/logs/series-check.txt" | sed 's/^not ok /FAIL series: /' >>"$res/failures"
[ $((ok + bad)) -gt 0 ] || { echo "0 1 0 0" >"$res/step-series"; echo "FAIL series: no result" >>"$res/failures"; }

# Build-only: the series with CONFIG_PERF_EVENTS=n (arm64; x86 forces it on).
if step noperf-build "$s/kernel.sh" arm64 noperf; then
	echo "1 0 0 0" >"$res/step-noperf-build"
fi

echo
echo "==== make check summary ($(($(date +%s) - t0))s)"
if [ -s "$res/failures" ]; then
	echo "Failures:"
	sed 's/^/  /' "$res/failures"
fi
for f in "$res"/guest-* "$res"/step-*; do
	[ -f "$f" ] || continue
	read -r p fl sk kn <"$f"
	printf '  %-24s %4d passed, %d failed, %d skipped, %d known failures\n' \
		"$(basename "$f" | sed 's/^guest-//')" "$p" "$fl" "$sk" "$kn"
done
cat "$res"/guest-* "$res"/step-* 2>/dev/null |
	awk '{p += $1; f += $2; s += $3; k += $4} END {
		if (k) printf "%d known failures of the base (see known-failures)\n", k
		printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 }'
