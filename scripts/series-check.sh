#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Check the series as a maintainer would receive it (LINE=6.12: the
# backport), in a scratch tree (build/series/linux, build/series-6.12/linux-6.12):
# the base's headers use none of the series' numbers; every patch applies
# in order with git am; the kernel builds after each patch that touches
# it, perf after each patch that touches it (incremental, ccache);
# checkpatch --strict is clean on every patch or its message says why; the
# tools/ copies of the UAPI headers carry exactly the lines the series
# adds to the kernel's. Prints one 'ok'/'not ok' line per check and exits
# non-zero on any.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
name=${sdir#"$top"/}
sbuild=$build/series$lsfx
tree=$sbuild/linux$lsfx
log=$build/logs/series-check$lsfx.log
mapfile -t patches < <(grep -vE '^[[:space:]]*(#|$)' "$sdir/series")
fails=0
: >"$log"
result() {
	if [ "$1" = 0 ]; then
		echo "ok $2"
	else
		echo "not ok $2${3:+: $3}"
		fails=$((fails + 1))
	fi
}

stage "series $name: scratch tree at base"
[ -d "$build/linux$lsfx/.git" ] || "$s/base.sh" || exit 1
if [ ! -d "$tree" ]; then
	mkdir -p "$sbuild"
	git -C "$build/linux$lsfx" worktree add -q --detach "$tree" base >>"$log" 2>&1 ||
		die "cannot create $tree" "$log"
fi
git -C "$tree" am --abort >/dev/null 2>&1
git -C "$tree" checkout -q --detach base || die "cannot reset $tree to base"
done_stage

# The numbers the series takes must still be free in the base: a newer
# base that gave one of them away must fail here, not in the field.
uapi=$tree/include/uapi/linux
taken=$(grep -nE 'PERF_RECORD_[A-Z_]+[[:space:]]*=[[:space:]]*23\b' "$uapi/perf_event.h"
	grep -niE '0x55455654' "$uapi/prctl.h"
	grep -nE '^[[:space:]]*(uevent|__reserved_1)[[:space:]]*:' "$uapi/perf_event.h" |
		awk -F: '$2 ~ /uevent/ || $NF + 0 < 24')
result "$([ -z "$taken" ]; echo $?)" \
	"the base leaves attr bit 40, record type 23 and prctl 0x55455654 free" "$taken"

export TREE=series
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	stage "series $name: patch $n/${#patches[@]} $p"
	if ! git -C "$tree" am -q --no-3way "$sdir/$p" >>"$log" 2>&1; then
		git -C "$tree" am --abort >/dev/null 2>&1
		result 1 "$p applies" "git am failed, see $log"
		break
	fi
	files=$(git -C "$tree" diff --name-only HEAD~1 HEAD)
	if grep -qvE '^(tools/|Documentation/|MAINTAINERS$)' <<<"$files"; then
		HEADERS=0 "$s/kernel.sh" x86_64 main >>"$log" 2>&1
		result $? "$p: the kernel builds" "see $sbuild/logs/kernel-x86_64-main$sfx.log"
	fi
	if grep -qE '^tools/(perf|lib|include|build|arch)/' <<<"$files"; then
		INSTALL=0 "$s/perf.sh" x86_64 >>"$log" 2>&1
		result $? "$p: perf builds" "see $sbuild/logs/perf-x86_64$sfx.log"
	fi
	# Debian's python3 first: checkpatch's SPDX check needs its python3-ply.
	cp=$(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --terse \
		--no-summary "$sdir/$p" 2>&1 | grep -E ': (ERROR|WARNING|CHECK):|Error|Traceback')
	if [ -n "$cp" ] && ! git -C "$tree" log -1 --format=%B | grep -qi checkpatch; then
		result 1 "$p: checkpatch --strict" "$(echo "$cp" | head -n 3 | tr '\n' ' ')"
	else
		result 0 "$p: checkpatch --strict${cp:+ (reports explained in the message)}"
	fi
	done_stage
done

# The tools/ copies must add what the kernel's headers add, line for line
# (the backport carries no tools patches: perf comes from mainline).
added() {
	git -C "$tree" diff base HEAD -- "$1" | sed -n 's/^+\([^+]\)/\1/p; s/^+$//p'
}
[ -z "$lsfx" ] || { [ $fails = 0 ]; exit; }
for pair in include/uapi/linux/perf_event.h:tools/include/uapi/linux/perf_event.h \
	include/uapi/linux/prctl.h:tools/include/uapi/linux/prctl.h \
	include/uapi/linux/prctl.h:tools/perf/trace/beauty/include/uapi/linux/prctl.h; do
	k=${pair%%:*} t=${pair#*:}
	if diff <(added "$k") <(added "$t") >>"$log" 2>&1; then
		result 0 "$t carries the series' additions to $k"
	else
		result 1 "$t carries the series' additions to $k" "differs, see $log"
	fi
done
[ $fails = 0 ]
