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
ARCHS=${ARCHS:-x86_64 arm64 s390x}

# Where the time goes: seconds per group of steps, printed at the end.
declare -A spent
groups=("deps and base" "series walk" kernels perf "selftests, progs, initramfs"
	guests "quick bench" "cross-endian reads" "sanitized perf" "stock kernel" "robots' checks" "man-pages")
# timed GROUP CMD...: run CMD, adding its duration to GROUP.
timed() {
	local g=$1 t=$(date +%s) rc
	shift
	"$@"
	rc=$?
	spent[$g]=$((${spent[$g]:-0} + $(date +%s) - t))
	return $rc
}

# step NAME CMD...: a build or check step; its failure counts as one
# failed test and is reported with the name.
step() {
	local name=$1 g
	shift
	case $name in
	deps | tree*) g="deps and base" ;;
	kernel-* | noperf-*) g=kernels ;;
	stock-*) g="stock kernel" ;;
	perf-*) g=perf ;;
	bench-*) g="quick bench" ;;
	*) g="selftests, progs, initramfs" ;;
	esac
	if timed "$g" "$@"; then
		return 0
	fi
	echo "0 1 0 0" >"$res/step-$name"
	echo "FAIL step $name" >>"$res/failures"
	return 1
}

# A guest run is not repeated when its inputs (kernel, initramfs, how it is
# booted) are byte for byte those of its last complete run: its serial log
# is judged again, against today's known-failures. The series walks do not
# walk again the patches whose inputs are those of their last passing walk.
# Each says so (RERUN=1 repeats everything). A clean clone has no such record.
cache=$build/cache
mkdir -p "$cache"

# key FILE...: a hash of these files' contents, SUITES and APPEND.
key() {
	{ sha256sum "$@" | cut -d' ' -f1; echo "${SUITES:-} ${APPEND:-}"; } |
		sha256sum | cut -c1-16
}

# passed_before NAME KEY: NAME last passed with inputs KEY.
passed_before() {
	[ "${RERUN:-0}" = 0 ] && [ "$(cat "$cache/$1.key" 2>/dev/null)" = "$2" ] &&
		echo "==> $1: inputs unchanged since its run of" \
			"$(date -r "$cache/$1.key" '+%F %T'): not repeated (RERUN=1 repeats it)"
}

# guest ARCH MODE VARIANT: boot, run, judge.
guest() {
	local k t=$(date +%s) gkernel ginitrd
	local label=$1-$3-$2
	local verdict=$build/logs/verdict-$label.txt
	local log=$build/logs/guest-$label.log
	guest_files "$1" "$3"
	k=$(key "$gkernel" "$ginitrd" "$s/run-guest.sh")
	if passed_before "guest-$label" "$k" && cmp -s "$cache/guest-$label.log" "$log"; then
		echo "    (its log: $log)"
	else
		rm -f "$cache/guest-$label.key"
		"$s/run-guest.sh" "$1" "$2" "$3"
		if grep -q '^HARNESS-DONE' "$log"; then
			cp "$log" "$cache/guest-$label.log"
			echo "$k" >"$cache/guest-$label.key"
		fi
	fi
	python3 "$s/verdict.py" "$log" "$label" "$res/guest-$label" \
		"$top/known-failures" | tee "$verdict"
	# The summary keeps some of each failure's output and its log, so that
	# the tail of a run's output says why it failed: a kernel report's
	# first 26 lines (what warned, where, called from), a test's last 12;
	# register dumps left out.
	awk 'BEGIN { n = -1 } /^FAIL / { print substr($0, 1, 200); n = 0
			head = /: kernel report: /; m = head ? 26 : 12; next }
		/^    \| +(R[SABCD][XPI]|R[0-9]+|[CDEFGS]S|CR[0-9]|DR[0-9]|x[0-9]+ *|Code): / { next }
		/^    \| / && n >= 0 {
			if (!head || n < m) c[n++ % m] = substr($0, 1, 200); next }
		/^    \(log: / && n >= 0 {
			for (i = n > m ? n - m : 0; i < n; i++) print "  " c[i % m]
			print "  " $0; n = -1 }' "$verdict" >>"$res/failures"
	spent[guests]=$((${spent[guests]:-0} + $(date +%s) - t))
}

