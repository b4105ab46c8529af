#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make baseline: run the same checks on the unpatched base (kernel, perf
# and selftests from a worktree of build/linux at tag 'base', built in
# build/base/), so that base failures can be told from regressions.
# Writes the base's failures to build/baseline/ARCH.txt (LINE=6.12: the
# 6.12 base, ARCH-6.12.txt); known-failures is kept from them by hand.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
"$s/base.sh" || exit 1
bbuild=$build/base$lsfx
if [ ! -d "$bbuild/linux$lsfx" ]; then
	stage "baseline: worktree at base"
	mkdir -p "$bbuild"
	git -C "$build/linux$lsfx" worktree add -q --detach "$bbuild/linux$lsfx" base ||
		die "cannot check out the base in $bbuild/linux$lsfx"
	done_stage
fi
export TREE=base
mkdir -p "$build/baseline"
for arch in ${ARCHS:-x86_64 arm64}; do
	"$s/kernel.sh" "$arch" && "$s/selftests.sh" "$arch" || exit 1
	if [ "$arch" = x86_64 ]; then
		"$s/perf.sh" "$arch" || exit 1
	fi
	"$s/initramfs.sh" "$arch" || exit 1
	"$s/run-guest.sh" "$arch" check main
	python3 "$s/verdict.py" "$bbuild/logs/guest-$arch-main$sfx-check.log" \
		"$arch-base$sfx" "$build/baseline/$arch$lsfx.results" >"$build/baseline/$arch$lsfx.txt"
	grep -c '^FAIL' "$build/baseline/$arch$lsfx.txt"
	tail -n 1 "$build/baseline/$arch$lsfx.txt"
done
