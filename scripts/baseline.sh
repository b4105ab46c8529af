#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make baseline: run the same checks on the unpatched base (kernel, perf
# and selftests from a worktree of build/linux at tag 'base', built in
# build/base/), so that base failures can be told from regressions.
# Writes the base's failures to build/baseline/ARCH.txt; known-failures is
# kept from them by hand.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
"$s/base.sh" || exit 1
bbuild=$build/base
if [ ! -d "$bbuild/linux" ]; then
	stage "baseline: worktree at base"
	mkdir -p "$bbuild"
	git -C "$build/linux" worktree add -q --detach "$bbuild/linux" base ||
		die "cannot check out the base in $bbuild/linux"
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
	python3 "$s/verdict.py" "$bbuild/logs/guest-$arch-main-check.log" \
		"$arch-base" "$build/baseline/$arch.results" >"$build/baseline/$arch.txt"
	grep -c '^FAIL' "$build/baseline/$arch.txt"
	tail -n 1 "$build/baseline/$arch.txt"
done
