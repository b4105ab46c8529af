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
# What the guest printed, without qemu's and the kernel's lines.
sed -n '/^HARNESS-START/,/^HARNESS-DONE/p' "$log" | grep -v '^HARNESS-'
python3 "$s/verdict.py" "$log" demo "$build/logs/demo.result" >"$build/logs/demo.verdict" || {
	cat "$build/logs/demo.verdict"
	exit 1
}