# The series as a maintainer gets it (scripts/series-check.sh): applies,
# bisects, checkpatch, headers. Its walk builds the x86_64 kernel and perf
# that the guests then run, so it comes before them.
# checks NAME GROUP CMD...: run a script that prints one 'ok' or 'not ok'
# line per check (into build/logs/NAME.txt); each line counts.
checks() {
	local name=$1 g=$2 txt=$build/logs/$1.txt ok bad t=$(date +%s)
	shift 2
	"$@" | tee "$txt"
	ok=$(grep -c '^ok ' "$txt")
	bad=$(grep -c '^not ok ' "$txt")
	echo "$ok $bad 0 0" >"$res/step-$name"
	grep '^not ok ' "$txt" | sed "s/^not ok /FAIL $name: /" >>"$res/failures"
	[ $((ok + bad)) -gt 0 ] ||
		{ echo "0 1 0 0" >"$res/step-$name"; echo "FAIL $name: no result" >>"$res/failures"; }
	spent[$g]=$((${spent[$g]:-0} + $(date +%s) - t))
}
step deps "$s/deps.sh" || exit 1
step tree "$s/tree.sh" || { echo "0 passed, 1 failed"; exit 1; }
# (The script reuses unchanged patches' results.)
[[ " $ARCHS " != *" x86_64 "* ]] || checks series "series walk" "$s/series-check.sh"
checks man-pages "man-pages" "$s/man-pages.sh"
for arch in $ARCHS; do
	step "kernel-$arch" "$s/kernel.sh" "$arch" || continue
	step "selftests-$arch" "$s/selftests.sh" "$arch" || continue
	step "progs-$arch" "$s/progs.sh" "$arch" || continue
	step "perf-$arch" "$s/perf.sh" "$arch" || continue
	step "initramfs-$arch" "$s/initramfs.sh" "$arch" || continue
	guest "$arch" check main
done

# The quick bench (x86_64): a change that breaks a row the targets compare
# (a row NOT MEASURED) fails here rather than unseen in the next make bench.
# Its figures are not judged: a verdict on timing is not a test's.
if [[ " $ARCHS " == *" x86_64 "* ]] && [ -f "$build/x86_64/initramfs.cpio" ] &&
   BENCH=quick TIMEOUT=1200 step bench-quick "$s/bench.sh"; then
	echo "1 0 0 0" >"$res/step-bench-quick"
fi
# JIT notes at scale on the host, at the two smaller sizes: the run and
# the comparison of the two reports, not the figures, are judged.
if [[ " $ARCHS " == *" x86_64 "* ]] && [ -x "$build/x86_64/perf/perf" ] &&
   JIT_SCALE="1000 10000" REPS=3 step bench-jit "$s/jit-scale.sh"; then
	echo "1 0 0 0" >"$res/step-bench-jit"
fi

# perf.data across byte orders: each of the little-endian (x86_64) and
# big-endian (s390x) guests' files read by the other's perf. Then the
# mainline perf on a stock kernel without user events (Debian's, as it
# ships): it records without them, warns when asked for them, its user
# event tests and the kselftests skip, and it reads those files
# (scripts/stock.sh, guest/compat.sh).
if [[ " $ARCHS " == *" x86_64 "* && " $ARCHS " == *" s390x "* ]]; then
	checks xendian "cross-endian reads" "$s/xendian.sh"
	# The same files read by a host perf built with REFCNT_CHECKING,
	# ASan and UBSan (scripts/sanitized.sh).
	checks sanitized "sanitized perf" "$s/sanitized.sh"
	step stock-kernel "$s/stock.sh" && guest x86_64 compat stock
fi

# What the build robots check on a posting: W=1, sparse, clang for two
# architectures, a 32-bit build, kernel-doc, the UAPI header test, musl.
checks robots "robots' checks" "$s/robots.sh"

# The debug kernel (x86_64): the kselftests, the stress run among them,
# under KASAN, UBSAN, lockdep, KFENCE and the atomic-sleep checks.
if [ -f "$build/x86_64/initramfs.cpio" ] && [[ " $ARCHS " == *" x86_64 "* ]] &&
   step kernel-x86_64-debug "$s/kernel.sh" x86_64 debug; then
	SUITES=kselftest-64,kselftest-32 guest x86_64 check debug
fi

# Build-only: the series with CONFIG_PERF_EVENTS=n (arm64; x86 forces it on).
if step noperf-build "$s/kernel.sh" arm64 noperf; then
	echo "1 0 0 0" >"$res/step-noperf-build"
fi

total=$(($(date +%s) - t0))
echo
echo "==== make check summary (${total}s)"
for f in "$res"/guest-* "$res"/step-*; do
	[ -f "$f" ] || continue
	read -r p fl sk kn <"$f"
	printf '  %-24s %4d passed, %d failed, %d skipped, %d known failures\n' \
		"$(basename "$f" | sed 's/^guest-//')" "$p" "$fl" "$sk" "$kn"
done
echo "==== time by group (${total}s in all)"
for g in "${groups[@]}"; do
	printf '  %-30s %5ds  %4.1f min\n' "$g" "${spent[$g]:-0}" "$(bc <<<"scale=1; ${spent[$g]:-0} / 60")"
done
# Failures last, kernel reports after the rest: a report that keeps only
# the tail of a run shows them.
if [ -s "$res/failures" ]; then
	echo "==== failures"
	awk '/^FAIL / { k = /: kernel report: / }
		{ if (k) kr = kr $0 "\n"; else print } END { printf "%s", kr }' \
		"$res/failures" | sed 's/^/  /'
fi
cat "$res"/guest-* "$res"/step-* 2>/dev/null |
	awk '{p += $1; f += $2; s += $3; k += $4} END {
		if (k) printf "%d known failures, none caused by the series (see known-failures)\n", k
		printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 }'
