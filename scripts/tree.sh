#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Make build/linux = base + patches/series, one commit per patch, on branch
# 'series', each patch's text below '---' (its "Notes:") kept as the commit's git note,
# for the next export. A tree that already holds exactly the series is
# left alone (so incremental builds stay incremental); one holding other
# work is refused unless FORCE=1.
. "$(dirname "$0")/lib.sh"

"$top/scripts/base.sh" || exit 1
linux=$build/linux
series=$sdir/series
log=$build/logs/tree.log
stage "tree: apply ${series#"$top"/}"
mapfile -t patches < <(grep -vE '^[[:space:]]*(#|$)' "$series" 2>/dev/null)
for p in "${patches[@]}"; do
	[ -f "$sdir/$p" ] || die "${series#"$top"/} lists $p, which does not exist"
done

git -C "$linux" diff --quiet HEAD ||
	die "${linux#"$top"/} has uncommitted changes: commit them (then make export) or discard them"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wanted=$(for p in "${patches[@]}"; do cat "$sdir/$p"; done)
# same: the tree's commits, rendered as make export writes them, are the
# patches. (In a subshell: a tree that does not match the sets renders
# nothing.)
same() {
	rm -rf "${tmp:?}"/*
	(render_series "$tmp" cover) >/dev/null 2>&1
	[ "$(cd "$tmp" && cat "${patches[@]}" 2>/dev/null)" = "$wanted" ]
}
if same; then
	done_stage "up to date: ${#patches[@]} patches"
	exit 0
fi
if [ "$(git -C "$linux" rev-parse HEAD)" != "$(git -C "$linux" rev-parse base)" ] &&
   [ "${FORCE:-0}" != 1 ]; then
	die "${linux#"$top"/} has commits that differ from ${sdir#"$top"/}/: 'make export' to keep them, or 'make tree FORCE=1' to discard them"
fi
base_desc=$(git -C "$linux" log -1 --format=%s base)
git -C "$linux" am --abort >/dev/null 2>&1
git -C "$linux" checkout -q -B series base || die "cannot reset ${linux#"$top"/} to base"
: >"$log"
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	if ! git -C "$linux" am -q --no-3way "$sdir/$p" >>"$log" 2>&1; then
		git -C "$linux" am --abort >/dev/null 2>&1
		die "patch $n/${#patches[@]} $p does not apply to base '$base_desc'" "$log"
	fi
	note=$(awk '/^---$/ { s = 1; next } s && /^Notes:$/ { n = 1; next }
		n && /^(    |$)/ { sub(/^    /, ""); print; next } n || /^diff / { exit }' "$sdir/$p")
	[ -z "$note" ] || git -C "$linux" notes add -f -m "$note" >>"$log" 2>&1 ||
		die "cannot keep the notes of $p" "$log"
done
# Patches that 'make export' would write otherwise (edited by hand, or
# by an older export) apply, but the next 'make tree' would take the tree
# for other work and refuse it.
same || die "${sdir#"$top"/}/ is not as 'make export' writes it: run 'make export' and keep what it changes"
done_stage "${#patches[@]} patches on $(git -C "$linux" describe --always base)"
