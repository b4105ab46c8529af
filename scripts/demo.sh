#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make demo: build and boot the x86_64 guest, and show an instrumented
# program's user events.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
arch=x86_64
log=$build/logs/guest-$arch-main-demo.log
"$s/deps.sh" && "$s/tree.sh" && "$s/kernel.sh" $arch && "$s/selftests.sh" $arch &&
	"$s/progs.sh" $arch && "$s/perf.sh" $arch && "$s/initramfs.sh" $arch || exit 1
TIMEOUT=${TIMEOUT:-600} APPEND=quiet "$s/run-guest.sh" $arch demo || exit 1
# What the guest printed, without qemu's and the kernel's lines, nor the
# files it sent.
sed -n '/^HARNESS-START/,/^HARNESS-DONE/p' "$log" |
	sed '/^HARNESS-FILE /,/^HARNESS-FILE-END/d' | grep -v '^HARNESS-'
python3 "$s/verdict.py" "$log" demo "$build/logs/demo.result" >"$build/logs/demo.verdict" || {
	cat "$build/logs/demo.verdict"
	exit 1
}
# The Firefox Profiler file, on this machine, and its markers checked.
out=$build/demo
rm -rf "$out"
python3 "$s/guest-files.py" "$log" "$out" >/dev/null || die "the guest's files are damaged" "$log"
python3 - "$out/phases.json" <<'PY' || die "phases.json lacks the phase markers" "$log"
import json, sys
names = [t["stringTable"][m[0]] for t in json.load(open(sys.argv[1]))["threads"]
         for m in t["markers"]["data"]]
sys.exit(not all(p in names for p in ("phase 1: generate", "phase 2: sum", "phase 3: done")))
PY
# Section 6: both tiers of the JIT's loop named in perf report.
for tier in 1 2; do
	grep -q "\[\.\] hot_loop (tier $tier)" "$log" ||
		die "section 6: perf report did not name the JIT's tier $tier" "$log"
done
echo
echo "The Firefox Profiler file is $out/phases.json: open https://profiler.firefox.com,"
echo "'Load a profile from file', and see the phases above the samples of 'phases'."
